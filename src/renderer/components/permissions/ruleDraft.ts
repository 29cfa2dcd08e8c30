/**
 * The argument-rule form's state: what the person typed, what is obviously missing before anything
 * is sent, and the rule object `permission_rule_save` gets. Main checks the rule again (tool
 * pattern, regex safety, globs) and its message is shown next to the form.
 */
import { ruleLimits, type ArgumentRule, type RuleDecision } from '../../../shared/hostApi'

export interface RuleDraft {
  /** Kept when editing, so saving replaces the rule in place; empty for a new rule. */
  id: string
  tool: string
  argument: string
  matchKind: 'glob' | 'regex'
  pattern: string
  decision: RuleDecision
  note: string
}

export type RuleField = 'tool' | 'argument' | 'pattern' | 'note'

/** A readable id for a new rule, e.g. `fixture__echo-text-3f2a`: the list and the tester's trace show it. */
export function newRuleId(tool: string, argument: string): string {
  const slug = (text: string) => text.replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40)
  const bytes = crypto.getRandomValues(new Uint8Array(2))
  const suffix = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return [slug(tool), slug(argument), suffix].filter(Boolean).join('-')
}

/** A new rule has no id until it is saved (made from its tool and argument then). */
export function emptyDraft(): RuleDraft {
  return { id: '', tool: '', argument: '', matchKind: 'glob', pattern: '', decision: 'allow', note: '' }
}

export function draftOf(rule: ArgumentRule): RuleDraft {
  const glob = 'glob' in rule.match
  return {
    id: rule.id,
    tool: rule.tool,
    argument: rule.argument,
    matchKind: glob ? 'glob' : 'regex',
    pattern: 'glob' in rule.match ? rule.match.glob : rule.match.regex,
    decision: rule.decision,
    note: rule.note ?? '',
  }
}

/** What is wrong with each field, before sending; empty fields count only once the person tried to save. */
export function draftProblems(draft: RuleDraft, submitted: boolean): Partial<Record<RuleField, string>> {
  const problems: Partial<Record<RuleField, string>> = {}
  const tool = draft.tool.trim()
  if (tool === '' && submitted) problems.tool = 'Name a tool, or a pattern such as files__*.'
  else if (tool !== '' && !/^[A-Za-z0-9_*?-]+$/.test(tool)) problems.tool = 'Use letters, digits, "_" and "-", and the wildcards * and ?.'
  else if (tool.length > ruleLimits.maxToolPatternLength) problems.tool = `Use at most ${ruleLimits.maxToolPatternLength} characters.`
  const argument = draft.argument.trim()
  if (argument === '' && submitted) problems.argument = 'Name an argument, e.g. path, or a JSON pointer such as /options/path.'
  else if (argument.length > ruleLimits.maxArgumentLength) problems.argument = `Use at most ${ruleLimits.maxArgumentLength} characters.`
  const limit = draft.matchKind === 'glob' ? ruleLimits.maxGlobLength : ruleLimits.maxRegexLength
  if (draft.pattern === '' && submitted) problems.pattern = draft.matchKind === 'glob' ? 'Give a glob, e.g. ~/Notes/** or safe*.' : 'Give a regular expression.'
  else if (draft.pattern.length > limit) problems.pattern = `Use at most ${limit} characters.`
  if (draft.note.length > ruleLimits.maxNoteLength) problems.note = `Use at most ${ruleLimits.maxNoteLength} characters.`
  return problems
}

/** The rule as `permission_rule_save` and `permission_rule_test` take it. */
export function ruleOf(draft: RuleDraft): ArgumentRule {
  const note = draft.note.trim()
  const tool = draft.tool.trim()
  const argument = draft.argument.trim()
  return {
    id: draft.id || newRuleId(tool, argument),
    tool,
    argument,
    match: draft.matchKind === 'glob' ? { glob: draft.pattern } : { regex: draft.pattern },
    decision: draft.decision,
    ...(note ? { note } : {}),
  }
}
