/**
 * Hooks as the host serves them: the saved hooks (`switchboard://hooks`), `hook_save` / `hook_remove`
 * / `hook_test`, the runner the agent loop gets, and the approval of a hook's target. A hook runs only
 * once the person approved its target tool in the approval dialog (it sees every payload of its
 * event, like a launch sees the computer); changing the target asks again.
 */
import { randomUUID } from 'node:crypto'
import type { Elicitation, Hook, HookEvent, HookInput, HooksResource, HookTestResult } from '../../shared/hostApi'
import { createHookRunner, openHookStore, parseTarget, type HookDispatch, type HookPayload, type HookStore, type TurnHooks } from '../hooks'
import type { CatalogTool } from '../extensions'
import type { ElicitationSource } from './elicitationBoard'

/** What a target of each event gets to see, for the approval dialog. */
const SEES: Record<HookEvent, string> = {
  'session-start': 'the id of every new session and the extensions it offers',
  'user-message': 'every message you send, before the model gets it, and the extensions the turn offers',
  'model-request': 'every request to the model: the whole conversation and the tools offered',
  'tool-call': "every tool call's name and arguments, before it runs",
  'tool-result': "every tool call's arguments and result",
  'turn-end': 'how each turn ended and the last reply',
}

export interface HookService extends ElicitationSource {
  /** What the agent loop calls at each step of a turn. */
  readonly runner: TurnHooks
  view(): HooksResource
  save(input: HookInput): Promise<Hook>
  remove(id: string): Promise<{ id: string }>
  test(id: string, payload: Record<string, unknown>): Promise<HookTestResult>
  takeNotices(): { message: string; movedTo?: string }[]
}

export interface HookServiceOptions {
  dataDir: string
  dispatch: HookDispatch
  lookup: (name: string) => CatalogTool | undefined
}

export async function createHookService(options: HookServiceOptions): Promise<HookService> {
  const store: HookStore = await openHookStore(options.dataDir)
  const runner = createHookRunner({ hooks: () => store.list(), dispatch: options.dispatch })
  /** Approval id → the hook and the target it asks about. */
  const pending = new Map<string, { hookId: string; target: string; elicitation: Elicitation }>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  store.onChange(changed)

  const ask = (hook: Hook) => {
    for (const [id, item] of pending) if (item.hookId === hook.id) pending.delete(id)
    const tool = options.lookup(hook.target)
    const id = randomUUID()
    pending.set(id, {
      hookId: hook.id,
      target: hook.target,
      elicitation: {
        kind: 'approval',
        id,
        created: Date.now(),
        origin: { extensionId: tool?.extensionId ?? '', extensionName: tool?.extensionName ?? hook.target, tool: hook.target },
        message: `The hook "${hook.name}" calls ${tool?.title ?? hook.target} with ${SEES[hook.event]}.${hook.observeOnly ? ' It only observes: it runs alongside the step and can neither refuse nor change anything.' : ' What it returns can change that before it goes on.'} Approve it only if you trust this tool with that.`,
        subject: {
          type: 'hook',
          hookName: hook.name,
          event: hook.event,
          target: hook.target,
          ...(tool?.title ? { toolTitle: tool.title } : {}),
          ...(tool?.description ? { toolDescription: tool.description.slice(0, 500) } : {}),
          observeOnly: hook.observeOnly,
          sees: SEES[hook.event],
        },
        decisions: ['allow_always', 'deny'],
      },
    })
    changed()
  }

  const hookOf = (id: string) => {
    const hook = store.get(id)
    if (!hook) throw new Error(`No hook with id "${id}" exists; reload the list in Settings → Hooks and try again.`)
    return hook
  }

  return {
    runner,
    view: () => ({ hooks: store.list().map((hook) => ({ ...hook, approved: hook.approvedTarget === hook.target })) }),
    async save(input) {
      const { target } = parseTarget(input.target)
      if (!options.lookup(target)) throw new Error(`No tool named "${target}" is in the catalog. Pick the hook's tool from the list (its extension must be running).`)
      const previous = input.id === undefined ? undefined : store.get(input.id)
      // The approval holds for the target it was given to; a new target asks again.
      const approved = previous?.approvedTarget === target ? target : undefined
      const hook = await store.save(input, approved)
      if (!approved) ask(hook)
      return hook
    },
    async remove(id) {
      hookOf(id)
      await store.remove(id)
      for (const [pendingId, item] of pending) if (item.hookId === id) pending.delete(pendingId)
      changed()
      return { id }
    },
    async test(id, payload) {
      const hook = hookOf(id)
      if (hook.approvedTarget !== hook.target) throw new Error(`The hook "${hook.name}" is not approved yet: answer its approval first (it sends the sample to ${hook.target}).`)
      // One hook, whatever its match and whether it is enabled: the sample is the person's.
      const single = createHookRunner({ hooks: () => [{ ...hook, enabled: true, match: {} }], dispatch: options.dispatch })
      const result = await single.run(hook.event, payload as unknown as HookPayload<typeof hook.event>)
      // An observing hook is tested to its answer too, though a turn would not wait for it.
      const warnings = [...result.warnings, ...(await result.observing)]
      const refusal = result.refusal?.reason ?? result.warnings[0]
      return { decision: refusal ? 'deny' : 'allow', ...(refusal ? { reason: refusal } : {}), payload: result.payload as unknown as Record<string, unknown>, changes: result.changes, warnings }
    },
    takeNotices: () => store.takeNotices(),
    list: () => [...pending.values()].map((item) => item.elicitation),
    async respond(id, action, content) {
      const item = pending.get(id)
      if (!item) return false
      pending.delete(id)
      const hook = store.get(item.hookId)
      const allowed = action === 'accept' && (content?.decision === 'allow_always' || content?.decision === 'allow_once')
      if (allowed && hook && hook.target === item.target) await store.save({ ...hook, target: hook.target }, item.target)
      changed()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
