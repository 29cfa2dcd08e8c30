/** The settings sections as tabs: arrow keys, Home and End move between them (automatic activation). */
import { useRef, type KeyboardEvent } from 'react'
import type { SettingsSection } from '../../stores/viewStore'

export const settingsSections: { id: SettingsSection; label: string }[] = [
  { id: 'general', label: 'General' },
  { id: 'models', label: 'Models & keys' },
  { id: 'secrets', label: 'Secrets' },
  { id: 'extensions', label: 'Extensions' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'hooks', label: 'Hooks' },
]

export const tabId = (section: SettingsSection) => `settings-tab-${section}`
export const panelId = (section: SettingsSection) => `settings-panel-${section}`

interface Props {
  value: SettingsSection
  onChange: (section: SettingsSection) => void
}

export function SettingsTabs({ value, onChange }: Props) {
  const tabs = useRef(new Map<SettingsSection, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent) => {
    const index = settingsSections.findIndex((section) => section.id === value)
    const last = settingsSections.length - 1
    const next =
      event.key === 'ArrowRight' ? (index + 1) % settingsSections.length
      : event.key === 'ArrowLeft' ? (index + last) % settingsSections.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1
    const section = settingsSections[next]
    if (!section) return
    event.preventDefault()
    onChange(section.id)
    tabs.current.get(section.id)?.focus()
  }

  return (
    <div role="tablist" aria-label="Settings sections" className="flex items-stretch gap-1" onKeyDown={onKeyDown}>
      {settingsSections.map((section) => {
        const selected = section.id === value
        return (
          <button
            key={section.id}
            ref={(element) => {
              if (element) tabs.current.set(section.id, element)
              else tabs.current.delete(section.id)
            }}
            type="button"
            role="tab"
            id={tabId(section.id)}
            // Only the selected section's panel exists.
            aria-controls={selected ? panelId(section.id) : undefined}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(section.id)}
            className={
              '-mb-px shrink-0 border-b-2 px-3 text-sm whitespace-nowrap transition-colors focus-visible:-outline-offset-2 ' +
              (selected
                ? 'border-indigo-500 font-medium text-zinc-950 dark:border-indigo-400 dark:text-white'
                : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:border-zinc-600 dark:hover:text-zinc-100')
            }
          >
            {section.label}
          </button>
        )
      })}
    </div>
  )
}
