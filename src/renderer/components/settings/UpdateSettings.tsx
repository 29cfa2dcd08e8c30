/** Settings → General → Updates: the installed app updates itself only once the person turns this on. */
import type { SettingsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { SettingsSection } from './SettingsSection'

export function UpdateSettings({ settings }: { settings: SettingsResource }) {
  const act = useHostAction()
  const [enabled, expect, clear] = usePendingValue(settings.autoUpdate)
  const change = async (next: boolean) => {
    expect(next)
    if (!(await act('settings_update', { patch: { autoUpdate: next } }))) clear()
  }
  return (
    <SettingsSection id="updates" title="Updates" description="New versions come from the project's releases." divided>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          checked={enabled}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby="updates-note"
        />
        <span>
          <span className="font-medium text-zinc-900 dark:text-zinc-100">Update Switchboard automatically</span>
          <span id="updates-note" className="mt-1 block text-zinc-600 dark:text-zinc-400">
            When on, the installed app looks for a new version at start and every few hours, downloads it in the background and
            installs it when you quit. Off, it never contacts the update server. Development runs and browser mode are never updated.
          </span>
        </span>
      </label>
    </SettingsSection>
  )
}
