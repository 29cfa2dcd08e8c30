/**
 * Masks secrets in text bound for a log: every value registered with the redactor (the SecretStore
 * registers what it stores and reads) and token shapes that are secret wherever they appear, so a
 * key pasted somewhere we did not anticipate still never reaches a log line.
 */

/** What a masked secret is replaced with. */
export const REDACTED = '[redacted]'

/**
 * Registered values shorter than this are not masked: masking "abc" or "1" would blank out ordinary
 * words and numbers all over the log and make it useless, while a 1–3 character secret protects
 * nothing anyway (it can be guessed).
 */
export const MIN_MASKED_SECRET_LENGTH = 4

interface TokenShape {
  readonly name: string
  readonly pattern: RegExp
  /** Receives the match and its groups; returns the replacement. */
  readonly mask: (match: string, ...groups: string[]) => string
}

const whole = (): string => REDACTED

/** A bearer credential is masked only when it looks like a token, so prose like "Bearer authentication" survives. */
function looksLikeToken(candidate: string): boolean {
  if (candidate.length >= 24) return true
  return candidate.length >= 8 && /[0-9._~+/=-]/.test(candidate)
}

/** Token shapes masked in every log line, registered or not. Exported for the tests' table. */
export const TOKEN_SHAPES: readonly TokenShape[] = [
  // OpenAI (sk-…, sk-proj-…) and Anthropic (sk-ant-api03-…) keys. The look-behind keeps words such as "task-list-…" intact.
  { name: 'sk- API key', pattern: /(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{16,}/g, mask: whole },
  // GitHub classic tokens (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained personal access tokens.
  { name: 'GitHub token', pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, mask: whole },
  // JWTs: base64url JSON header ("eyJ" is `{"`), payload, signature (empty for alg "none").
  { name: 'JWT', pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g, mask: whole },
  { name: 'Slack token', pattern: /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/g, mask: whole },
  { name: 'Google API key', pattern: /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/g, mask: whole },
  { name: 'AWS access key id', pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])/g, mask: whole },
  // `Authorization: Bearer …` in any case, as the scheme name is case-insensitive in HTTP.
  {
    name: 'Bearer credential',
    pattern: /\b(bearer)(\s+)([A-Za-z0-9._~+/-]+=*)/gi,
    mask: (match, scheme = '', space = '', token = '') => (looksLikeToken(token) ? `${scheme}${space}${REDACTED}` : match),
  },
  // `password: …`, `"api_key": "…"`, `?access_token=…`: the value after a key that always names a credential.
  {
    name: 'credential assignment',
    pattern: /\b((?:api[_-]?key|access[_-]?token|refresh[_-]?token|id[_-]?token|auth[_-]?token|client[_-]?secret|password|passwd)["']?\s*[:=]\s*["']?)([^\s"'&,;]{8,})/gi,
    mask: (_match, key = '') => `${key}${REDACTED}`,
  },
  // Bare `token` / `secret` only as `token=…` or `"secret": "…"`: a plain colon is how `${secret:NAME}` references and
  // secret names are written, and names are not secret.
  {
    name: 'token or secret assignment',
    pattern: /\b((?:token|secret)=|"(?:token|secret)"\s*:\s*")([^\s"'&,;]{8,})/gi,
    mask: (_match, key = '') => `${key}${REDACTED}`,
  },
]

/** Masks token shapes only (no registered values); pure. */
export function redactTokenShapes(text: string): string {
  let result = text
  for (const shape of TOKEN_SHAPES) result = result.replace(shape.pattern, shape.mask)
  return result
}

export interface Redactor {
  /** Starts masking `value` (and its JSON-escaped form). Counted: register twice, forget twice. */
  register(value: string): void
  /** Stops masking `value` once every registration of it was forgotten. */
  forget(value: string): void
  /** Returns `text` with every registered value and every token shape masked. */
  redact(text: string): string
  /** Returns `text` with every registered value masked (token shapes kept: for content that is not a log line). */
  redactValues(text: string): string
  /**
   * Whether a registered value may occur in `text`, as it is or JSON-escaped: false means
   * redactValues(text) would change nothing. Always true while a value with a surrogate code unit is
   * registered (its escaped form depends on the neighbouring character).
   */
  mayOccurIn(text: string): boolean
  /** How many distinct values are masked (for tests and diagnostics; never the values). */
  readonly size: number
}

/** A set of secret values to mask plus the token shapes; one process-wide instance lives in `secretValues.ts`. */
export function createRedactor(): Redactor {
  const counts = new Map<string, number>()
  // Rebuilt lazily after a change: one alternation, longest first, so a value that contains another is masked whole.
  let matcher: RegExp | undefined
  let dirty = false
  let surrogates = false

  const forms = (value: string): string[] => {
    // A value with quotes, backslashes or newlines appears escaped when someone logs JSON.stringify(...) of it.
    const escaped = JSON.stringify(value).slice(1, -1)
    return escaped === value ? [value] : [value, escaped]
  }
  const rebuild = (): RegExp | undefined => {
    const values = [...counts.keys()].flatMap(forms).sort((a, b) => b.length - a.length)
    if (values.length === 0) return undefined
    return new RegExp(values.map(escapeRegExp).join('|'), 'g')
  }

  const current = (): RegExp | undefined => {
    if (dirty) {
      matcher = rebuild()
      surrogates = [...counts.keys()].some((value) => SURROGATE.test(value))
      dirty = false
    }
    return matcher
  }
  const redactValues = (text: string): string => {
    const values = current()
    return values ? text.replace(values, REDACTED) : text
  }

  return {
    register(value) {
      if (value.length < MIN_MASKED_SECRET_LENGTH) return
      counts.set(value, (counts.get(value) ?? 0) + 1)
      dirty = true
    },
    forget(value) {
      const count = counts.get(value)
      if (count === undefined) return
      if (count > 1) counts.set(value, count - 1)
      else counts.delete(value)
      dirty = true
    },
    redact: (text) => redactTokenShapes(redactValues(text)),
    redactValues,
    mayOccurIn(text) {
      const values = current()
      if (!values) return false
      if (surrogates) return true
      values.lastIndex = 0
      return values.test(text)
    },
    get size() {
      return counts.size
    },
  }
}

const SURROGATE = /[\uD800-\uDFFF]/

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
