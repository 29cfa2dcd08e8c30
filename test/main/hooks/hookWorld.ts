/**
 * The agent world with the hook fixture server ("hk") next to the fixture server ("fx"), and hooks
 * built from a list: real tool calls through the extensions core, real turns against the scripted model.
 */
import { fileURLToPath } from 'node:url'
import { HookSchema, hookSubject, type CommandHook, type Hook } from '../../../src/shared/hooksApi'
import { createHookRunner } from '../../../src/main/hooks'
import { fixture, npmServer } from '../extensions/harness'
import { agentWorld, type AgentWorld, type WorldOptions } from '../agent/agentTestKit'

export const hookServerPath = fileURLToPath(new URL('../../fixtures/servers/hookFixtureServer.mjs', import.meta.url))

/** A saved, approved hook; `target` may carry `!mutate:`. */
export function hook(name: string, event: Hook['event'], target: string, extra: Partial<Hook> = {}): Hook {
  const observeOnly = target.startsWith('!mutate:')
  const tool = observeOnly ? target.slice('!mutate:'.length) : target
  return HookSchema.parse({ id: name, name, event, target: tool, observeOnly, approvedTarget: tool, ...extra })
}

export const claudeHookPath = fileURLToPath(new URL('../../fixtures/commandHooks/claudeHook.mjs', import.meta.url))

/** A saved, approved command hook running the Claude Code-format fixture in `mode`. */
export function commandHook(name: string, event: Hook['event'], mode: string, command: Partial<CommandHook> = {}, extra: Partial<Hook> = {}): Hook {
  const spec = { line: `"${process.execPath}" "${claudeHookPath}" ${mode}`, source: 'test', ...command }
  return HookSchema.parse({ id: name, name, event, command: spec, approvedTarget: hookSubject({ command: spec }), ...extra })
}

export interface HookWorld extends AgentWorld {
  hooks: Hook[]
  /** A tool of the hook server called directly, e.g. `seen`. */
  call(tool: string): Promise<string>
}

export async function hookWorld(hooks: Hook[], options: WorldOptions = {}): Promise<HookWorld> {
  const world = await agentWorld({ ...options, extensions: [fixture('fx'), npmServer('hk', hookServerPath)] })
  const core = world.core!
  const runner = createHookRunner({ hooks: () => hooks, dispatch: (request, dispatchOptions) => core.dispatcher.call(request, dispatchOptions) })
  return {
    ...world,
    hooks,
    turn: (text, overrides = {}) => world.turn(text, { hooks: runner, ...overrides }),
    async call(tool) {
      const outcome = await core.dispatcher.call({ name: `hk__${tool}`, arguments: {} }, {})
      if (outcome.status !== 'ok') throw new Error(outcome.message)
      const block = outcome.result.content[0]
      return block?.type === 'text' ? block.text : ''
    },
  }
}
