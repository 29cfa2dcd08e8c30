/** Settings, in sections: General (theme, data folder, keychain), Models & keys, Secrets, Extensions and Permissions. */
import { useSettingsStore } from '../stores/settingsStore'
import { useViewStore, type SettingsSection } from '../stores/viewStore'
import { GeneralSettings } from './settings/GeneralSettings'
import { SecretsSettings } from './settings/SecretsSettings'
import { ModelsSettings } from './models/ModelsSettings'
import { ExtensionsSettings } from './extensions/ExtensionsSettings'
import { PermissionsSettings } from './permissions/PermissionsSettings'
import { SettingsTabs, panelId, tabId } from './settings/SettingsTabs'

export function SettingsScreen() {
  const settings = useSettingsStore((state) => state.settings)
  const section = useViewStore((state) => state.settingsSection)
  const showSettings = useViewStore((state) => state.showSettings)
  const showExtensions = useViewStore((state) => state.showExtensions)
  if (!settings) return null
  // The Extensions tab, chosen again while on a details page or the add form, goes back to the list.
  const choose = (next: SettingsSection) => (next === 'extensions' && section === 'extensions' ? showExtensions({ page: 'list' }) : showSettings(next))

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-stretch gap-6 border-b border-zinc-200 px-6 dark:border-zinc-800">
        <h1 className="self-center text-sm font-semibold">Settings</h1>
        <SettingsTabs value={section} onChange={choose} />
      </header>
      <div className="flex-1 overflow-y-auto">
        <div
          role="tabpanel"
          id={panelId(section)}
          aria-labelledby={tabId(section)}
          className={`mx-auto px-6 py-8 ${section === 'extensions' || section === 'permissions' ? 'max-w-3xl' : 'max-w-2xl'}`}
        >
          {section === 'general' ? (
            <GeneralSettings settings={settings} />
          ) : section === 'models' ? (
            <ModelsSettings />
          ) : section === 'secrets' ? (
            <SecretsSettings settings={settings} />
          ) : section === 'extensions' ? (
            <ExtensionsSettings />
          ) : (
            <PermissionsSettings />
          )}
        </div>
      </div>
    </div>
  )
}
