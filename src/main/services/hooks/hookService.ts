/**
 * Hooks as the host serves them: the saved hooks (`switchboard://hooks`), `hook_save` / `hook_remove`
 * / `hook_test`, the runner the agent loop gets, and the approval of a hook's target. A hook runs only
 * once the person approved its target tool in the approval dialog (it sees every payload of its
 * event, like a launch sees the computer); changing the target asks again.
 */
import { randomUUID } from 'node:crypto'
import { HOOK_SAMPLE_PAYLOADS, hookSubject, type Elicitation, type Hook, type HookEvent, type HookInput, type HooksResource, type HookTestResult } from '../../../shared/hostApi'
import { hookApproval } from './hookApproval'
import { createHookImport, type HookImport } from './hookImport'
import type { ImportEnvironment } from '../../extensions/importers/configLocations'
import { canRefuse, createHookRunner, foldSystemMessages, openHookStore, parseTarget, type HookAuthorize, type HookDispatch, type HookPayload, type HookStore, type TurnHooks } from '../../hooks'
import type { CatalogTool } from '../../extensions'
import { createArgumentValidator, toolDefinitionOf } from '../../agent'
import type { PermissionService } from '../../permissions'
import type { ElicitationSource } from '../elicitations/elicitationBoard'

export interface HookService extends ElicitationSource {
  /** What the agent loop calls at each step of a turn. */
  readonly runner: TurnHooks
  view(): HooksResource
  save(input: HookInput): Promise<Hook>
  remove(id: string): Promise<{ id: string }>
  test(id: string, payload: Record<string, unknown>): Promise<HookTestResult>
  /** Command hooks from pasted settings or this computer's files (hookImport.ts). */
  readonly imports: HookImport
  takeNotices(): { message: string; movedTo?: string }[]
}

export interface HookServiceOptions {
  dataDir: string
  dispatch: HookDispatch
  lookup: (name: string) => CatalogTool | undefined
  /**
   * The permission layer's authorize (issue 37): a hook's call of its tool in a turn goes through the
   * inspector chain as origin "hook", so the guard after outside content asks before an acting tool
   * once the session holds outside content, in the same dialog as the model's calls. Absent: hooks'
   * calls go ahead unchecked (their tool was approved with the hook).
   */
  authorize?: PermissionService['authorize']
  /** The session's running turn's cancel signal: stopping the turn withdraws a hook's approval waiting in it. */
  turnSignal?: (sessionId: string) => AbortSignal | undefined
  /** The root folders, whose project settings an import reads. */
  roots?: () => readonly string[]
  /** Where an import looks for files (tests); the real home and platform by default. */
  environment?: () => ImportEnvironment
}

export async function createHookService(options: HookServiceOptions): Promise<HookService> {
  const store: HookStore = await openHookStore(options.dataDir)
  const authorize = options.authorize
  /** A hook's call as the permission layer sees it; undefined when it may go ahead, else why not (the hook fails with it). */
  const authorizeHook: HookAuthorize | undefined =
    authorize &&
    (async (hook, request, sessionId) => {
      const tool = options.lookup(request.name)
      // An unknown tool fails at the dispatcher with its own message.
      if (!tool) return undefined
      const signal = sessionId !== undefined ? options.turnSignal?.(sessionId) : undefined
      try {
        const authorization = await authorize({
          origin: 'hook',
          caller: { kind: 'hook', name: hook.name },
          ...(sessionId !== undefined ? { sessionId } : {}),
          callId: randomUUID(),
          extensionId: tool.extensionId,
          extensionName: tool.extensionName,
          extensionTrust: tool.trust,
          toolName: tool.name,
          tool: toolDefinitionOf(tool),
          arguments: request.arguments ?? {},
        }, signal ? { signal } : {})
        return authorization.run ? undefined : authorization.message
      } catch (error) {
        return `its call could not be checked (${error instanceof Error ? error.message : String(error)})`
      }
    })
  const runner = createHookRunner({ hooks: () => store.list(), dispatch: options.dispatch, ...(authorizeHook ? { authorize: authorizeHook } : {}) })
  /** Approval id → the hook and the target it asks about. */
  const pending = new Map<string, { hookId: string; target: string; elicitation: Elicitation }>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  store.onChange(changed)

  const ask = (hook: Hook) => {
    for (const [id, item] of pending) if (item.hookId === hook.id) pending.delete(id)
    const id = randomUUID()
    pending.set(id, { hookId: hook.id, target: hookSubject(hook), elicitation: hookApproval(id, hook, hook.target ? options.lookup(hook.target) : undefined) })
    changed()
  }

  // A hook tool gets the payload as its arguments: one whose input schema cannot take them fails every time.
  const validator = createArgumentValidator()
  const misfit = (target: string, event: HookEvent, payload: Record<string, unknown>): string[] => {
    const tool = options.lookup(target)
    return tool ? validator.problems(tool, { event, ...payload }) : []
  }

  const hookOf = (id: string) => {
    const hook = store.get(id)
    if (!hook) throw new Error(`No hook with id "${id}" exists; reload the list in Settings → Hooks and try again.`)
    return hook
  }

  // Imported hooks are saved like any other: each waits for its approval.
  const imports = createHookImport({ hooks: () => store.list(), save: (input) => service.save(input), roots: options.roots ?? (() => []), ...(options.environment ? { environment: options.environment } : {}) })
  const service: HookService = {
    runner,
    view: () => ({ hooks: store.list().map((hook) => ({ ...hook, approved: hook.approvedTarget === hookSubject(hook) })) }),
    async save(input) {
      const previous = input.id === undefined ? undefined : store.get(input.id)
      const target = input.target === undefined ? undefined : parseTarget(input.target).target
      if (target !== undefined && !options.lookup(target)) throw new Error(`No tool named "${target}" is in the catalog. Pick the hook's tool from the list (its extension must be running, and the tool switched on on its page).`)
      const runs = target !== undefined ? { target } : input.command ? { command: { ...input.command, source: input.command.source ?? 'pasted' } } : (previous ?? {})
      // A hook whose tool cannot take its event's payload is not saved turned on (turning it off still works).
      const tool = target ?? (input.command ? undefined : previous?.target)
      const problems = tool !== undefined && (input.enabled ?? previous?.enabled ?? true) ? misfit(tool, input.event, HOOK_SAMPLE_PAYLOADS[input.event]) : []
      if (problems.length > 0) throw new Error(misfitText(tool!, input.event, problems))
      // The approval holds for the target (or exact command) it was given to; a new one asks again.
      const subject = hookSubject(runs)
      const approved = previous?.approvedTarget === subject ? subject : undefined
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
      if (hook.approvedTarget !== hookSubject(hook)) throw new Error(`The hook "${hook.name}" is not approved yet: answer its approval first (it sends the sample to ${hook.target ?? 'its command'}).`)
      const problems = hook.target !== undefined ? misfit(hook.target, hook.event, payload) : []
      // One hook, whatever its match and whether it is enabled: the sample is the person's.
      const single = createHookRunner({ hooks: () => [{ ...hook, enabled: true, match: {} }], dispatch: options.dispatch })
      const result = await single.run(hook.event, payload as unknown as HookPayload<typeof hook.event>)
      // An observing hook is tested to its answer too, though a turn would not wait for it.
      const warnings = [...(problems.length > 0 ? [`Its tool "${hook.target}" cannot take this payload: ${problems.join('; ')}. A turn would fail the same way.`] : []), ...result.warnings, ...(await result.observe())]
      const refusal = result.refusal?.reason ?? (result.warnings.length > 0 && !hook.command ? result.warnings[0] : undefined)
      const decision = refusal ? 'deny' : result.ask ? 'ask' : 'allow'
      const reason = refusal ?? result.ask?.reason
      // A system message a model-request hook adds goes into the system prompt in a turn; the trail says so here too.
      const changes = hook.event === 'model-request' ? foldSystemMessages(arrayOr(payload.messages), arrayOr((result.payload as Record<string, unknown>).messages), result.changes).changes : result.changes
      return { decision, ...(reason ? { reason } : {}), payload: result.payload as unknown as Record<string, unknown>, changes, warnings }
    },
    imports,
    takeNotices: () => store.takeNotices(),
    list: () => [...pending.values()].map((item) => item.elicitation),
    async respond(id, action, content) {
      const item = pending.get(id)
      if (!item) return false
      pending.delete(id)
      const hook = store.get(item.hookId)
      const allowed = action === 'accept' && (content?.decision === 'allow_always' || content?.decision === 'allow_once')
      if (allowed && hook && hookSubject(hook) === item.target) await store.save(hook, item.target)
      changed()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return service
}

const arrayOr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** Why a hook cannot be saved turned on: what of its event's payload the tool does not take, and what to do. */
function misfitText(target: string, event: HookEvent, problems: readonly string[]): string {
  const harm = event === 'tool-call' ? ', refusing every tool call it guards' : event === 'user-message' ? ', refusing every message you send' : canRefuse(event) ? '' : ' (a warning in every turn)'
  return `The tool "${target}" cannot take the ${event} payload as its arguments: ${problems.join('; ')}. As a hook it would fail every time${harm}. Pick a tool whose input schema accepts the payload's fields (docs/guide/hooks.md), or save the hook turned off.`
}
