/** Settings, in sections: General (theme, data folder, keychain), Models & keys, Secrets, Extensions, Permissions, Hooks, Connected apps and Agents. */
import { useSettingsStore } from '../stores/settingsStore'
import { useViewStore, type SettingsSection } from '../stores/viewStore'
import { Suspense } from 'react'
import { SettingsMenu, SettingsTabs, panelId, sectionLabel, settingsSections, tabId } from './settings/SettingsTabs'
import { useMediaQuery } from '../hooks/useMediaQuery'
import { WIDE_WINDOW } from '../stores/viewStore'
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
  // The sections stand in a list beside the page where the sidebar does; narrower, in a menu.
  const wide = useMediaQuery(WIDE_WINDOW)
  if (!settings) return null
  const Panel = (settingsSections.find((entry) => entry.id === section) ?? settingsSections[0]!).panel
  // The Extensions tab always opens on the list (also when chosen again on a details page or the add form).
  const choose = (next: SettingsSection) => (next === 'extensions' ? showExtensions({ page: 'list' }) : showSettings(next))

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 px-4 md:px-6 dark:border-zinc-800">
        <h1 className="shrink-0 text-sm font-semibold">Settings</h1>
        {!wide && (
          <>
            <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-600">/</span>
            <SettingsMenu value={section} onChange={choose} />
          </>
        )}
        <button type="button" className={`${quietButton} ml-auto shrink-0`} aria-label="Back to the chat" onClick={() => selectSession(selectedId)}>
          <BackIcon className="size-3.5" />
          <span className="hidden lg:inline">Back to the chat</span>
        </button>
      </header>
      <div className="flex min-h-0 flex-1">
        {wide && (
          <div className="w-52 shrink-0 overflow-y-auto border-r border-zinc-200 p-3 dark:border-zinc-800">
            <SettingsTabs value={section} onChange={choose} />
          </div>
        )}
        <div className="min-w-0 flex-1 overflow-y-auto">
          <div
            role="tabpanel"
            id={panelId(section)}
            // Named by its tab in the list; the folded menu's tabs exist only while it is open.
            aria-labelledby={wide ? tabId(section) : undefined}
            aria-label={wide ? undefined : sectionLabel(section)}
            // One width for every section, so that switching sections does not move the page.
            className="mx-auto max-w-3xl px-6 py-8"
          >
            {/* Each section's panel loads on first use (the table in SettingsTabs.tsx). */}
            <Suspense fallback={<LoadingPanel />}>
              <Panel settings={settings} />
            </Suspense>
          </div>
        </div>
      </div>
    </div>
  )
}
