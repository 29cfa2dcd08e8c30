/**
 * Turns zod issues into messages a person can act on: each names the field (`env.NODE_OPTIONS`,
 * `args[2]`) and says how to fix it. Our own refinements already carry the fix in their message;
 * zod's generic issues get one here.
 */
import type { z } from 'zod'

type Issue = z.core.$ZodIssue

/** `["env", "FOO"]` → `env.FOO`, `["args", 2]` → `args[2]`, `[]` → `config`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'config'
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
    .join('')
}

const quoteAll = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(', ')

/** zod's own messages start like this; anything else was written by our schema and already says the fix. */
const zodDefaultMessage = /^(Invalid|Too (small|big)|Unrecognized|Expected)/

function describe(issue: Issue): string {
  if (!zodDefaultMessage.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type': {
      // zod 4 leaves `input` out of issues by default; its message says what was received.
      const what = `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
      return /received undefined$/.test(issue.message) ? `is required; add it (${what}).` : `must be ${what}; change the value to ${what}.`
    }
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'cannot be empty; fill it in.'
        : `is too small (${issue.message}); use at least ${String(issue.minimum)}.`
    case 'too_big':
      return `is too large (${issue.message}); use at most ${String(issue.maximum)}.`
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${quoteAll(issue.keys)}; remove ${issue.keys.length > 1 ? 'them' : 'it'} or check the spelling.`
    case 'invalid_union':
      return 'discriminator' in issue && issue.discriminator
        ? `must be one of ${quoteAll((issue as { options?: unknown[] }).options ?? [])}; set it to the kind of extension.`
        : 'does not match any allowed shape; check the value against the documentation.'
    case 'invalid_value':
      return `must be one of ${quoteAll(issue.values)}; pick one of them.`
    case 'invalid_format':
      return `is not a valid ${issue.format}; correct it.`
    case 'custom':
      return issue.message
    case 'not_multiple_of':
    case 'invalid_key':
    case 'invalid_element':
      return `${issue.message}; correct the value.`
    default:
      return `${(issue as { message: string }).message}; correct the value.`
  }
}

/** One message per issue, `field: problem; fix`. */
export function formatConfigIssues(issues: readonly Issue[]): string[] {
  return issues.map((issue) => `${fieldPath(issue.path)}: ${describe(issue)}`)
}
