/** Words for the permission settings: modes, policies, rule decisions and where a policy comes from. */
import type { ArgumentRule, CatalogToolView, PermissionMode, PolicyKind, RuleDecision } from '../../../shared/hostApi'

export const modeChoices: { value: PermissionMode; label: string; hint: string }[] = [
  { value: 'autonomous', label: 'Autonomous', hint: 'Runs every call unless a rule or policy holds it back.' },
  { value: 'smart', label: 'Smart', hint: 'Runs read-only tools of trusted extensions; asks before anything else.' },
  { value: 'ask', label: 'Ask', hint: 'Asks before every call that is not always allowed.' },
  { value: 'chat-only', label: 'Chat only', hint: 'Offers the model no tools at all.' },
]

export const modeLabel = (mode: PermissionMode): string => modeChoices.find((choice) => choice.value === mode)?.label ?? mode

/** What a policy select can be set to; `default` removes the policy (`permission_set` with null). */
export type PolicyChoice = PolicyKind | 'default'

export const policyLabels: Record<PolicyKind, string> = { always: 'Always allow', ask: 'Ask every time', never: 'Never' }

/** A tool's effective decision (main's EffectiveDecisionView) in words, and its tone in decisionTones. */
export const effectiveLabels = { runs: 'Runs', asks: 'Asks', never: 'Never' } as const
export const effectiveTone = { runs: 'allow', asks: 'ask', never: 'deny' } as const

export const decisionLabels: Record<RuleDecision, string> = { allow: 'Allow', ask: 'Ask', deny: 'Deny' }

/** Where the policy in force for a tool comes from, in words (for the tools table). */
export function policySourceText(policy: CatalogToolView['policy'], mode: PermissionMode | undefined): string {
  switch (policy.source) {
    case 'tool':
      return 'Set for this tool'
    case 'extension':
      return 'From its extension'
    case 'mode':
      return mode ? `Follows the mode (${modeLabel(mode)})` : 'Follows the mode'
  }
}

/** `glob safe*` or `regex ^x$`, for lists and the tester. */
export function matchText(rule: Pick<ArgumentRule, 'match'>): { kind: 'glob' | 'regex'; pattern: string } {
  return 'glob' in rule.match ? { kind: 'glob', pattern: rule.match.glob } : { kind: 'regex', pattern: rule.match.regex }
}

/** One line for a rule, e.g. `Allow fixture__echo when text matches glob safe*`. */
export function ruleSummary(rule: ArgumentRule): string {
  const { kind, pattern } = matchText(rule)
  return `${decisionLabels[rule.decision]} ${rule.tool} when ${rule.argument} matches ${kind} ${pattern}`
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A stored ISO time for people; the raw text when it cannot be read. */
export function formatTime(iso: string | undefined): string {
  if (!iso) return ''
  const time = Date.parse(iso)
  return Number.isNaN(time) ? iso : dateFormat.format(time)
}
