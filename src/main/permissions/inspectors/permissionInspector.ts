/**
 * The last inspector: what the person has decided — mode × policy × argument rules × the tool's
 * annotations and its extension's trust — applied to one call.
 *
 * Order, first that applies wins (the table tests walk it):
 *  1. Calls the person starts by hand (`tool_call` on the extension page): the person is the
 *     approver, so they run, except when a "never" policy or a deny rule forbids the tool (standing
 *     decisions are not bypassed by a click) or its definition changed (the diff must be seen once).
 *     Chat-only does not apply: it is about what the model is offered.
 *  1a. A hook's call of its own tool: the person approved that tool for the hook when saving it, so
 *     it runs (as it always has); only the guard after outside content can make it ask.
 *  2. chat-only → deny.  3. "never" policy → deny.  4. deny rule → deny.
 *  5. definition changed since accepted → ask (even where a rule or "always" would allow).
 *  5a. a builtin's pre-approved tool (load_skill: the person consented to the text) → allow.
 *  6. ask rule → ask.  7. allow rule → allow (a rule is more specific than a policy).
 *  8. "ask" policy → ask.  9. "always" policy → allow; a tool's "always" given for another
 *     definition hash has lapsed → ask.
 *  10. the mode: autonomous → allow; smart → allow read-only tools of trusted extensions, else ask;
 *      ask → ask.
 * A tool's policy beats its extension's policy, in both directions.
 */
import type { RuleEvaluation, RuleSample } from '../rules/argumentRules'
import type { Inspector } from './inspectorChain'
import type { PermissionMode, PolicyKind, ToolPolicy } from '../permissionSchema'
import type { PinCheck } from '../toolPins'
import type { CallOrigin, ExtensionTrust, InspectorResult, ToolAnnotations, ToolCallRequest, Verdict } from '../types'
import { unreachable } from '../verdict'

export type PermissionCause =
  | 'person'
  | 'chat-only'
  | 'policy-never'
  | 'rule-deny'
  | 'definition-changed'
  | 'rule-ask'
  | 'rule-allow'
  | 'policy-ask'
  | 'policy-always'
  | 'policy-lapsed'
  | 'mode-autonomous'
  | 'mode-smart-read-only'
  | 'mode-smart'
  | 'mode-ask'
  | 'pre-approved'
  | 'session-allow'
  | 'hook-approved'

/** Everything the decision depends on, as plain data. */
export interface PermissionFacts {
  toolName: string
  extensionId: string
  /** How reasons name the tool and its extension (its title, its extension's name); default the ids. */
  names?: { tool: string; extension: string }
  origin: CallOrigin
  mode: PermissionMode
  trust: ExtensionTrust
  annotations: ToolAnnotations | undefined
  toolPolicy: ToolPolicy | undefined
  extensionPolicy: PolicyKind | undefined
  definitionHash: string
  definition: PinCheck['status']
  rules: Pick<RuleEvaluation, 'decision' | 'reason'>
  /** A builtin's tool the person approved in advance, and why (builtins/preApproved.ts). */
  preApproved?: string
  /** "Allow for this session": the definition hash the tool was allowed for in the call's session (sessionGrants.ts). */
  sessionGrant?: string
}

/** Annotation hints with the MCP defaults (destructive and open-world default to true), and whether they can be relied on. */
export function effectiveHints(annotations: ToolAnnotations | undefined, trust: ExtensionTrust) {
  return {
    readOnly: annotations?.readOnlyHint ?? false,
    destructive: annotations?.destructiveHint ?? true,
    idempotent: annotations?.idempotentHint ?? false,
    openWorld: annotations?.openWorldHint ?? true,
    /** Hints of untrusted extensions are shown, but never used to skip a prompt. */
    reliable: trust === 'trusted',
  }
}

/** Whether the model is offered any tools in this mode (chat-only: none). */
export function offersTools(mode: PermissionMode): boolean {
  return mode !== 'chat-only'
}

const result = (verdict: Verdict, cause: PermissionCause, reason: string): InspectorResult & { cause: PermissionCause } => ({ verdict, cause, reasons: [reason], findings: [] })

/** The permission decision for one call. Pure. */
export function decidePermission(f: PermissionFacts): InspectorResult & { cause: PermissionCause } {
  const byTool = f.toolPolicy !== undefined
  const policy: PolicyKind | undefined = f.toolPolicy?.policy ?? f.extensionPolicy
  const { tool, extension } = namesOf(f)
  const whose = byTool ? `the tool ${tool}` : `the extension ${extension}`
  const never = () => result('deny', 'policy-never', `Not run: the person has set ${whose} to "never". Do not call it again; if the task needs it, tell the person.`)
  const ruleDeny = () => result('deny', 'rule-deny', `Not run: ${f.rules.reason} Do not retry with the same value; if the task needs it, tell the person.`)
  const changed = () => result('ask', 'definition-changed', `The definition of ${tool} changed since it was last accepted; see what changed before allowing it.`)

  if (f.origin === 'person') {
    if (policy === 'never') return never()
    if (f.rules.decision === 'deny') return ruleDeny()
    if (f.definition === 'changed') return changed()
    return result('allow', 'person', 'You started this call yourself.')
  }
  if (f.origin === 'hook') return result('allow', 'hook-approved', `You approved ${tool} as this hook's tool when you saved the hook.`)
  if (f.mode === 'chat-only') return result('deny', 'chat-only', 'Not run: tools are turned off (the permission mode is chat-only). Answer without tools, or ask the person to change the mode.')
  if (policy === 'never') return never()
  if (f.rules.decision === 'deny') return ruleDeny()
  if (f.definition === 'changed') return changed()
  if (f.preApproved) return result('allow', 'pre-approved', f.preApproved)
  if (f.rules.decision === 'ask') return result('ask', 'rule-ask', f.rules.reason)
  if (f.rules.decision === 'allow') return result('allow', 'rule-allow', f.rules.reason)
  if (policy === 'ask') return result('ask', 'policy-ask', `${byTool ? `The tool ${tool}` : `The extension ${extension}`} is set to "ask every time".`)
  // "Allow for this session" is bound to the definition like "always": given for another one, it no longer applies.
  if (f.sessionGrant !== undefined && f.sessionGrant === f.definitionHash) return result('allow', 'session-allow', `You allowed ${tool} for this session.`)
  if (f.toolPolicy?.policy === 'always') {
    return f.toolPolicy.hash === f.definitionHash
      ? result('allow', 'policy-always', `You chose "always allow" for the tool ${tool}.`)
      : result('ask', 'policy-lapsed', `"Always allow" for ${tool} was given for an earlier definition of the tool, so it no longer applies.`)
  }
  if (policy === 'always') return result('allow', 'policy-always', `You chose "always allow" for the extension ${extension}.`)
  return byMode(f)
}

/** The tool and extension as reasons name them: "“Echo” of Everything" rather than everything__echo. */
function namesOf(f: PermissionFacts): { tool: string; extension: string } {
  return f.names ?? { tool: f.toolName, extension: f.extensionId }
}

function byMode(f: PermissionFacts): InspectorResult & { cause: PermissionCause } {
  const mode = f.mode
  const { tool, extension } = namesOf(f)
  switch (mode) {
    case 'autonomous':
      return result('allow', 'mode-autonomous', 'Autonomous mode runs calls that no rule or policy holds back.')
    case 'smart': {
      const hints = effectiveHints(f.annotations, f.trust)
      if (hints.readOnly && hints.reliable) return result('allow', 'mode-smart-read-only', `Smart mode runs read-only tools of trusted extensions; ${tool} says it is read-only.`)
      if (hints.readOnly) {
        return result('ask', 'mode-smart', `Smart mode asks: ${tool} says it is read-only, but ${extension} is not a trusted extension, so that is not relied on.`)
      }
      return result('ask', 'mode-smart', `Smart mode asks before tools that may change things; ${tool} does not say it is read-only.`)
    }
    case 'ask':
      return result('ask', 'mode-ask', 'Ask mode asks before every call that is not always allowed.')
    case 'chat-only':
      // Handled before the policies; kept here so the switch stays exhaustive.
      return result('deny', 'chat-only', 'Not run: tools are turned off (the permission mode is chat-only).')
    default:
      return unreachable(mode)
  }
}

/** “Echo” (the tool's title, else its own name, quoted) and its extension's name, for the reasons a person reads. */
export function callNames(call: Pick<ToolCallRequest, 'tool' | 'extensionId' | 'extensionName'>): { tool: string; extension: string } {
  const title = call.tool.title?.trim() || call.tool.annotations?.title?.trim() || call.tool.name
  return { tool: `“${title}”`, extension: call.extensionName?.trim() || call.extensionId }
}

/** Where the permission inspector reads the person's current settings from (the store, in the app). */
export interface PermissionSource {
  mode(): PermissionMode
  /** Raises a mode to the least strict one allowed (an agent's own mode included); absent: as is. */
  floor?(mode: PermissionMode): PermissionMode
  toolPolicy(toolName: string): ToolPolicy | undefined
  extensionPolicy(extensionId: string): PolicyKind | undefined
  evaluateRules(sample: RuleSample): RuleEvaluation
  /** The definition hash a tool was allowed for in a session ("Allow for this session"), if it was. */
  sessionGrant?(sessionId: string, toolName: string): string | undefined
}

function sessionGrantOf(source: PermissionSource, call: ToolCallRequest): { sessionGrant?: string } {
  if (call.origin === 'person' || call.origin === 'connected-app' || call.sessionId === undefined) return {}
  const hash = source.sessionGrant?.(call.sessionId, call.toolName)
  return hash === undefined ? {} : { sessionGrant: hash }
}

/** The permission inspector over live settings. */
export function createPermissionInspector(source: PermissionSource): Inspector {
  return {
    name: 'permission',
    inspect(call, context) {
      return decidePermission({
        toolName: call.toolName,
        extensionId: call.extensionId,
        names: callNames(call),
        origin: call.origin,
        mode: source.floor ? source.floor(call.mode ?? source.mode()) : (call.mode ?? source.mode()),
        trust: call.extensionTrust,
        annotations: call.tool.annotations,
        toolPolicy: source.toolPolicy(call.toolName),
        extensionPolicy: source.extensionPolicy(call.extensionId),
        definitionHash: context.pin.hash,
        definition: context.pin.status,
        rules: source.evaluateRules({ toolName: call.toolName, arguments: call.arguments }),
        ...(call.tool.preApproved ? { preApproved: call.tool.preApproved } : {}),
        ...sessionGrantOf(source, call),
      })
    },
  }
}
