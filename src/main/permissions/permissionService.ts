/**
 * The permission layer put together: store + pins + inspector chain + approval broker. The agent
 * loop calls `authorize(call)` before every tool call and `noteToolResult` after; the host serves
 * `broker.list()` as switchboard://elicitations and forwards `elicitation_respond` to
 * `broker.respond()`; the settings page uses the store, `explain` and `testRule`.
 */
import { log } from '../log/log'
import { compileRule, evaluateRules, testRule, type CompiledRule, type RuleEnvironment, type RuleEvaluation, type RuleSample } from './rules/argumentRules'
import { createApprovalBroker, DEFAULT_APPROVAL_TIMEOUT_MS, type ApprovalBroker, type ApprovalOutcome } from './approvalBroker'
import { runInspectors, type Inspector } from './inspectors/inspectorChain'
import { callNames, createPermissionInspector } from './inspectors/permissionInspector'
import { effectiveDecision } from './effectiveDecision'
import { wildcardMatch } from './rules/wildcard'
import type { EffectiveDecisionView } from '../../shared/permissionApi'
import type { ArgumentRule, PolicyKind } from './permissionSchema'
import { atLeast, openPermissionStore, type PermissionStore, type PermissionStoreOptions } from './permissionStore'
import { createRepetitionInspector, DEFAULT_REPETITION_LIMIT } from './inspectors/repetitionInspector'
import { createSecurityInspector, type InjectionTaint } from './inspectors/securityInspector'
import { createGuardInspector } from './inspectors/guardInspector'
import { DEFAULT_GUARD_MODE, type GuardMode, type ProvenanceSource } from '../../shared/provenanceApi'
import { checkPin, hashToolDefinition, pinnedDefinition, type PinCheck } from './toolPins'
import type { Decision, DefinitionChange, SecretValue, ToolCallRequest, ToolDefinition } from './types'
import { unreachable } from './verdict'
import { formatDuration } from '../../shared/format'
import { reviewExclusion, type Rating } from './assistedReview'
import { memorySessionGrants, openSessionGrants, type SessionGrants } from './sessionGrants'
import { callPattern, openRuleSuggestions, type RuleSuggestions } from './rules/ruleSuggestions'
import type { ReviewView } from '../../shared/permissionApi'

/**
 * Assisted review's rater (services/review/callRater.ts): which model rates now, and the rating of
 * one call. The service races `rate` with its own time-out; a rejection or a time-out changes nothing.
 */
export interface CallReviewer {
  /** Who rates now and whether a low rating may answer a mode's question; undefined when assisted review is off (or cannot run). */
  current(): { provider: string; model: string; autoAllowLow: boolean } | undefined
  rate(call: ToolCallRequest, decision: Decision, signal: AbortSignal): Promise<Rating>
}

/** A call's rating as recorded with it (activity log): no sentence, which may quote the arguments. */
export interface ReviewRecord {
  status: 'rated' | 'failed' | 'unfinished'
  risk?: Rating['risk']
  provider: string
  model: string
}

export const DEFAULT_REVIEW_TIMEOUT_MS = 15_000

export interface PermissionServiceOptions {
  store: PermissionStore
  /** Where `~` in rules points. */
  homeDir: string
  /** Whether paths compare without case; default: true on macOS and Windows. */
  caseInsensitivePaths?: boolean
  /** Known secret values with their owners, read at every call (from the SecretStore). */
  secretValues: () => readonly SecretValue[]
  /** Resolves once secretValues() holds every stored value (the keychain is probed after start); decisions wait for it. */
  secretValuesReady?: Promise<unknown>
  repetitionLimit?: number
  approvalTimeoutMs?: number
  /** Masks secret values in arguments shown in approvals (log's redactSecrets). */
  redact?: (text: string) => string
  /** The managed policy's least strict mode (see PermissionStoreOptions.managedMode); an agent's own mode is raised to it too. */
  managedMode?: PermissionStoreOptions['managedMode']
  /** Why every tool call is refused now (the managed policy: an unreadable file, a version below the minimum), or undefined. */
  refuseCalls?: () => string | undefined
  /** Settings → Permissions → Guard after outside content, read at every call; default "acting". */
  guardMode?: () => GuardMode
  /** Assisted review (issue 38); absent = off. */
  reviewer?: CallReviewer
  /** How long a rating may take before it is given up on (it then changes nothing); default 15 s. */
  reviewTimeoutMs?: number
  /** "Allow for this session" grants; default kept in memory (openPermissions keeps them in the data folder). */
  sessionGrants?: SessionGrants
  /** Rules suggested from repeated approvals; default kept in memory. */
  suggestions?: RuleSuggestions
}

/** What the agent loop does with a call: run it, or give the model `message` as the tool's error result. */
export type Authorization =
  | { run: true; decision: Decision; approval?: ApprovalOutcome; review?: ReviewRecord }
  | { run: false; decision: Decision; approval?: ApprovalOutcome; review?: ReviewRecord; message: string }

/** How a tool's policy looks for switchboard://tools and the settings table. */
export interface PolicyView {
  policy: PolicyKind | 'mode'
  source: 'tool' | 'extension' | 'mode'
  /** A tool's "always" that was given for another definition. */
  lapsed: boolean
  /** The definition differs from the accepted pin. */
  changed: boolean
}

export interface PermissionService {
  readonly store: PermissionStore
  readonly broker: ApprovalBroker
  /** Rules suggested from repeated approvals (confirmed ones are saved with store.saveRule). */
  readonly suggestions: RuleSuggestions
  readonly sessionGrants: SessionGrants
  /** Runs the inspector chain (and records first-sight pins). Does not wait for a person. */
  decide(call: ToolCallRequest): Promise<Decision>
  /** decide(), then, for "ask", waits for the person's answer (up to `timeoutMs`, default the app's approval time-out). Never rejects for a refused call. */
  authorize(call: ToolCallRequest, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<Authorization>
  noteToolResult(sessionId: string, text: string, source?: string): InjectionTaint | undefined
  /** The person wrote again: the injection and repetition checks start over (the guard does not: the outside text is still in the context). */
  noteUserMessage(sessionId: string): void
  /** The outside content a session's context holds as a turn starts (from its stored history): the guard's view, replaced. */
  setSessionContext(sessionId: string, sources: readonly ProvenanceSource[]): void
  /** Outside content entered a session's context (a tool result, an attachment). */
  noteOutside(sessionId: string, sources: readonly ProvenanceSource[]): void
  /** The outside sources in a session's context, as the guard sees them (a sub-agent's result carries them). */
  outsideOf(sessionId: string): ProvenanceSource[]
  forgetSession(sessionId: string): void
  /** Call on every catalog rebuild: pins new tools silently, marks changed ones, keeps pins of tools that are gone. */
  observeTools(tools: readonly { toolName: string; tool: ToolDefinition }[]): Promise<DefinitionChange[]>
  /** permission_set for one tool; "always" is bound to the accepted definition (or `current` when the tool has no pin yet). */
  setToolPolicy(toolName: string, policy: PolicyKind | undefined, current?: ToolDefinition): Promise<void>
  /** Which policy applies to a tool and whether it changed or lapsed, for switchboard://tools and the settings table. */
  policyView(toolName: string, extensionId: string, tool: ToolDefinition): PolicyView
  /** What a model's call of the tool does now (runs / asks / never) and why, before its arguments are known. */
  effectiveDecision(call: Pick<ToolCallRequest, 'toolName' | 'extensionId' | 'extensionName' | 'extensionTrust' | 'tool'>): EffectiveDecisionView
  /** What the saved rules make of a sample call (the tester). */
  explain(sample: RuleSample): RuleEvaluation
  /** What one (maybe unsaved) rule makes of a sample call. */
  testRule(rule: unknown, sample: RuleSample): ReturnType<typeof testRule>
  /** Denies pending approvals and stops their timers. */
  close(): void
  /** Waits for every write in flight: rules and policies, session grants, rule suggestions. */
  flush(): Promise<void>
}

function denialMessage(toolName: string, decision: Decision, approval: ApprovalOutcome | undefined, timeoutMs: number): string {
  if (!approval) return decision.reasons.join(' ')
  switch (approval.by) {
    case 'person':
      return `Not run: the person declined this call to ${toolName}. Do not retry it unchanged; ask the person what they would like instead.`
    case 'timeout':
      return `Not run: nobody answered the approval for ${toolName} within ${formatDuration(timeoutMs)}. Tell the person the call is waiting for their approval, then try again if they want.`
    case 'cancelled':
      return `Not run: the call to ${toolName} was cancelled before it was approved.`
    case 'closed':
      return `Not run: Switchboard is shutting down, so the call to ${toolName} was not approved.`
    case 'assisted-review':
      // Never a denial: a rating only ever allows (and only a mode's question).
      return decision.reasons.join(' ')
    default:
      return unreachable(approval)
  }
}

const ruleEnvironment = (options: Pick<PermissionServiceOptions, 'homeDir' | 'caseInsensitivePaths'>): RuleEnvironment => ({
  homeDir: options.homeDir,
  caseInsensitivePaths: options.caseInsensitivePaths ?? (process.platform === 'darwin' || process.platform === 'win32'),
})

/** Opens `<dir>/permissions.json` (rules checked against this machine's home folder) and builds the service on it. */
export async function openPermissions(dir: string, options: Omit<PermissionServiceOptions, 'store'>): Promise<PermissionService> {
  const env = ruleEnvironment(options)
  const store = await openPermissionStore(dir, {
    managedMode: options.managedMode,
    checkRule: (rule) => {
      const result = compileRule(rule, env)
      return result.ok ? undefined : result.error
    },
  })
  return createPermissionService({ ...options, store, sessionGrants: options.sessionGrants ?? openSessionGrants(dir), suggestions: options.suggestions ?? openRuleSuggestions(dir) })
}

/** The permission layer over an already opened store (tests and callers that open the store themselves). */
export function createPermissionService(options: PermissionServiceOptions): PermissionService {
  const { store } = options
  const env = ruleEnvironment(options)
  const timeoutMs = options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS
  const sessionGrants = options.sessionGrants ?? memorySessionGrants()
  const suggestions = options.suggestions ?? openRuleSuggestions(undefined)
  // Rules are compiled once per change of the list (the store replaces the array on every change).
  let compiledFor: readonly ArgumentRule[] | undefined
  let compiled: CompiledRule[] = []
  const currentRules = (): CompiledRule[] => {
    const rules = store.rules()
    if (rules !== compiledFor) {
      compiledFor = rules
      compiled = rules.flatMap((rule) => {
        const result = compileRule(rule, env)
        if (result.ok) return [result.compiled]
        log('warn', 'permissions', `argument rule "${rule.id}" is ignored: ${result.error}`)
        return []
      })
    }
    return compiled
  }

  const security = createSecurityInspector({ secretValues: options.secretValues })
  const repetition = createRepetitionInspector(options.repetitionLimit ?? DEFAULT_REPETITION_LIMIT)
  const permission = createPermissionInspector({
    mode: () => store.mode(),
    floor: (mode) => atLeast(mode, options.managedMode?.least()),
    toolPolicy: (name) => store.toolPolicy(name),
    extensionPolicy: (id) => store.extensionPolicy(id),
    evaluateRules: (sample) => evaluateRules(currentRules(), sample),
    sessionGrant: (sessionId, toolName) => sessionGrants.hashFor(sessionId, toolName),
  })
  const guard = createGuardInspector({ mode: options.guardMode ?? (() => DEFAULT_GUARD_MODE), permissionMode: () => store.mode() })
  const inspectors: Inspector[] = [security, repetition, guard, permission]

  // A failed write must not fail the call: the store's memory is already updated, and the write is retried with the next change.
  const persist = (write: Promise<unknown>, what: string) =>
    write.catch((error: Error) => log('error', 'permissions', `could not save ${what}: ${error.message}`))

  /** A pin from before title and annotations were covered: record them, and keep an "always allow" bound to the old hash. */
  const upgradePin = async (toolName: string, check: Extract<PinCheck, { status: 'upgraded' }>) => {
    await store.acceptPin(toolName, check.hash, check.definition)
    const policy = store.toolPolicy(toolName)
    if (policy?.policy === 'always' && policy.hash === check.previousHash) await store.setToolPolicy(toolName, { ...policy, hash: check.hash })
  }

  /** Compares with the pin and records what is new: first sight silently, an old pin upgraded, a change as pending. */
  const notePin = async (toolName: string, tool: ToolDefinition): Promise<PinCheck> => {
    const pin = store.pin(toolName)
    const check = checkPin(toolName, pin, tool)
    if (check.status === 'first-sight') await persist(store.acceptPin(toolName, check.hash, check.definition), `the pin of ${toolName}`)
    else if (check.status === 'upgraded') await persist(upgradePin(toolName, check), `the pin of ${toolName}`)
    else if (check.status === 'changed') await persist(store.notePending(toolName, { hash: check.hash, definition: check.definition }), `the pin of ${toolName}`)
    else if (pin?.pending) await persist(store.notePending(toolName, undefined), `the pin of ${toolName}`)
    return check
  }

  const broker = createApprovalBroker({
    timeoutMs,
    redact: options.redact,
    async onAnswered(call, decision, answer) {
      if (answer === 'deny') return
      if (answer === 'allow_conversation' && call.origin !== 'person' && call.sessionId !== undefined) guard.allowForConversation(call.sessionId, call.toolName)
      // The person saw this definition (and its diff) when answering, so it becomes the accepted one.
      if (store.pin(call.toolName)?.hash !== decision.definitionHash) await store.acceptPin(call.toolName, decision.definitionHash, pinnedDefinition(call.tool))
      if (answer === 'allow_always') {
        await store.setToolPolicy(call.toolName, { policy: 'always', hash: decision.definitionHash, grantedAt: new Date().toISOString() })
      }
      if (answer === 'allow_session' && call.origin !== 'person' && call.origin !== 'connected-app' && call.sessionId !== undefined) {
        await sessionGrants.grant(call.sessionId, call.toolName, decision.definitionHash)
      }
      noteForSuggestion(call, decision, answer)
    },
  })

  /** Counts the person's allow of a call that only their settings held back, towards a suggested rule (ruleSuggestions.ts). */
  const noteForSuggestion = (call: ToolCallRequest, decision: Decision, answer: string) => {
    if (answer !== 'allow_once' && answer !== 'allow_session') return
    if (call.origin === 'person' || call.origin === 'connected-app' || decision.findings.length > 0) return
    if (decision.steps.some((step) => step.inspector !== 'permission' && step.verdict !== 'allow')) return
    const pattern = callPattern(call.toolName, call.arguments, options.homeDir)
    if (pattern) suggestions.noteApproval(pattern)
  }

  /**
   * Assisted review of one asked call, in parallel with its dialog: the rating is shown when it
   * arrives, and a low one answers the question only where assistedReview.ts says it may.
   */
  const startReview = (call: ToolCallRequest, decision: Decision) => {
    const reviewer = options.reviewer
    const setting = reviewer?.current()
    if (!reviewer || !setting) return undefined
    const { provider, model } = setting
    const controller = new AbortController()
    const mayAnswer = setting.autoAllowLow && reviewExclusion(call, decision) === undefined
    let id: string | undefined
    let result: { rating: Rating } | { error: string } | undefined
    let record: ReviewRecord = { status: 'unfinished', provider, model }
    let stopped = false
    const apply = () => {
      if (id === undefined || result === undefined) return
      if ('rating' in result) {
        broker.setReview(id, { status: 'rated', risk: result.rating.risk, reason: result.rating.reason, provider, model })
        if (mayAnswer && result.rating.risk === 'low') broker.allowByReview(id)
      } else broker.setReview(id, { status: 'failed', error: result.error, provider, model } satisfies ReviewView)
    }
    const limit = options.reviewTimeoutMs ?? DEFAULT_REVIEW_TIMEOUT_MS
    const timedOut = new Promise<never>((_resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`The rating took longer than ${formatDuration(limit)}; the question stands as it is.`))
        controller.abort()
      }, limit)
      timer.unref?.()
      controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
    })
    timedOut.catch(() => undefined)
    void Promise.race([reviewer.rate(call, decision, controller.signal), timedOut]).then(
      (rating) => {
        result = { rating }
        record = { status: 'rated', risk: rating.risk, provider, model }
        log('info', 'permissions', `assisted review rated ${call.toolName} (call ${call.callId}) ${rating.risk} risk`)
        controller.abort()
        apply()
      },
      (error: Error) => {
        result = { error: error.message }
        record = { status: 'failed', provider, model }
        // Stopped because the person answered first: nothing went wrong.
        if (!stopped) log('warn', 'permissions', `assisted review could not rate ${call.toolName} (call ${call.callId}): ${error.message}`)
        controller.abort()
        apply()
      },
    )
    return {
      attach(pendingId: string) {
        id = pendingId
        broker.setReview(pendingId, { status: 'rating', provider, model })
        apply()
      },
      record: () => record,
      stop() {
        stopped = true
        controller.abort()
      },
    }
  }

  const decide = async (call: ToolCallRequest): Promise<Decision> => {
    // A call made in the first moments after start must still be checked against every stored secret.
    await options.secretValuesReady
    const pin = await notePin(call.toolName, call.tool)
    const decision = runInspectors(inspectors, call, { pin })
    if (decision.steps.some((step) => step.inspector === 'guard' && step.verdict === 'ask')) decision.guard = { sources: guard.sourcesFor(call) ?? [] }
    if (decision.verdict !== 'allow') log('info', 'permissions', `${decision.verdict} ${call.toolName} (call ${call.callId}, ${call.origin}, by ${decision.decidedBy}): ${decision.reasons.join(' ')}`)
    return decision
  }

  /** A hook's "ask" makes an allowed call ask, and says so in the dialog; it never loosens a deny. */
  const hookAsked = (call: ToolCallRequest, decision: Decision): Decision => {
    if (!call.hookAsks || decision.verdict === 'deny') return decision
    const why = `Hook "${call.hookAsks.hook}" asks you to approve this call${call.hookAsks.reason ? `: ${call.hookAsks.reason}` : '.'}`
    return { ...decision, verdict: 'ask', reasons: [...decision.reasons, why] }
  }

  return {
    store,
    broker,
    suggestions,
    sessionGrants,
    decide,
    async authorize(call, authorizeOptions = {}) {
      // Before any inspector: nothing about this call can make it acceptable while the policy refuses every call.
      const refused = options.refuseCalls?.()
      if (refused) {
        log('info', 'permissions', `deny ${call.toolName} (call ${call.callId}, ${call.origin}): ${refused}`)
        return { run: false, decision: { verdict: 'deny', reasons: [refused], findings: [], definitionHash: hashToolDefinition(call.tool), steps: [] }, message: refused }
      }
      const decision = hookAsked(call, await decide(call))
      switch (decision.verdict) {
        case 'allow':
          return { run: true, decision }
        case 'deny':
          return { run: false, decision, message: denialMessage(call.toolName, decision, undefined, timeoutMs) }
        case 'ask': {
          const reviewing = startReview(call, decision)
          const approval = await broker.request(call, decision, {
            signal: authorizeOptions.signal,
            ...(authorizeOptions.timeoutMs !== undefined ? { timeoutMs: authorizeOptions.timeoutMs } : {}),
            ...(reviewing ? { onPending: reviewing.attach } : {}),
          })
          const review = reviewing ? { review: reviewing.record() } : {}
          reviewing?.stop()
          if (approval.answer !== 'deny') return { run: true, decision, approval, ...review }
          return { run: false, decision, approval, ...review, message: denialMessage(call.toolName, decision, approval, authorizeOptions.timeoutMs ?? timeoutMs) }
        }
        default:
          return unreachable(decision.verdict)
      }
    },
    noteToolResult: (sessionId, text, source) => security.noteToolResult(sessionId, text, source),
    noteUserMessage(sessionId) {
      security.noteUserMessage(sessionId)
      repetition.noteUserMessage(sessionId)
    },
    setSessionContext: (sessionId, sources) => guard.setContext(sessionId, sources),
    noteOutside: (sessionId, sources) => guard.noteOutside(sessionId, sources),
    outsideOf: (sessionId) => guard.outsideOf(sessionId),
    forgetSession(sessionId) {
      security.forgetSession(sessionId)
      repetition.forgetSession(sessionId)
      guard.forgetSession(sessionId)
      void sessionGrants.forgetSession(sessionId)
    },
    async observeTools(tools) {
      const changes: DefinitionChange[] = []
      for (const { toolName, tool } of tools) {
        const check = await notePin(toolName, tool)
        if (check.status === 'changed') changes.push(check.change)
      }
      return changes
    },
    async setToolPolicy(toolName, policy, current) {
      if (policy !== 'always') return store.setToolPolicy(toolName, policy === undefined ? undefined : { policy })
      let hash = store.pin(toolName)?.hash
      if (hash === undefined) {
        if (!current) throw new Error(`"Always allow" for ${toolName} needs the tool's definition, and the tool has not been seen yet. Connect its extension first.`)
        hash = hashToolDefinition(current)
        await store.acceptPin(toolName, hash, pinnedDefinition(current))
      }
      return store.setToolPolicy(toolName, { policy: 'always', hash, grantedAt: new Date().toISOString() })
    },
    policyView(toolName, extensionId, tool) {
      const hash = hashToolDefinition(tool)
      const pin = store.pin(toolName)
      const toolPolicy = store.toolPolicy(toolName)
      const extensionPolicy = store.extensionPolicy(extensionId)
      const changed = pin !== undefined && pin.hash !== hash
      if (toolPolicy) return { policy: toolPolicy.policy, source: 'tool', lapsed: toolPolicy.policy === 'always' && toolPolicy.hash !== hash, changed }
      if (extensionPolicy) return { policy: extensionPolicy, source: 'extension', lapsed: false, changed }
      return { policy: 'mode', source: 'mode', lapsed: false, changed }
    },
    effectiveDecision(call) {
      const pin = checkPin(call.toolName, store.pin(call.toolName), call.tool)
      const naming = currentRules().filter((rule) => wildcardMatch(rule.rule.tool, call.toolName)).length
      return effectiveDecision(
        {
          toolName: call.toolName,
          extensionId: call.extensionId,
          names: callNames(call),
          mode: store.mode(),
          trust: call.extensionTrust,
          annotations: call.tool.annotations,
          toolPolicy: store.toolPolicy(call.toolName),
          extensionPolicy: store.extensionPolicy(call.extensionId),
          definitionHash: pin.hash,
          definition: pin.status,
        },
        naming,
      )
    },
    explain: (sample) => evaluateRules(currentRules(), sample),
    testRule: (rule, sample) => testRule(rule, sample, env),
    close: () => broker.close(),
    flush: async () => {
      await Promise.all([store.flush(), sessionGrants.flush(), suggestions.flush()])
    },
  }
}
