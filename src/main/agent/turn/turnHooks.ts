/**
 * The hooks as one turn uses them: observing hooks are collected so the turn can report them before
 * it ends, and the extensions a session-start or user-message hook chose are checked against the
 * catalog (issue 16 item 3).
 */
import type { CatalogTool } from '../../extensions'
import type { TurnHooks } from '../../hooks'
import type { HookChange } from '../../../shared/hooksApi'

export interface ObservedHooks extends TurnHooks {
  /** Starts the observing hooks of the steps run so far (the turn calls it once a step is over). */
  startObservers(): void
  /** Starts what is left and waits for every observing hook of this turn; their warnings, each once. */
  observed(): Promise<string[]>
}

export function observedHooks(hooks: TurnHooks): ObservedHooks {
  let waiting: (() => Promise<string[]>)[] = []
  let started: Promise<string[]>[] = []
  const startObservers = () => {
    started.push(...waiting.map((observe) => observe()))
    waiting = []
  }
  return {
    async run(event, payload) {
      const result = await hooks.run(event, payload)
      waiting.push(result.observe)
      return result
    },
    startObservers,
    async observed() {
      startObservers()
      const all = started
      started = []
      return (await Promise.all(all)).flat()
    },
  }
}

/**
 * The extensions this turn offers when a hook chose them: only ids of the catalog (running
 * extensions); an id that is not there is left out, and the warning names it.
 */
export function extensionsChosenByHooks(changes: readonly HookChange[], extensions: readonly string[], tools: readonly CatalogTool[]): { chosen?: Set<string>; warning?: string } {
  const choice = changes.findLast((change) => change.field === 'extensions')
  if (!choice) return {}
  const known = new Set(tools.map((tool) => tool.extensionId))
  const unknown = extensions.filter((id) => !known.has(id))
  const chosen = new Set(extensions.filter((id) => known.has(id)))
  if (unknown.length === 0) return { chosen }
  const offered = chosen.size > 0 ? `This turn offers the tools of ${[...chosen].join(', ')}.` : 'This turn offers no extension tools.'
  return { chosen, warning: `Hook "${choice.hook}" chose extensions that are not running here: ${unknown.join(', ')}. ${offered} Check the ids in Settings → Extensions.` }
}
