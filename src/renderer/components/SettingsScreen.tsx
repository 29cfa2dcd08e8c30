/** Settings: the theme, and where Switchboard keeps its data. */
import type { Theme } from '../../shared/hostApi'
import { useHostAction } from '../hooks/useHostAction'
import { usePendingValue } from '../hooks/usePendingValue'
import { useSettingsStore } from '../stores/settingsStore'
import { ThemeRadioGroup } from './ThemeRadioGroup'

export function SettingsScreen() {
  const act = useHostAction()
  const settings = useSettingsStore((state) => state.settings)
  const [theme, expectTheme, clearTheme] = usePendingValue<Theme>(settings?.theme ?? 'system')
  if (!settings) return null

  const changeTheme = async (next: Theme) => {
    expectTheme(next)
    if (!(await act('settings_update', { patch: { theme: next } }))) clearTheme()
  }

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center border-b border-zinc-200 px-6 dark:border-zinc-800">
        <h1 className="text-sm font-semibold">Settings</h1>
      </header>
      <div className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-2xl space-y-8 px-6 py-8">
          <section aria-labelledby="appearance-heading" className="space-y-4">
            <div>
              <h2 id="appearance-heading" className="text-base font-semibold">
                Appearance
              </h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Choose how Switchboard looks on this computer.</p>
            </div>
            <ThemeRadioGroup value={theme} onChange={(next) => void changeTheme(next)} />
          </section>
          <section aria-labelledby="data-heading" className="space-y-3 border-t border-zinc-200 pt-8 dark:border-zinc-800">
            <div>
              <h2 id="data-heading" className="text-base font-semibold">
                Data folder
              </h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Your sessions and settings are stored here.</p>
            </div>
            <code
              className="block rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-xs break-all text-zinc-800 select-all dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
            >
              {settings.dataDir}
            </code>
          </section>
        </div>
      </div>
    </div>
  )
}
