/**
 * Settings → Permissions → Guard after outside content (docs/guide/provenance.md): once a conversation
 * holds text from an outside source, tools that can act ask first, even always-allowed ones.
 */
import type { GuardMode } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { useSettingsStore } from '../../stores/settingsStore'
import { SettingsSection } from '../settings/SettingsSection'
import { Segmented } from './Segmented'

const choices = [
  { value: 'off', label: 'Off', title: 'Outside content changes nothing: always-allowed tools run after it too.' },
  { value: 'acting', label: 'Acting tools', title: 'Tools that can change things ask first; read-only tools of trusted extensions keep running.' },
  { value: 'all', label: 'All tools', title: 'Every tool call asks first once the conversation holds outside content.' },
] as const

export function GuardSettings() {
  const act = useHostAction()
  const current = useSettingsStore((state) => state.settings?.guardAfterOutside ?? 'acting')
  const [value, expect, clear] = usePendingValue<GuardMode>(current)
  const change = async (next: GuardMode) => {
    expect(next)
    if (!(await act('settings_update', { patch: { guardAfterOutside: next } }))) clear()
  }
  return (
    <SettingsSection
      id="permission-guard"
      title="Guard after outside content"
      description="Once a conversation holds text from an outside source (a remote extension, a connected app, a tool that reaches the open world, or an extension you marked as bringing outside content), that text may be steering the model. The guard then asks before tools run, even ones you always allowed, and names the source."
      divided
    >
      <Segmented legend="Ask before" value={value} choices={choices} onChange={(next) => void change(next)} />
    </SettingsSection>
  )
}
