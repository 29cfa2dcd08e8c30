/**
 * What happens when the model calls a tool, before any particular arguments are known: runs, asks
 * or never, and why, for Settings → Permissions → Tools. The same decision as a real call's
 * (decidePermission), said to the person rather than to the model. Argument rules and the security
 * check look at a call's arguments, so they can still ask or refuse a particular call; the count
 * of rules naming the tool says when that may happen.
 */
import type { EffectiveDecisionView } from '../../shared/permissionApi'
import { decidePermission, type PermissionCause, type PermissionFacts } from './inspectors/permissionInspector'
import { unreachable } from './verdict'

export type EffectiveFacts = Omit<PermissionFacts, 'origin' | 'rules'>

const decisionOf = { allow: 'runs', ask: 'asks', deny: 'never' } as const

/** The decision for a model's call of the tool with arguments no rule matches; `rules`: how many argument rules name the tool. */
export function effectiveDecision(facts: EffectiveFacts, rules: number): EffectiveDecisionView {
  const decided = decidePermission({ ...facts, origin: 'model', rules: { decision: 'none', reason: '' } })
  return { decision: decisionOf[decided.verdict], reason: reasonFor(decided.cause, facts, decided.reasons[0] ?? ''), rules }
}

function reasonFor(cause: PermissionCause, facts: EffectiveFacts, modelReason: string): string {
  const whose = facts.toolPolicy !== undefined ? 'for this tool' : `for its extension, ${facts.names?.extension ?? facts.extensionId}`
  switch (cause) {
    case 'chat-only':
      return 'Tools are off: the permission mode is Chat only.'
    case 'policy-never':
      return `Set to “never” ${whose}.`
    case 'definition-changed':
      return 'Its definition changed since you accepted it: the next call asks, so you see what changed.'
    case 'policy-ask':
      return `Set to “ask every time” ${whose}.`
    case 'policy-always':
      return `You chose “always allow” ${whose}.`
    case 'policy-lapsed':
      return '“Always allow” was given for an earlier definition of the tool, so it asks again.'
    case 'mode-autonomous':
    case 'mode-smart-read-only':
    case 'mode-smart':
    case 'mode-ask':
    case 'pre-approved':
      // These already speak to the person: "Smart mode asks before tools that may change things; …".
      return modelReason
    case 'person':
    case 'session-allow':
    case 'hook-approved':
    case 'rule-deny':
    case 'rule-ask':
    case 'rule-allow':
      // Not reached for a model's call without matching rules; kept so the switch stays exhaustive.
      return modelReason
    default:
      return unreachable(cause)
  }
}
