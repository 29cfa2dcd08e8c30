/**
 * The extensions a data folder is given once: the builtin System extension and the app window's
 * frontend tools (charts, notifications, clipboard). Each default is offered once per folder; an
 * extension the person removed stays removed. Folders from before this list existed were only
 * ever given System, so they receive the frontend tools once, with a notice.
 */
import { agentIdOfExtension, agentToolName } from '../../../shared/agentsApi'
import { parseExtensionConfig, type ExtensionConfig } from '../../extensions'

export const DEFAULT_EXTENSION_IDS = ['system', 'frontend', 'skills'] as const

function checked(input: Record<string, unknown>): ExtensionConfig {
  const parsed = parseExtensionConfig(input)
  if (!parsed.ok) throw new Error(parsed.errors.join(' '))
  return parsed.config
}

const defaults: Record<(typeof DEFAULT_EXTENSION_IDS)[number], () => ExtensionConfig> = {
  system: () => checked({ id: 'system', name: 'System', type: 'builtin', builtin: 'system', trust: 'trusted' }),
  frontend: () => checked({ id: 'frontend', name: 'App window', type: 'frontend', trust: 'trusted' }),
  skills: () => checked({ id: 'skills', name: 'Skills', type: 'builtin', builtin: 'skills', trust: 'trusted' }),
}

const addedNotice: Partial<Record<(typeof DEFAULT_EXTENSION_IDS)[number], string>> = {
  frontend:
    'Switchboard can now draw charts in the conversation, show notifications and copy to the clipboard: the extension “App window” was added. Turn it off in Settings → Extensions if you do not want it.',
  // Upgrades never turn on skills found on disk: the extension comes, every skill stays off until chosen.
  skills:
    'Switchboard can now use skills (folders with a SKILL.md that teach the model a task): the extension “Skills” was added. Skills found on this computer stay off until you turn them on in Settings → Skills.',
}

/**
 * What each extension built into Switchboard does, in a sentence for the extensions list. These ship
 * with the app: they can be turned off, never removed (a removed one could not be added back).
 */
const builtInDescriptions: Record<(typeof DEFAULT_EXTENSION_IDS)[number], string> = {
  system: 'Tells the model about this computer when it asks: the operating system, locale, time zone and Switchboard version, and the current date and time.',
  frontend: 'Lets the model draw charts in the conversation, show a desktop notification and copy text to the clipboard, through this app window.',
  skills: 'Serves the skills in your skill folders (~/.agents/skills, ~/.claude/skills and those of your root folders) and lets the model load the skills you turned on, with load_skill.',
}

/** The agent an extension serves (agentService.ts: id and builtin are both `agent-<id>`), or undefined. */
export function servedAgent(config: Pick<ExtensionConfig, 'id' | 'type'> & { builtin?: string }): string | undefined {
  return config.type === 'builtin' && config.builtin === config.id ? agentIdOfExtension(config.id) : undefined
}

/**
 * The description of an extension built into Switchboard, or undefined for one the person added.
 * An agent's extension is built in too: it comes and goes with its agent (Settings → Agents), and
 * removing it alone would take the agent's tool from other agents and connected apps.
 */
export function builtInDescription(config: Pick<ExtensionConfig, 'id' | 'name' | 'type'> & { builtin?: string }): string | undefined {
  if (config.type === 'frontend') return builtInDescriptions.frontend
  if (config.type === 'builtin' && config.builtin === 'system') return builtInDescriptions.system
  if (config.type === 'builtin' && config.builtin === 'skills') return builtInDescriptions.skills
  const agentId = servedAgent(config)
  if (agentId !== undefined) {
    return `Serves the agent “${config.name}” as the tool ${agentToolName(agentId)}, for other agents and connected apps. It comes and goes with the agent: change or remove that in Settings → Agents.`
  }
  return undefined
}

export interface DefaultsApplied {
  configs: ExtensionConfig[]
  /** Every default this folder has been given, to store with the extensions. */
  offered: string[]
  notices: string[]
}

/** Adds the defaults this folder was not given yet; `offered` is undefined for a file from before the list. */
export function applyDefaultExtensions(configs: ExtensionConfig[], offered: string[] | undefined, firstRun: boolean): DefaultsApplied {
  const given = new Set(offered ?? (firstRun ? [] : ['system']))
  const next = [...configs]
  const notices: string[] = []
  for (const id of DEFAULT_EXTENSION_IDS) {
    if (given.has(id)) continue
    given.add(id)
    const config = defaults[id]()
    // An extension of the same id or (for the window) of the same type already covers it.
    if (next.some((existing) => existing.id === id || (config.type === 'frontend' && existing.type === 'frontend'))) continue
    next.push(config)
    const notice = addedNotice[id]
    if (!firstRun && notice) notices.push(notice)
  }
  return { configs: next, offered: [...given], notices }
}
