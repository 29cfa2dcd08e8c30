/**
 * The "Add extension" form as data: its state, the id derived from the name, the obvious problems
 * worth saying before anything is sent, and the config (plus the secrets to store) it turns into.
 * The host validates everything again and has the last word; this only saves a round trip.
 */
import { ExtensionIdPattern } from '../../../../shared/toolNames'
import { MAX_SECRET_NAME_LENGTH, SECRET_NAME_PATTERN } from '../../../../shared/secretRules'
import { secretValueProblem } from '../../settings/secretText'

export type TransportChoice = 'stdio' | 'streamable-http' | 'sse'
export type RowKind = 'env' | 'header'

/** One environment variable or header. `key` only tells rows apart in the list. */
export interface ValueRow {
  key: number
  name: string
  value: string
  /** Stored with secret_set; the config holds only a `${secret:…}` reference. */
  secret: boolean
}

export interface ExtensionForm {
  type: TransportChoice
  name: string
  id: string
  /** Once the person edits the id it is no longer derived from the name. */
  idEdited: boolean
  command: string
  /** One argument per line. */
  args: string
  cwd: string
  env: ValueRow[]
  url: string
  headers: ValueRow[]
  trusted: boolean
}

export const emptyForm: ExtensionForm = {
  type: 'stdio',
  name: '',
  id: '',
  idEdited: false,
  command: '',
  args: '',
  cwd: '',
  env: [],
  url: '',
  headers: [],
  trusted: false,
}

/** The kinds of extension the form can show (built-in and window extensions have nothing to edit). */
export const isEditable = (type: string): type is TransportChoice => type === 'stdio' || type === 'streamable-http' || type === 'sse'

/**
 * The form for an installed extension, from its config as the host shows it: `${secret:…}`
 * references and masked values stay as they are (the host keeps what they stand for), so only what
 * the person changes is changed.
 */
export function formFromExtension(extension: { id: string; name: string; type: TransportChoice; trust: 'trusted' | 'untrusted'; config: Record<string, unknown> }): ExtensionForm {
  const { config } = extension
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const rows = (value: unknown): ValueRow[] =>
    Object.entries(value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}).map(([name, entry], index) => ({ key: index + 1, name, value: text(entry), secret: false }))
  return {
    ...emptyForm,
    type: extension.type,
    name: extension.name,
    id: extension.id,
    idEdited: true,
    command: text(config.command),
    args: Array.isArray(config.args) ? config.args.filter((arg): arg is string => typeof arg === 'string').join('\n') : '',
    cwd: text(config.cwd),
    env: rows(config.env),
    url: text(config.url),
    headers: rows(config.headers),
    trusted: extension.trust === 'trusted',
  }
}

/** Field keys for messages: a named field, or one row of env/headers. */
export type FieldKey = 'name' | 'id' | 'command' | 'args' | 'cwd' | 'url' | `env:${number}` | `header:${number}`
export type RowProblem = { name?: string; value?: string }
export type Problems = Partial<Record<'name' | 'id' | 'command' | 'args' | 'cwd' | 'url', string>> & {
  rows: Record<string, RowProblem>
}

const MAX_ID = 32

/** "My GitHub Server!" → "my-github-server": lower case, letters and digits joined by "-", at most 32 characters. */
export function deriveId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '')
}

/** The arguments, one per line, without blank lines and without the spaces around each. */
export function splitArgs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

export const secretKey = (id: string, kind: RowKind, name: string) => `extension:${id}:${kind}:${name}`
export const secretReference = (key: string) => '${secret:' + key + '}'

const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const isAbsolutePath = (path: string) => path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')

function urlProblem(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'This is not a full address; write it with https://, e.g. https://example.com/mcp.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `Use an https:// address, not ${url.protocol}//.`
  return undefined
}

function rowProblems(form: ExtensionForm, kind: RowKind, submitted: boolean): Record<string, RowProblem> {
  const rows = kind === 'env' ? form.env : form.headers
  const noun = kind === 'env' ? 'variable' : 'header'
  const seen = new Set<string>()
  const problems: Record<string, RowProblem> = {}
  for (const row of rows) {
    const name = row.name.trim()
    const problem: RowProblem = {}
    if (!name) {
      if (row.value || (submitted && row.secret)) problem.name = `Name the ${noun}, or remove the row.`
    } else if (kind === 'env' && !envNamePattern.test(name)) {
      problem.name = 'Use letters, digits and "_", not starting with a digit (e.g. API_TOKEN).'
    } else if (kind === 'header' && !headerNamePattern.test(name)) {
      problem.name = 'Use letters, digits and "-" (e.g. Authorization or X-Api-Key).'
    } else if (seen.has(kind === 'header' ? name.toLowerCase() : name)) {
      problem.name = `This ${noun} is already set above.`
    } else if (row.secret && (!SECRET_NAME_PATTERN.test(name) || secretKey(form.id, kind, name).length > MAX_SECRET_NAME_LENGTH)) {
      problem.name = 'A secret’s name may use only letters, digits and . _ - : / @.'
    }
    seen.add(kind === 'header' ? name.toLowerCase() : name)
    if (row.secret && name) {
      const valueProblem = secretValueProblem(row.value, { submitted })
      if (valueProblem) problem.value = valueProblem === 'Enter a value.' ? 'Enter the secret value.' : valueProblem
    }
    if (problem.name || problem.value) problems[`${kind}:${row.key}`] = problem
  }
  return problems
}

/**
 * What is wrong before sending. Empty required fields count only once the person tried to add;
 * malformed values count at once.
 */
export function formProblems(form: ExtensionForm, takenIds: ReadonlySet<string>, submitted: boolean): Problems {
  const problems: Problems = { rows: {} }
  const name = form.name.trim()
  if (!name && submitted) problems.name = 'Give the extension a name.'
  else if (name.length > 80) problems.name = `Use at most 80 characters (this name has ${name.length}).`

  const id = form.id.trim()
  if (!id) {
    if (submitted) problems.id = 'Give it an id: lower-case letters, digits and "-".'
  } else if (!ExtensionIdPattern.test(id)) {
    problems.id =
      id.length > MAX_ID
        ? `Use at most ${MAX_ID} characters (this id has ${id.length}).`
        : 'Use lower-case letters, digits and "-", starting and ending with a letter or digit (e.g. my-server-2).'
  } else if (takenIds.has(id)) {
    problems.id = `An extension with the id “${id}” already exists; choose another.`
  }

  if (form.type === 'stdio') {
    if (!form.command.trim() && submitted) problems.command = 'Give the program to start, e.g. npx or /usr/local/bin/my-server.'
    const cwd = form.cwd.trim()
    if (cwd && !isAbsolutePath(cwd)) problems.cwd = 'Use an absolute path, e.g. /home/me/project.'
    problems.rows = rowProblems(form, 'env', submitted)
  } else {
    const url = form.url.trim()
    if (!url) {
      if (submitted) problems.url = 'Enter the server’s address, e.g. https://example.com/mcp.'
    } else {
      const problem = urlProblem(url)
      if (problem) problems.url = problem
    }
    problems.rows = rowProblems(form, 'header', submitted)
  }
  return problems
}

export function hasProblems(problems: Problems): boolean {
  const { rows, ...fields } = problems
  return Object.values(fields).some(Boolean) || Object.keys(rows).length > 0
}

/** A config for `extension_add`, and the secret values to store first (under the names it refers to). */
export function buildSubmission(form: ExtensionForm): { config: Record<string, unknown>; secrets: { key: string; value: string; field: FieldKey }[] } {
  const id = form.id.trim()
  const secrets: { key: string; value: string; field: FieldKey }[] = []
  const values = (rows: readonly ValueRow[], kind: RowKind) =>
    Object.fromEntries(
      rows
        .filter((row) => row.name.trim())
        .map((row) => {
          const name = row.name.trim()
          if (!row.secret) return [name, row.value]
          const key = secretKey(id, kind, name)
          secrets.push({ key, value: row.value, field: `${kind}:${row.key}` })
          return [name, secretReference(key)]
        }),
    )
  const common = { id, name: form.name.trim(), trust: form.trusted ? 'trusted' : 'untrusted', enabled: true }
  const config =
    form.type === 'stdio'
      ? {
          ...common,
          type: 'stdio',
          command: form.command.trim(),
          args: splitArgs(form.args),
          env: values(form.env, 'env'),
          ...(form.cwd.trim() ? { cwd: form.cwd.trim() } : {}),
        }
      : { ...common, type: form.type, url: form.url.trim(), headers: values(form.headers, 'header') }
  return { config, secrets }
}
