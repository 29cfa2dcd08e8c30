/** Settings, in sections: General (theme, data folder, keychain) and Secrets. */
import { useSettingsStore } from '../stores/settingsStore'
import { useViewStore } from '../stores/viewStore'
import { GeneralSettings } from './settings/GeneralSettings'
import { SecretsSettings } from './settings/SecretsSettings'
import { SettingsTabs, panelId, tabId } from './settings/SettingsTabs'

export function SettingsScreen() {
  const settings = useSettingsStore((state) => state.settings)
  const section = useViewStore((state) => state.settingsSection)
  const showSettings = useViewStore((state) => state.showSettings)
  if (!settings) return null

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-stretch gap-6 border-b border-zinc-200 px-6 dark:border-zinc-800">
        <h1 className="self-center text-sm font-semibold">Settings</h1>
        <SettingsTabs value={section} onChange={showSettings} />
      </header>
      <div className="flex-1 overflow-y-auto">
        <div role="tabpanel" id={panelId(section)} aria-labelledby={tabId(section)} className="mx-auto max-w-2xl px-6 py-8">
          {section === 'general' ? <GeneralSettings settings={settings} /> : <SecretsSettings settings={settings} />}
        </div>
      </div>
    </div>
  )
}
