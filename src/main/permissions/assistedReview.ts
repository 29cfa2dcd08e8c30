/**
 * Assisted review (issue 38): a model the person picks rates each call that would ask, while the
 * dialog is shown. What a rating may change is decided here, from the decision's structure — which
 * inspector asked and with which cause — never from any text: not the reasons, not the arguments,
 * not the rating's own sentence. So nothing written into a call can talk a rating into allowing it.
 *
 * A LOW rating may answer the question only when (all of):
 *  - the person turned on "a low rating may answer" (checked by the caller);
 *  - the permission inspector asked because of the mode alone: cause `mode-smart` or `mode-ask`
 *    (not a policy, a rule, a lapsed "always", a changed definition);
 *  - every other inspector let the call pass: no security finding (injection, destructive command,
 *    hidden text, secret leak, incomplete scan), no repetition, no guard after outside content;
 *  - no hook asked, and no finding at all was made;
 *  - the tool is not destructive: it says it is read-only, or says `destructiveHint: false` (MCP's
 *    default is destructive, so a tool that says nothing counts as destructive);
 *  - the call comes from a model, a frontend or an App of a session (not the person, not a connected
 *    app — the guard always asks for those anyway);
 *  - nothing in its arguments reads like instructions to a model (injectionMarkers.ts): such text is
 *    aimed at someone, maybe the rater itself.
 */
import { argumentStrings } from './rules/argumentStrings'
import { findInjectionMarkers } from './findings/injectionMarkers'
import type { CallOrigin, Decision, ToolCallRequest } from './types'
import type { Risk } from '../../shared/permissionApi'

/** What a rater returns: the risk and one sentence. */
export interface Rating {
  risk: Risk
  reason: string
}

/** Why a rating may not answer this question; `undefined` when it may. */
export type ReviewExclusion = 'not-a-mode-question' | 'finding' | 'inspector' | 'hook' | 'changed-definition' | 'destructive' | 'origin' | 'instructions-in-arguments'

/** The causes of the permission inspector that come from the permission mode alone. */
const MODE_CAUSES = new Set(['mode-smart', 'mode-ask'])

/** Whose calls a rating may answer for: a session's model, the window's frontend, an MCP App — never the person, a connected app or a hook (an allowlist, so a caller added later is left to the person). */
const RATED_ORIGINS: ReadonlySet<CallOrigin> = new Set<CallOrigin>(['model', 'frontend', 'app'])

/** Whether a low rating may answer this "ask" (see the file comment); the exclusion when not. */
export function reviewExclusion(call: ToolCallRequest, decision: Decision): ReviewExclusion | undefined {
  if (!RATED_ORIGINS.has(call.origin)) return 'origin'
  if (call.hookAsks) return 'hook'
  if (decision.changed) return 'changed-definition'
  if (decision.findings.length > 0) return 'finding'
  for (const step of decision.steps) {
    if (step.inspector === 'permission') continue
    if (step.verdict !== 'allow' || step.findings.length > 0) return 'inspector'
  }
  const permission = decision.steps.filter((step) => step.inspector === 'permission')
  if (permission.length !== 1 || permission[0]!.verdict !== 'ask' || !MODE_CAUSES.has(permission[0]!.cause ?? '')) return 'not-a-mode-question'
  const annotations = call.tool.annotations
  const destructive = annotations?.readOnlyHint !== true && annotations?.destructiveHint !== false
  if (destructive) return 'destructive'
  // Text in the arguments that reads like instructions to a model (injectionMarkers.ts) is aimed at
  // someone — maybe the rater: such a call is left to the person, and so is one not fully scanned.
  const { strings, complete } = argumentStrings(call.arguments)
  if (!complete || strings.some((entry) => findInjectionMarkers(entry.text).length > 0)) return 'instructions-in-arguments'
  return undefined
}

export { ALLOWED_BY_REVIEW } from '../../shared/permissionApi'
