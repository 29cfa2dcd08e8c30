/** Settings, in sections: General (theme, data folder, keychain), Models & keys, Secrets, Extensions, Permissions, Hooks, Connected apps and Agents. */
import { useSettingsStore } from '../stores/settingsStore'
import { useViewStore, type SettingsSection } from '../stores/viewStore'
import { Suspense } from 'react'
import { SettingsTabs, panelId, settingsSections, tabId } from './settings/SettingsTabs'
import { LoadingPanel } from './LoadingPanel'
import { BackIcon } from './icons'
import { quietButton } from './ui'

export function SettingsScreen() {
  const settings = useSettingsStore((state) => state.settings)
  const section = useViewStore((state) => state.settingsSection)
  const showSettings = useViewStore((state) => state.showSettings)
  const showExtensions = useViewStore((state) => state.showExtensions)
  const selectSession = useViewStore((state) => state.selectSession)
  const selectedId = useViewStore((state) => state.selectedId)
  if (!settings) return null
  const Panel = (settingsSections.find((entry) => entry.id === section) ?? settingsSections[0]!).panel
  // The Extensions tab always opens on the list (also when chosen again on a details page or the add form).
  const choose = (next: SettingsSection) => (next === 'extensions' ? showExtensions({ page: 'list' }) : showSettings(next))

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-stretch gap-4 border-b border-zinc-200 px-4 md:gap-6 md:px-6 dark:border-zinc-800">
        <h1 className="shrink-0 self-center text-sm font-semibold">Settings</h1>
        {/* Narrow windows scroll the tabs sideways rather than cutting any off. */}
        <div className="flex min-w-0 items-stretch overflow-x-auto overflow-y-hidden">
          <SettingsTabs value={section} onChange={choose} />
        </div>
        <button type="button" className={`${quietButton} ml-auto shrink-0 self-center`} aria-label="Back to the chat" onClick={() => selectSession(selectedId)}>
          <BackIcon className="size-3.5" />
          <span className="hidden lg:inline">Back to the chat</span>
        </button>
      </header>
      <div className="flex-1 overflow-y-auto">
        <div
          role="tabpanel"
          id={panelId(section)}
          aria-labelledby={tabId(section)}
          // One width for every section, so that switching tabs does not move the page.
          className="mx-auto max-w-3xl px-6 py-8"
        >
          {/* Each section's panel loads on first use (the table in SettingsTabs.tsx). */}
          <Suspense fallback={<LoadingPanel />}>
            <Panel settings={settings} />
          </Suspense>
        </div>
      </div>
    </div>
  )
}
