/**
 * `switchboard://install?config=<base64url JSON>`: a link that offers one server. Anyone can write
 * such a link, so every step is checked and says what is wrong: the size, the scheme, the
 * base64url text, UTF-8, JSON, and the shape (Claude Desktop's `{name, command, args, env}` /
 * `{name, url, headers}`, or a full Switchboard extension config). The result is a draft that
 * goes through the same review as any import, and installing still waits for the consent dialog.
 */
import type { FormatReadResult, ServerDraft } from './importTypes'
import { parseJsonText } from './jsonText'
import { isRecord, readServerEntry } from './serverEntry'

/** A server config fits in a few hundred bytes; 16 KB leaves room for long argument lists and nothing more. */
export const MAX_INSTALL_LINK_LENGTH = 16 * 1024

export const INSTALL_LINK_PREFIX = 'switchboard://install?config='

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/** Fields of a full extension config that an install link may not decide, or that the reader handles itself. */
const EXTENSION_ONLY_FIELDS = new Set(['id', 'name', 'enabled', 'trust', 'timeouts', 'tools'])

export type InstallLinkRead = { ok: true; read: FormatReadResult } | { ok: false; problem: string }

const fail = (problem: string): InstallLinkRead => ({ ok: false, problem })

/** The raw `config` value of the query: not form-decoded, so a "+" of plain base64 is not silently turned into a space. */
function configParameter(query: string): string[] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair.startsWith('config='))
    .map((pair) => pair.slice('config='.length))
}

function decodeConfigText(encoded: string): { ok: true; text: string } | { ok: false; problem: string } {
  let raw: string
  try {
    raw = decodeURIComponent(encoded)
  } catch {
    return { ok: false, problem: 'The config in the link has broken %-escapes; the link was probably cut off or altered. Ask for the link again.' }
  }
  if (!BASE64URL.test(raw) || raw.replace(/=+$/, '').length % 4 === 1) {
    return { ok: false, problem: 'The config in the link is not base64url text (letters, digits, "-" and "_"); the link was probably cut off or altered. Ask for the link again.' }
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(raw, 'base64url')) }
  } catch {
    return { ok: false, problem: 'The config in the link does not decode to UTF-8 text; it is not a server config. Ask for the link again.' }
  }
}

/** A full extension config (has `id` and `type`): read like an entry, with its id and a few settings carried over. */
function readExtensionConfig(value: Record<string, unknown>): ServerDraft {
  const entry = Object.fromEntries(Object.entries(value).filter(([field]) => !EXTENSION_ONLY_FIELDS.has(field)))
  const draft = readServerEntry(typeof value.name === 'string' ? value.name : String(value.id), entry)
  draft.preferredId = typeof value.id === 'string' ? value.id : undefined
  draft.carried = Object.fromEntries(['timeouts', 'tools'].filter((field) => value[field] !== undefined).map((field) => [field, value[field]]))
  if (value.trust === 'trusted') {
    draft.warnings.push('The link asks to be trusted; servers from links are always untrusted: you approve its launch and its tool calls.')
  }
  if (value.type === 'builtin' || value.type === 'frontend') {
    draft.problems.push(`A "${String(value.type)}" extension is part of Switchboard and cannot be installed from a link.`)
  }
  return draft
}

/** Decodes and checks an install link; never throws. */
export function readInstallLink(link: string): InstallLinkRead {
  const text = link.trim()
  if (text.length > MAX_INSTALL_LINK_LENGTH) {
    return fail(`The install link is ${text.length} characters long; at most ${MAX_INSTALL_LINK_LENGTH} are accepted. A server config is far smaller, so do not trust this link.`)
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return fail(`This is not a link; an install link starts with ${INSTALL_LINK_PREFIX}`)
  }
  if (url.protocol !== 'switchboard:' || url.hostname !== 'install' || (url.pathname !== '' && url.pathname !== '/')) {
    return fail(`This is not a Switchboard install link; one starts with ${INSTALL_LINK_PREFIX}`)
  }
  const values = configParameter(url.search)
  if (values.length !== 1 || values[0] === '') {
    return fail(values.length > 1 ? 'The link has more than one "config"; an install link offers exactly one server.' : `The link has no config; an install link looks like ${INSTALL_LINK_PREFIX}<base64url JSON>.`)
  }
  const decoded = decodeConfigText(values[0]!)
  if (!decoded.ok) return decoded
  const parsed = parseJsonText(decoded.text, 'The config in the link')
  if (!parsed.ok) return fail(parsed.problem)
  const value = parsed.value
  if (!isRecord(value)) return fail('The config in the link must be one server as a JSON object, e.g. {"name": "GitHub", "command": "npx", "args": [...]}.')
  let draft: ServerDraft
  if (typeof value.id === 'string' && typeof value.type === 'string') {
    draft = readExtensionConfig(value)
  } else if (typeof value.name === 'string' && value.name.trim() !== '') {
    const { name, ...entry } = value
    draft = readServerEntry(name as string, entry)
  } else {
    return fail('The config in the link has no "name"; a link offers one server as {"name": …, "command": …} or {"name": …, "url": …}.')
  }
  return { ok: true, read: { format: 'install-link', drafts: [draft], inputs: new Map(), problems: [] } }
}

/** Builds an install link for `config` (one server, in either accepted shape); used by tests and a future "share" button. */
export function installLinkFor(config: Record<string, unknown>): string {
  return INSTALL_LINK_PREFIX + Buffer.from(JSON.stringify(config), 'utf8').toString('base64url')
}
