/**
 * Which literal env and header values of an imported config look like credentials, so the preview
 * can offer to move them into the keychain. Two signals: the value has a known token shape (the
 * same shapes the log redactor masks), or the name says it holds a credential.
 */
import { TOKEN_SHAPES } from '../../log/redact'

/** Words in a variable or header name that mean its value is a credential. */
const CREDENTIAL_WORDS = new Set([
  'TOKEN', 'KEY', 'APIKEY', 'SECRET', 'PASSWORD', 'PASSWD', 'PASSPHRASE', 'PASS', 'CREDENTIAL', 'CREDENTIALS',
  'AUTH', 'AUTHORIZATION', 'COOKIE', 'PAT', 'BEARER', 'JWT',
])
/** Words that turn a credential-sounding name into one that holds a path or a setting, e.g. SSH_KEY_PATH, AUTH_TYPE. */
const NOT_A_VALUE_WORDS = new Set(['PATH', 'FILE', 'DIR', 'TYPE', 'MODE', 'URL', 'HOST', 'ENDPOINT', 'ID', 'NAME', 'EXPIRY', 'TTL', 'LENGTH', 'HEADER'])

/** An auth scheme before a token in a header value (`Bearer abc…`): only the token needs to be secret. */
const AUTH_SCHEME = /^\s*(Bearer|Basic|Token|Bot)\s+(\S.*)$/i

/** The name of the token shape `value` contains, e.g. "GitHub token", or undefined. */
export function tokenShapeIn(value: string): string | undefined {
  for (const shape of TOKEN_SHAPES) {
    // The shapes are global regexes made for replace(); a fresh copy keeps `lastIndex` from leaking between calls.
    const pattern = new RegExp(shape.pattern.source, shape.pattern.flags.replace('g', ''))
    const match = pattern.exec(value)
    // Shapes with a masking rule (Bearer …) leave prose alone; only count a match they would mask.
    if (match && match[0].replace(pattern, shape.mask) !== match[0]) return shape.name
  }
  return undefined
}

function nameSaysCredential(name: string): boolean {
  // camelCase and kebab-case become words too: apiKey, X-Api-Key → API, KEY.
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
  if (words.some((word) => NOT_A_VALUE_WORDS.has(word))) return false
  return words.some((word) => CREDENTIAL_WORDS.has(word)) || /SECRET|PASSWORD|APIKEY|ACCESSTOKEN/i.test(name)
}

/** Values that hold no credential even under a credential-sounding name: empty, a flag, a number, a path or an address. */
function isPlainSetting(value: string): boolean {
  const trimmed = value.trim()
  return (
    trimmed.length < 4 ||
    /^(true|false|yes|no|on|off|null|none)$/i.test(trimmed) ||
    /^\d+$/.test(trimmed) ||
    /^(\/|~\/|\.{1,2}\/|[A-Za-z]:[\\/]|\\\\)/.test(trimmed) ||
    /^[a-z][a-z0-9+.-]*:\/\/[^@]*$/i.test(trimmed)
  )
}

/** Why a literal env/header value looks like a credential, or undefined when it does not. The value itself never appears in the reason. */
export function secretLikeReason(field: 'env' | 'header', name: string, value: string): string | undefined {
  const shape = tokenShapeIn(value)
  if (shape) return `the value looks like a ${shape}`
  if (isPlainSetting(value)) return undefined
  if (nameSaysCredential(name)) return `the ${field === 'env' ? 'variable' : 'header'} name "${name}" suggests a credential`
  return undefined
}

/**
 * What moves into the keychain for a value: for `Bearer abc…` only the token, so the config keeps
 * `Bearer ${secret:…}` and still shows which scheme it uses.
 */
export function splitAuthScheme(value: string): { prefix: string; secret: string } {
  const match = AUTH_SCHEME.exec(value)
  return match ? { prefix: `${match[1]} `, secret: match[2]!.trim() } : { prefix: '', secret: value }
}
