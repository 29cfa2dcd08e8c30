/**
 * The vocabulary of the permission layer: what a tool call looks like when it reaches the inspector
 * chain, and what the chain decides. Plain data (and one reading of it), so the agent loop, the host
 * and tests can build these without touching extensions/ or secrets/.
 */
import type { PermissionMode } from '../../shared/permissionApi'
import type { Caller, CallerOf } from '../../shared/callerKind'
import type { ProvenanceSource } from '../../shared/provenanceApi'

/** What the chain can say about a call. Ordered: allow < ask < deny (see verdict.ts). */
export type Verdict = 'allow' | 'ask' | 'deny'

export type ExtensionTrust = 'trusted' | 'untrusted'

/** MCP tool annotations as the server declared them. Hints only: they never loosen a decision of an untrusted extension. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/** A tool as its server defines it (the server's own name, not the namespaced one). */
export interface ToolDefinition {
  name: string
  title?: string
  description?: string
  inputSchema: Record<string, unknown>
  annotations?: ToolAnnotations
  /** A builtin's tool the person approved in advance (src/main/builtins/preApproved.ts): why. */
  preApproved?: string
}

interface ToolCallBase {
  /** The id of this one call (the model's tool-call id or one the host made up); approvals are bound to it. */
  callId: string
  extensionId: string
  /** What people call the extension ("Everything"); reasons name it, not its id. */
  extensionName?: string
  extensionTrust: ExtensionTrust
  /** Namespaced: `<extension>__<tool>`. Policies, rules and pins are keyed by it. */
  toolName: string
  tool: ToolDefinition
  arguments: Record<string, unknown>
  /** A hook answered "ask" for this call: it is not run without asking the person, whatever else allows it. */
  hookAsks?: { hook: string; reason?: string }
  /** The permission mode of the agent making the call; absent = the person's global mode. */
  mode?: PermissionMode
}

/**
 * Who started the call. A discriminated union so the compiler makes the agent loop pass the
 * session: repetition and prompt-injection checks need it and would silently do nothing without.
 */
export type ToolCallRequest = ToolCallBase &
  (
    /** A turn's model; `caller` says which session or which sub-agent chain (absent: the model, unnamed). */
    | { origin: 'model'; sessionId: string; caller?: CallerOf<'model' | 'agent-chain' | 'routine'> }
    /** A frontend (UI) component asked for the call on its own; treated like the model. */
    | { origin: 'frontend'; sessionId?: string; caller?: CallerOf<'model'> }
    /** An MCP App in a tool card asked (renderer/apps/); treated like the model, and the dialog names the App. */
    | { origin: 'app'; sessionId?: string; caller: CallerOf<'mcp-app'> }
    /** Another app connected over the HTTP endpoint (src/main/gateway); treated like the model, and the dialog names the app. */
    | { origin: 'connected-app'; caller: CallerOf<'connected-app'>; sessionId?: string }
    /**
     * A hook's call of its own tool (hooks/hookRunner.ts) at a step of a session's turn: the person
     * approved that tool when the hook was saved, so only the guard after outside content has a say
     * (the payload is the step's, not chosen by a model, so the other checks do not apply).
     */
    | { origin: 'hook'; sessionId?: string; caller: CallerOf<'hook'> }
    /** The person ran the tool by hand from the extension page (`tool_call`): they are the approver. */
    | { origin: 'person' }
  )

/** Who asks for a call, as its approval names it (src/shared/callerKind.ts). */
export function callerOf(call: ToolCallRequest): Caller {
  if (call.origin === 'person') return { kind: 'person' }
  return call.caller ?? { kind: 'model', ...(call.sessionId !== undefined ? { sessionId: call.sessionId } : {}) }
}

export type CallOrigin = ToolCallRequest['origin']

export type FindingSeverity = 'low' | 'medium' | 'high' | 'critical'

/** Something the security inspector noticed, shown in the approval dialog (and, for denials, to the model). */
export interface Finding {
  kind: 'destructive-command' | 'secret-leak' | 'prompt-injection' | 'incomplete-scan' | 'hidden-text'
  severity: FindingSeverity
  /** One sentence a person can act on. Never contains a secret value. */
  message: string
  /** JSON pointer of the argument the finding is about, when there is one (e.g. `/command`). */
  argument?: string
  /** The few characters that matched, for context. Absent for secret leaks. */
  excerpt?: string
}

/** What changed in a tool's definition since the person last accepted it (F15). */
export interface DefinitionChange {
  toolName: string
  previousHash: string
  currentHash: string
  /** Present only when the description changed; `null` stands for "no description". */
  description?: { before: string | null; after: string | null }
  schema: SchemaDiff
  /** Readable lines for the dialog, e.g. `description changed`, `schema: added /properties/cc`. */
  summary: string[]
}

/** Paths are JSON pointers into the input schema; values are short JSON renderings. */
export interface SchemaDiff {
  added: { path: string; value: string }[]
  removed: { path: string; value: string }[]
  changed: { path: string; before: string; after: string }[]
  /** How many differences were left out of the lists above to keep them readable. */
  omitted: number
}

/** The links of the chain; 'guard' is the guard after outside content (guardInspector.ts). */
export type InspectorName = 'security' | 'repetition' | 'guard' | 'permission'

/** One inspector's opinion of a call. */
export interface InspectorResult {
  verdict: Verdict
  /** Why, in words a person (or, for a denial, the model) can act on. */
  reasons: string[]
  findings: Finding[]
  /** Machine-readable cause, for the broker and the tester (e.g. `rule-ask`, `mode-smart`). */
  cause?: string
}

export interface InspectorStep extends InspectorResult {
  inspector: InspectorName
}

/** The chain's answer for one call. */
export interface Decision {
  verdict: Verdict
  /** Reasons of the inspectors that reached the final verdict, in chain order. */
  reasons: string[]
  /** Every finding of every inspector. */
  findings: Finding[]
  /** Set when the tool's definition differs from the one the person accepted. */
  changed?: DefinitionChange
  /** Hash of the definition this decision was made for; an "always allow" is bound to it. */
  definitionHash: string
  /** What each inspector said, in chain order (for the tester and for logs). */
  steps: InspectorStep[]
  /** The first inspector that reached the final verdict (for logs: 'guard' when the guard made a call ask). */
  decidedBy?: InspectorName
  /** Set when the guard asks: the outside content in the caller's context, for the dialog. */
  guard?: { sources: ProvenanceSource[] }
}

/** A secret the app knows, and the extension allowed to receive it. Provider keys use an owner no extension has, e.g. `provider:openai`. */
export interface SecretValue {
  value: string
  owner: string
}
