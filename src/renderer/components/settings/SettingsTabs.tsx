/**
 * The settings sections as a vertical list of tabs beside the page (as in VS Code or Claude Desktop),
 * which folds into a menu in narrow windows: ↑ ↓ Home and End move between them (automatic
 * activation). A vertical list has room for every label however many sections come; a row of tabs
 * had to scroll sideways. The table below is the one place a section is added: its tab label and its
 * panel. Panels load on first use (React.lazy: a chunk of their own, out of the window's first
 * chunk), so a new section names its component through `panel(() => import('./Its'), 'Its')` like
 * the others.
 */
import { lazy, useEffect, useId, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type LazyExoticComponent } from 'react'
import type { SettingsResource } from '../../../shared/hostApi'
import type { SettingsSection } from '../../stores/viewStore'
import { ChevronDownIcon } from '../icons'
import { quietButton } from '../ui'

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
  { id: 'skills', label: 'Skills', panel: panel(() => import('../skills/SkillsSettings'), 'SkillsSettings') },
  { id: 'plugins', label: 'Plugins', panel: panel(() => import('../plugins/PluginsSettings'), 'PluginsSettings') },
  { id: 'agents', label: 'Agents', panel: panel(() => import('../agents/AgentsSettings'), 'AgentsSettings') },
  { id: 'routines', label: 'Routines', panel: panel(() => import('../routines/RoutinesSettings'), 'RoutinesSettings') },
  { id: 'connected-apps', label: 'Connected apps', panel: panel(() => import('../connectedApps/ConnectedAppsSettings'), 'ConnectedAppsSettings') },
  { id: 'activity', label: 'Activity', panel: panel(() => import('../activity/ActivitySettings'), 'ActivitySettings') },
  { id: 'telemetry', label: 'Telemetry', panel: panel(() => import('../activity/TelemetrySettings'), 'TelemetrySettings') },
]

export const tabId = (section: SettingsSection) => `settings-tab-${section}`
export const panelId = (section: SettingsSection) => `settings-panel-${section}`

interface Props {
  value: SettingsSection
  onChange: (section: SettingsSection) => void
}

interface ListProps extends Props {
  /** In the menu: a tab was chosen (Enter, Space or a click), or Escape was pressed. */
  onDone?: () => void
}

export const sectionLabel = (section: SettingsSection) => (settingsSections.find((entry) => entry.id === section) ?? settingsSections[0]!).label

/** The sections as a vertical tablist. */
export function SettingsTabs({ value, onChange, onDone }: ListProps) {
  const tabs = useRef(new Map<SettingsSection, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onDone) {
      event.preventDefault()
      event.stopPropagation()
      onDone()
      return
    }
    const index = settingsSections.findIndex((section) => section.id === value)
    const last = settingsSections.length - 1
    const next =
      event.key === 'ArrowDown' ? (index + 1) % settingsSections.length
      : event.key === 'ArrowUp' ? (index + last) % settingsSections.length
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
    <div role="tablist" aria-label="Settings sections" aria-orientation="vertical" className="flex flex-col gap-0.5" onKeyDown={onKeyDown}>
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
            onClick={() => {
              onChange(section.id)
              onDone?.()
            }}
            className={
              'flex h-8 w-full shrink-0 items-center rounded-md px-2.5 text-left text-sm transition-colors focus-visible:-outline-offset-2 ' +
              (selected
                ? 'bg-zinc-200/70 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white'
                : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100')
            }
          >
            {section.label}
          </button>
        )
      })}
    </div>
  )
}

/**
 * Narrow windows: the current section on a button that opens the same list under it. Enter, Space
 * or a click on a section (or Escape) closes it and gives the focus back to the button; Tab out of
 * it or a click elsewhere closes it too.
 */
export function SettingsMenu({ value, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const listId = useId()

  useEffect(() => {
    if (!open) return
    // Opened: the focus goes to the selected section, where the arrow keys go on from.
    box.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const closeToButton = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onBlur = (event: FocusEvent) => {
    if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
  }

  return (
    <div ref={box} className="relative min-w-0" onBlur={onBlur}>
      <button ref={button} type="button" className={`${quietButton} max-w-full`} aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => setOpen(!open)}>
        <span className="sr-only">Settings section: </span>
        <span className="min-w-0 truncate">{sectionLabel(value)}</span>
        <ChevronDownIcon className="size-3.5 shrink-0" />
      </button>
      {open && (
        <div id={listId} className="absolute top-full left-0 z-20 mt-1 w-56 rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <SettingsTabs value={value} onChange={onChange} onDone={closeToButton} />
        </div>
      )}
    </div>
  )
}
