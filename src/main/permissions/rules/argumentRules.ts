/**
 * Argument rules: "for tool T, when argument A matches glob/regex M, decide D".
 *
 * Which rule wins: every rule is checked; the strictest matching decision wins (deny, then ask,
 * then allow), and among rules with the same decision the first in the list is the one reported.
 * So the order of the list never opens a hole: no allow rule placed early can override a deny rule.
 *
 * When a value cannot be checked for sure (a relative path, a value over the size limit, a regex on
 * a path with `..`), rules err on the safe side: an allow rule does not match, a deny or ask rule does.
 * For an argument holding several values (`paths: [...]`), an allow rule must match every one of
 * them, a deny or ask rule any one of them.
 */
import { lookupArgument, argumentPath } from './argumentValues'
import { compilePathGlob, isPathGlob, resolvePathValue, type PathEnvironment } from './pathGlob'
import { ArgumentRuleSchema, describeZodError, type ArgumentRule, type RuleDecision } from '../permissionSchema'
import { compileRuleRegex, MAX_REGEX_INPUT } from './ruleRegex'
import { TOOL_PATTERN, wildcardMatch } from './wildcard'

/** What rules need to know about the machine: where `~` is and whether paths ignore case. */
export type RuleEnvironment = PathEnvironment

/** The part of a call rules look at (also what the tester in settings sends). */
export interface RuleSample {
  toolName: string
  arguments: Record<string, unknown>
}

type ValueCheck = { kind: 'match' } | { kind: 'no-match' } | { kind: 'undecidable'; why: string }

/** A validated rule, ready to run. */
export interface CompiledRule {
  rule: ArgumentRule
  /** e.g. `path glob /home/me/Notes/**` — what the rule compares, after `~` expansion. */
  describe: string
  checkValue(value: string): ValueCheck
}

export type RuleValidation = { ok: true; compiled: CompiledRule } | { ok: false; error: string }

/** What one rule made of one call. */
export interface RuleTrace {
  ruleId: string
  decision: RuleDecision
  outcome: 'other-tool' | 'argument-missing' | 'matched' | 'not-matched'
  /** One sentence: why it matched or not. */
  detail: string
}

export interface RuleEvaluation {
  /** The winning decision, or `none` when no rule matched. */
  decision: RuleDecision | 'none'
  ruleId?: string
  reason: string
  trace: RuleTrace[]
}

const MAX_SHOWN = 80
const show = (value: string): string => JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value)
const HAS_DOT_DOT = /(^|[\\/])\.\.([\\/]|$)/

function valueChecker(rule: ArgumentRule, env: RuleEnvironment): { ok: true; describe: string; check: (value: string) => ValueCheck } | { ok: false; error: string } {
  const tooLong = (value: string): ValueCheck | undefined =>
    value.length > MAX_REGEX_INPUT ? { kind: 'undecidable', why: `it is longer than ${MAX_REGEX_INPUT} characters` } : undefined
  if ('glob' in rule.match) {
    const glob = rule.match.glob
    if (!isPathGlob(glob)) {
      return { ok: true, describe: `text glob ${glob}`, check: (value) => tooLong(value) ?? (wildcardMatch(glob, value) ? { kind: 'match' } : { kind: 'no-match' }) }
    }
    const compiled = compilePathGlob(glob, env)
    if (!compiled.ok) return compiled
    return {
      ok: true,
      describe: `path glob ${compiled.glob}`,
      check: (value) => {
        const long = tooLong(value)
        if (long) return long
        const resolved = resolvePathValue(value, env)
        if (resolved.kind === 'undecidable') return resolved
        return compiled.matches(resolved.path) ? { kind: 'match' } : { kind: 'no-match' }
      },
    }
  }
  const compiled = compileRuleRegex(rule.match.regex)
  if (!compiled.ok) return compiled
  const { regex } = compiled
  return {
    ok: true,
    describe: `regex /${rule.match.regex}/`,
    check: (value) => {
      const long = tooLong(value)
      if (long) return long
      if (rule.decision === 'allow' && HAS_DOT_DOT.test(value)) {
        return { kind: 'undecidable', why: 'it contains a ".." segment, and a regex cannot tell where such a path ends up (use a path glob to allow folders)' }
      }
      return regex.test(value) ? { kind: 'match' } : { kind: 'no-match' }
    },
  }
}

/** Validates an untrusted rule (from the file or the renderer) and compiles it; errors name the field. */
export function compileRule(raw: unknown, env: RuleEnvironment): RuleValidation {
  const parsed = ArgumentRuleSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, error: `The rule is not valid: ${describeZodError(parsed.error)}.` }
  const rule = parsed.data
  if (!TOOL_PATTERN.test(rule.tool)) {
    return { ok: false, error: `The rule's tool "${rule.tool}" may contain only letters, digits, "_", "-" and the wildcards "*" and "?" (for example files__*).` }
  }
  if (rule.argument === '/') return { ok: false, error: 'The rule\'s argument "/" points at the whole argument object; name one argument, e.g. "path" or "/options/path".' }
  const checker = valueChecker(rule, env)
  if (!checker.ok) return { ok: false, error: checker.error }
  return { ok: true, compiled: { rule, describe: checker.describe, checkValue: checker.check } }
}

/** What `compiled` makes of `sample`. */
export function checkRule(compiled: CompiledRule, sample: RuleSample): RuleTrace {
  const { rule } = compiled
  const base = { ruleId: rule.id, decision: rule.decision }
  if (!wildcardMatch(rule.tool, sample.toolName)) return { ...base, outcome: 'other-tool', detail: `The rule is for ${rule.tool}, not ${sample.toolName}.` }
  const lookup = lookupArgument(sample.arguments, argumentPath(rule.argument))
  if (!lookup.found || lookup.values.length === 0) return { ...base, outcome: 'argument-missing', detail: `The call has no value for "${rule.argument}".` }
  const checks = lookup.values.map((value) => ({ value, check: compiled.checkValue(value) }))
  if (rule.decision === 'allow') {
    // An allow rule must be sure about every value.
    if (lookup.truncated) return { ...base, outcome: 'not-matched', detail: `"${rule.argument}" holds too many values to check them all, so the allow rule does not apply.` }
    for (const { value, check } of checks) {
      if (check.kind === 'no-match') return { ...base, outcome: 'not-matched', detail: `${show(value)} does not match ${compiled.describe}.` }
      if (check.kind === 'undecidable') return { ...base, outcome: 'not-matched', detail: `${show(value)} cannot be checked (${check.why}), so the allow rule does not apply.` }
    }
    const shown = checks.length === 1 ? show(checks[0]!.value) : `all ${checks.length} values`
    return { ...base, outcome: 'matched', detail: `${shown} of "${rule.argument}" match ${compiled.describe}.` }
  }
  // A deny or ask rule applies as soon as one value matches or cannot be ruled out.
  const hit = checks.find(({ check }) => check.kind === 'match')
  if (hit) return { ...base, outcome: 'matched', detail: `${show(hit.value)} of "${rule.argument}" matches ${compiled.describe}.` }
  const unsure = checks.find(({ check }) => check.kind === 'undecidable')
  if (unsure && unsure.check.kind === 'undecidable') {
    return { ...base, outcome: 'matched', detail: `${show(unsure.value)} cannot be checked (${unsure.check.why}), so the ${rule.decision} rule applies to be safe.` }
  }
  if (lookup.truncated) return { ...base, outcome: 'matched', detail: `"${rule.argument}" holds too many values to check them all, so the ${rule.decision} rule applies to be safe.` }
  return { ...base, outcome: 'not-matched', detail: `No value of "${rule.argument}" matches ${compiled.describe}.` }
}

const strictness: Record<RuleDecision, number> = { allow: 0, ask: 1, deny: 2 }

/** Runs every rule; the strictest match wins, ties go to the earliest rule (see the top of this file). */
export function evaluateRules(rules: readonly CompiledRule[], sample: RuleSample): RuleEvaluation {
  const trace = rules.map((compiled) => checkRule(compiled, sample))
  let winner: RuleTrace | undefined
  for (const entry of trace) {
    if (entry.outcome !== 'matched') continue
    if (!winner || strictness[entry.decision] > strictness[winner.decision]) winner = entry
  }
  if (!winner) return { decision: 'none', reason: 'No argument rule matches this call.', trace }
  return { decision: winner.decision, ruleId: winner.ruleId, reason: `Argument rule "${winner.ruleId}" says ${winner.decision}: ${winner.detail}`, trace }
}

/** The tester in settings: validates a rule (maybe unsaved) and shows what it would make of a sample call. */
export function testRule(raw: unknown, sample: RuleSample, env: RuleEnvironment): { ok: true; trace: RuleTrace; wouldDecide: RuleDecision | 'none' } | { ok: false; error: string } {
  const compiled = compileRule(raw, env)
  if (!compiled.ok) return compiled
  const trace = checkRule(compiled.compiled, sample)
  return { ok: true, trace, wouldDecide: trace.outcome === 'matched' ? trace.decision : 'none' }
}
