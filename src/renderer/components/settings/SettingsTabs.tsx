/**
 * The settings sections as tabs: arrow keys, Home and End move between them (automatic activation).
 * The table below is the one place a section is added: its tab label and its panel. Panels load on
 * first use (React.lazy: a chunk of their own, out of the window's first chunk), so a new section
 * names its component through `panel(() => import('./Its'), 'Its')` like the others.
 */
import { lazy, useRef, type ComponentType, type KeyboardEvent, type LazyExoticComponent } from 'react'
import type { SettingsResource } from '../../../shared/hostApi'
import type { SettingsSection } from '../../stores/viewStore'

export interface SettingsPanelProps {
  settings: SettingsResource
}
type SettingsPanel = LazyExoticComponent<ComponentType<SettingsPanelProps>>

/** A panel loaded on first use from the module's named export. */
function panel<Name extends string>(load: () => Promise<Record<Name, ComponentType<SettingsPanelProps>>>, name: Name): SettingsPanel {
  return lazy(async () => ({ default: (await load())[name] }))
}

export const settingsSections: { id: SettingsSection; label: string; panel: SettingsPanel }[] = [
  { id: 'general', label: 'General', panel: panel(() => import('./GeneralSettings'), 'GeneralSettings') },
  { id: 'models', label: 'Models & keys', panel: panel(() => import('../models/ModelsSettings'), 'ModelsSettings') },
  { id: 'secrets', label: 'Secrets', panel: panel(() => import('./SecretsSettings'), 'SecretsSettings') },
  { id: 'extensions', label: 'Extensions', panel: panel(() => import('../extensions/ExtensionsSettings'), 'ExtensionsSettings') },
  { id: 'permissions', label: 'Permissions', panel: panel(() => import('../permissions/PermissionsSettings'), 'PermissionsSettings') },
  { id: 'hooks', label: 'Hooks', panel: panel(() => import('../hooks/HooksSettings'), 'HooksSettings') },
  { id: 'agents', label: 'Agents', panel: panel(() => import('../agents/AgentsSettings'), 'AgentsSettings') },
  { id: 'connected-apps', label: 'Connected apps', panel: panel(() => import('../connectedApps/ConnectedAppsSettings'), 'ConnectedAppsSettings') },
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
