/**
 * The guard (issue 37, cross-server chaining): once the model's context holds outside content — a
 * calendar invite, a web page, an issue comment (outsideContent.ts) — a call to a tool that can act
 * asks the person, even when that tool is always allowed. Text from outside may be steering the model
 * into a privileged tool the person once allowed for their own requests.
 *
 * - What the context holds is given per session: `setContext` when a turn starts (worked out from the
 *   stored history, so it survives a restart, a summary and sub-agents, and a rewind that set the
 *   content aside clears it), `noteOutside` when a tool result or an attachment brings more. The
 *   person's next message does not clear it: the outside text is still in what the model reads.
 * - A connected app's own calls (the gateway) always count as steered from outside: what is in its
 *   model's context is out of Switchboard's view.
 * - A hook's call of its own tool (origin "hook") is guarded like the model's: after outside content
 *   its payload (the step's message, arguments or result) may carry that text to an acting tool.
 * - Acting = not reliably read-only (a read-only hint of an untrusted extension is not relied on).
 *   "All tools" asks before read-only ones too; "Off" never asks.
 * - It only ever says allow or ask: the chain keeps the strictest verdict, so the guard never loosens
 *   what another inspector decided. Chat only denies every call already, so the guard stays quiet there.
 * - "Allow for the rest of this conversation" (allowForConversation) stops it asking for that tool in
 *   that session, in memory: after a restart it asks once more.
 */
import type { GuardMode, ProvenanceSource } from '../../../shared/provenanceApi'
import { uniqueSources } from '../../../shared/provenanceText'
import type { Inspector } from './inspectorChain'
import { effectiveHints } from './permissionInspector'
import type { PermissionMode } from '../permissionSchema'
import type { InspectorResult, ToolCallRequest } from '../types'

export interface GuardInspectorOptions {
  /** The person's setting, read at every call. */
  mode: () => GuardMode
  /** The global permission mode (a call's own `mode` wins). */
  permissionMode: () => PermissionMode
}

/** What the guard said about a call that it asks for: who the outside sources are. */
export interface GuardFinding {
  sources: ProvenanceSource[]
}

export interface GuardInspector extends Inspector {
  /** What the session's context holds now (a turn starts), replacing what was known. */
  setContext(sessionId: string, sources: readonly ProvenanceSource[]): void
  /** Outside content entered the session's context. */
  noteOutside(sessionId: string, sources: readonly ProvenanceSource[]): void
  /** The outside sources in the session's context (empty when none). */
  outsideOf(sessionId: string): ProvenanceSource[]
  /** The person allowed `toolName` for the rest of the conversation. */
  allowForConversation(sessionId: string, toolName: string): void
  /** The sources the guard would name for this call (undefined when it would not ask). */
  sourcesFor(call: ToolCallRequest): ProvenanceSource[] | undefined
  forgetSession(sessionId: string): void
}

const MAX_SOURCES = 50

/** "Calendar", "Calendar and GitHub", "Calendar, GitHub and Web". */
export function sourceNames(sources: readonly ProvenanceSource[]): string {
  const names = sources.map((source) => source.name)
  return names.length <= 1 ? (names[0] ?? 'an outside source') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The sentence the dialog shows (and the activity log can quote). */
export function guardReason(call: ToolCallRequest, sources: readonly ProvenanceSource[]): string {
  if (call.origin === 'connected-app') {
    return `${call.caller.name} is a connected app: what is in its model's context is outside content Switchboard cannot see, and it may be steering the call.`
  }
  if (call.origin === 'hook') return `This conversation holds text from ${sourceNames(sources)} (outside content); it may be steering what hook “${call.caller.name}” hands its tool.`
  return `This conversation holds text from ${sourceNames(sources)} (outside content); it may be steering the model.`
}

export function createGuardInspector(options: GuardInspectorOptions): GuardInspector {
  const outside = new Map<string, ProvenanceSource[]>()
  const allowed = new Map<string, Set<string>>()

  const sourcesFor = (call: ToolCallRequest): ProvenanceSource[] | undefined => {
    if (call.origin === 'person') return undefined
    const guard = options.mode()
    if (guard === 'off') return undefined
    if ((call.mode ?? options.permissionMode()) === 'chat-only') return undefined
    const sources =
      call.origin === 'connected-app'
        ? [{ kind: 'connected-app' as const, name: call.caller.name, outside: 'connected-app' as const }]
        : call.sessionId !== undefined
          ? (outside.get(call.sessionId) ?? [])
          : []
    if (sources.length === 0) return undefined
    const hints = effectiveHints(call.tool.annotations, call.extensionTrust)
    const acting = !(hints.readOnly && hints.reliable)
    if (guard === 'acting' && !acting) return undefined
    if (call.origin !== 'connected-app' && call.sessionId !== undefined && allowed.get(call.sessionId)?.has(call.toolName)) return undefined
    return sources
  }

  return {
    name: 'guard',
    inspect(call): InspectorResult {
      const sources = sourcesFor(call)
      if (!sources) return { verdict: 'allow', reasons: [], findings: [] }
      return { verdict: 'ask', cause: 'guard', reasons: [guardReason(call, sources)], findings: [] }
    },
    setContext(sessionId, sources) {
      const kept = uniqueSources(sources.filter((source) => source.outside !== undefined)).slice(0, MAX_SOURCES)
      if (kept.length === 0) outside.delete(sessionId)
      else outside.set(sessionId, kept)
    },
    noteOutside(sessionId, sources) {
      const known = outside.get(sessionId) ?? []
      // Told after every result: one from a source already in the context (the usual case) changes nothing and builds nothing.
      const fresh = sources.filter((source) => source.outside !== undefined && !known.some((seen) => seen.kind === source.kind && seen.name === source.name))
      if (fresh.length === 0) return
      outside.set(sessionId, uniqueSources([...known, ...fresh]).slice(0, MAX_SOURCES))
    },
    outsideOf: (sessionId) => [...(outside.get(sessionId) ?? [])],
    allowForConversation(sessionId, toolName) {
      let tools = allowed.get(sessionId)
      if (!tools) allowed.set(sessionId, (tools = new Set()))
      tools.add(toolName)
    },
    sourcesFor,
    forgetSession(sessionId) {
      outside.delete(sessionId)
      allowed.delete(sessionId)
    },
  }
}
