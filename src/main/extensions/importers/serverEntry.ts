/**
 * Reads one server entry of an imported file into a draft: `{command, args, env}` or `{url,
 * headers}` as in Claude Desktop and Cursor, plus VS Code's `type` and `envFile`. Every field that
 * cannot be carried over is said, never silently dropped.
 */
import type { ImportedType, ServerDraft } from './importTypes'

/** Longest server name kept; a longer one is cut (it becomes the display name). */
const MAX_KEY_LENGTH = 200

/**
 * The longest text kept in a field, as extensionConfig.ts allows. Longer text is refused here,
 * before validation, whose reference scan is not linear on hostile text.
 */
const MAX_TEXT_LENGTH = 32_768

function tooLong(where: string, text: string, problems: string[]): boolean {
  if (text.length <= MAX_TEXT_LENGTH) return false
  problems.push(`${where} is ${text.length} characters long; at most ${MAX_TEXT_LENGTH} are allowed. Shorten it.`)
  return true
}

/** Fields a reader uses; anything else in an entry is listed as ignored. */
const USED_FIELDS = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'envFile', 'disabled'])

/** The `type` spellings seen in the wild for each transport. */
const TYPE_NAMES: Record<string, ImportedType> = {
  stdio: 'stdio',
  http: 'streamable-http',
  'streamable-http': 'streamable-http',
  streamablehttp: 'streamable-http',
  streamable_http: 'streamable-http',
  sse: 'sse',
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function readString(entry: Record<string, unknown>, field: string, problems: string[]): string | undefined {
  const value = entry[field]
  if (value === undefined) return undefined
  if (typeof value === 'string') return tooLong(`"${field}"`, value, problems) ? undefined : value
  problems.push(`"${field}" must be text, not ${describeJson(value)}; write it in quotes.`)
  return undefined
}

function readArgs(entry: Record<string, unknown>, problems: string[]): string[] | undefined {
  const value = entry.args
  if (value === undefined) return undefined
  if (!Array.isArray(value)) {
    problems.push(`"args" must be a list of texts, e.g. ["-y", "some-package"], not ${describeJson(value)}.`)
    return undefined
  }
  const args: string[] = []
  value.forEach((arg, index) => {
    if (typeof arg !== 'string') problems.push(`args[${index}] must be text, not ${describeJson(arg)}; write it in quotes.`)
    else if (!tooLong(`args[${index}]`, arg, problems)) args.push(arg)
  })
  return args
}

/** Env and headers: text values; numbers and booleans become text (that is what a process or request gets anyway). */
function readStringMap(entry: Record<string, unknown>, field: 'env' | 'headers', problems: string[]): Record<string, string> | undefined {
  const value = entry[field]
  if (value === undefined) return undefined
  if (!isRecord(value)) {
    problems.push(`"${field}" must be an object of names and texts, e.g. {"NAME": "value"}, not ${describeJson(value)}.`)
    return undefined
  }
  const result: Record<string, string> = {}
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'string') {
      if (!tooLong(`${field}.${name}`, item, problems)) result[name] = item
    } else if (typeof item === 'number' || typeof item === 'boolean') result[name] = String(item)
    else problems.push(`${field}.${name} must be text, not ${describeJson(item)}.`)
  }
  return result
}

/** What kind of JSON value this is, for messages. Text is never quoted: it could be a token put in the wrong place. */
function describeJson(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return 'a text'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`.slice(0, 40)
}

/** The transport, from `type` when given, else from whether the entry starts a program or names an address. */
function readType(entry: Record<string, unknown>, draft: ServerDraft): ImportedType | undefined {
  const hasCommand = entry.command !== undefined
  const hasUrl = entry.url !== undefined
  if (entry.type !== undefined) {
    const type = typeof entry.type === 'string' ? TYPE_NAMES[entry.type.toLowerCase()] : undefined
    if (!type) draft.problems.push(`"type" ${JSON.stringify(entry.type)} is not supported; use "stdio" (a program), "http" or "sse" (a server address).`)
    return type
  }
  if (hasCommand && hasUrl) {
    draft.problems.push('It has both "command" and "url"; keep "command" to start a program, or "url" to connect to a running server.')
    return undefined
  }
  if (hasCommand) return 'stdio'
  if (!hasUrl) {
    draft.problems.push('It has neither "command" (a program to start) nor "url" (a server address); add one.')
    return undefined
  }
  // No type: Cursor and others try streamable HTTP first; an address ending in /sse is the older SSE transport.
  if (typeof entry.url === 'string' && /\/sse\/?(\?|#|$)/.test(entry.url)) {
    draft.warnings.push('No "type" given and the address ends in /sse, so Switchboard uses the older SSE transport.')
    return 'sse'
  }
  return 'streamable-http'
}

/** Reads `entry` (the value under a server's name) into a draft; `key` is that name. */
export function readServerEntry(key: string, entry: unknown): ServerDraft {
  const draft: ServerDraft = { key: key.slice(0, MAX_KEY_LENGTH), problems: [], warnings: [] }
  if (key.length > MAX_KEY_LENGTH) draft.warnings.push(`The server name is ${key.length} characters long; it was cut to ${MAX_KEY_LENGTH}.`)
  if (!isRecord(entry)) {
    draft.problems.push(`The entry must be an object with "command" (a program to start) or "url" (a server address), not ${describeJson(entry)}.`)
    return draft
  }
  draft.type = readType(entry, draft)
  const remote = draft.type === 'streamable-http' || draft.type === 'sse'
  if (draft.type === 'stdio') {
    draft.command = readString(entry, 'command', draft.problems)
    if (draft.command === undefined && !draft.problems.some((problem) => problem.startsWith('"command"'))) {
      draft.problems.push('"type" is "stdio" but there is no "command"; add the program to start, e.g. "npx".')
    }
    draft.args = readArgs(entry, draft.problems)
    draft.env = readStringMap(entry, 'env', draft.problems)
    draft.cwd = readString(entry, 'cwd', draft.problems)
  } else if (remote) {
    draft.url = readString(entry, 'url', draft.problems)
    if (draft.url === undefined && !draft.problems.some((problem) => problem.startsWith('"url"'))) {
      draft.problems.push(`"type" is "${String(entry.type)}" but there is no "url"; add the server address.`)
    }
    draft.headers = readStringMap(entry, 'headers', draft.problems)
  }

  const unused = remote ? ['command', 'args', 'env', 'cwd'] : draft.type === 'stdio' ? ['url', 'headers'] : []
  const ignoredForType = unused.filter((field) => entry[field] !== undefined)
  if (ignoredForType.length > 0) draft.warnings.push(`Ignored ${ignoredForType.map((field) => `"${field}"`).join(', ')}: not used by a ${remote ? 'server address' : 'program'} entry.`)
  if (entry.envFile !== undefined) {
    draft.warnings.push(
      `"envFile" (${JSON.stringify(entry.envFile)}) is not read: Switchboard passes only the variables listed in "env". Add the variables the server needs to "env" after import (secrets go to the keychain).`,
    )
  }
  if (entry.disabled === true) draft.warnings.push('It is disabled in the imported file; Switchboard imports it and still asks before its first start.')
  const unknown = Object.keys(entry).filter((field) => !USED_FIELDS.has(field)).slice(0, 10)
  if (unknown.length > 0) draft.warnings.push(`Ignored ${unknown.map((field) => JSON.stringify(field.slice(0, 40))).join(', ')}: Switchboard does not use ${unknown.length > 1 ? 'these fields' : 'this field'}.`)
  return draft
}

export { isRecord }
