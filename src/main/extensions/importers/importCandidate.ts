/**
 * Turns a server draft into a candidate the person can review: an id, placeholders rewritten into
 * the extension's own `${secret:…}` names (and asked for), secret-looking literals offered for the
 * keychain, warnings about what cannot be carried over, and validation with parseExtensionConfig.
 */
import type { ImportSecretSuggestion, ImportSecretToAsk, ImportServerPreview } from '../../../shared/extensionApi'
import { redactTokenShapes } from '../../log/redact'
import { extensionEnvSecretName, extensionHeaderSecretName } from '../../secrets/secretNames'
import { parseExtensionConfig } from '../config/extensionConfig'
import type { ImportCandidate, InputDeclaration, ServerDraft } from './importTypes'
import { secretLikeReason, tokenShapeIn } from './secretLike'
import { quoteForMessage, shellSyntaxWarnings } from './shellSyntax'

type Field = 'env' | 'header'

/**
 * A value to be asked for: a VS Code `${input:id}`, or a `${secret:NAME}` the imported text named.
 * An import never reads an existing secret by name (a link could otherwise hand the person's
 * provider key to a new server), so both become a secret of the new extension that is asked for.
 */
type Placeholder = { text: string; kind: 'input'; inputId: string } | { text: string; kind: 'secret'; secretName: string }

// The classes exclude "{" so a scan from one "${" stops at the next: linear time on hostile text like "${input:${input:…".
const INPUT_REF = /\$\{input:([^{}]*)\}/g
// `$${secret:…}` is an escaped literal in Switchboard's syntax, so a preceding "$" excludes the match.
const SECRET_REF = /(?<!\$)\$\{secret:([^{}]*)\}/g
/** VS Code's other variables (${workspaceFolder}, ${env:HOME}, ${userHome}…): Switchboard does not expand them. */
const OTHER_VARIABLE = /\$\{(?!secret:|input:)[A-Za-z][A-Za-z0-9]*(?::[^{}]*)?\}/g
/**
 * A `${secret:` with no `}` before the next `{` or the end. Refused before validation: the
 * validator's reference scan takes quadratic time on text full of unclosed references.
 */
const UNCLOSED_SECRET = /\$\{secret:[^{}]*(?=\{|$)/

/** An option whose next argument is a credential: --token, --api-key, -p/--password… */
const CREDENTIAL_OPTION = /^--?[A-Za-z-]*(token|api-?key|secret|password|passwd)$/i

function placeholdersIn(value: string): Placeholder[] {
  const found = new Map<string, Placeholder>()
  for (const match of value.matchAll(INPUT_REF)) found.set(match[0], { text: match[0], kind: 'input', inputId: match[1]! })
  for (const match of value.matchAll(SECRET_REF)) found.set(match[0], { text: match[0], kind: 'secret', secretName: match[1]! })
  return [...found.values()]
}

/** The extension's own secret name for a field, or undefined when the name cannot be part of one. */
function secretNameFor(field: Field, id: string, name: string): string | undefined {
  try {
    return field === 'env' ? extensionEnvSecretName(id, name) : extensionHeaderSecretName(id, name)
  } catch {
    return undefined
  }
}

const fieldLabel = (field: Field, name: string) => `${field === 'env' ? 'env' : 'headers'}.${name}`

interface Collected {
  problems: string[]
  warnings: string[]
  asks: ImportSecretToAsk[]
  suggestions: ImportSecretSuggestion[]
}

/** Rewrites placeholders in env or header values into this extension's secret references, collecting asks and suggestions. */
function secretBearing(field: Field, values: Record<string, string>, id: string, inputs: ReadonlyMap<string, InputDeclaration>, out: Collected): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) {
    result[name] = value
    if (UNCLOSED_SECRET.test(value)) {
      out.problems.push(`${fieldLabel(field, name)} has a "\${secret:" without its closing "}"; write a reference as \${secret:NAME}, or remove it.`)
      continue
    }
    const placeholders = placeholdersIn(value)
    const secretName = secretNameFor(field, id, name)
    if (placeholders.length > 1) {
      out.problems.push(
        `${fieldLabel(field, name)} combines ${placeholders.map((p) => p.text).join(' and ')}; Switchboard keeps one secret per ${field === 'env' ? 'variable' : 'header'}. Use one input for the whole value, then import again.`,
      )
      continue
    }
    const placeholder = placeholders[0]
    if (!placeholder) {
      // An escaped `$${secret:…}` is Switchboard syntax already, not a value to move.
      const reason = value.includes('{secret:') ? undefined : secretLikeReason(field, name, value)
      if (reason && secretName) out.suggestions.push({ field, name, secretName, reason })
      continue
    }
    if (!secretName) {
      out.problems.push(`${fieldLabel(field, name)} holds ${placeholder.text}, but "${name}" cannot be part of a secret name (letters, digits and . _ - only); rename it, then import again.`)
      continue
    }
    result[name] = value.split(placeholder.text).join(`\${secret:${secretName}}`)
    if (placeholder.kind === 'input') {
      const input = inputs.get(placeholder.inputId)
      if (!input) out.warnings.push(`${fieldLabel(field, name)} uses \${input:${placeholder.inputId}}, which "inputs" does not declare; Switchboard asks for its value anyway.`)
      out.asks.push({ field, name, secretName, inputId: placeholder.inputId, description: input?.description, password: input?.password ?? true })
    } else {
      out.asks.push({ field, name, secretName, description: `The config used the secret "${placeholder.secretName}"; enter the value for this extension.`, password: true })
    }
  }
  return result
}

/** Problems and warnings about placeholders where Switchboard cannot fill them (command, args, cwd, url). */
function checkPlainText(where: string, text: string, out: Collected): void {
  for (const match of text.matchAll(INPUT_REF)) {
    out.problems.push(`${where} uses ${match[0]}; Switchboard fills secrets into env variables and headers only. Pass the value through an env variable instead, then import again.`)
  }
  const others = [...new Set([...text.matchAll(OTHER_VARIABLE)].map((match) => match[0]))]
  if (others.length > 0) out.warnings.push(`${where} uses ${others.join(', ')}, which Switchboard does not expand: the text is passed as it is. Replace it with the real value.`)
}

function checkValueVariables(field: Field, values: Record<string, string>, out: Collected): void {
  for (const [name, value] of Object.entries(values)) {
    const others = [...new Set([...value.matchAll(OTHER_VARIABLE)].map((match) => match[0]))]
    if (others.length > 0) out.warnings.push(`${fieldLabel(field, name)} uses ${others.join(', ')}, which Switchboard does not expand: the text is passed as it is. Replace it with the real value.`)
  }
}

/** Arguments as shown in the preview: credentials masked, each one found warned about (arguments cannot live in the keychain). */
function reviewArgs(args: readonly string[], out: Collected): string[] {
  return args.map((arg, index) => {
    const shape = tokenShapeIn(arg)
    const afterOption = index > 0 && CREDENTIAL_OPTION.test(args[index - 1]!) && !arg.startsWith('-')
    if (!shape && !afterOption) return arg
    out.warnings.push(
      `args[${index}] looks like a credential (${shape ?? `the value of ${args[index - 1]}`}). Arguments are stored in extensions.json and shown in the launch dialog; if the server can read it from an env variable, move it there after import so it can live in the keychain.`,
    )
    return shape ? redactTokenShapes(arg) : '••••••'
  })
}

/** Builds the candidate for `draft` under extension id `id` (already unique). */
export function buildCandidate(draft: ServerDraft, id: string, inputs: ReadonlyMap<string, InputDeclaration>): ImportCandidate {
  const out: Collected = { problems: [...draft.problems], warnings: [...draft.warnings], asks: [], suggestions: [] }
  const name = draft.key.trim().slice(0, 80) || 'Imported server'
  const env = secretBearing('env', draft.env ?? {}, id, inputs, out)
  const headers = secretBearing('header', draft.headers ?? {}, id, inputs, out)
  checkValueVariables('env', draft.env ?? {}, out)
  checkValueVariables('header', draft.headers ?? {}, out)
  if (draft.command !== undefined) checkPlainText('The command', draft.command, out)
  draft.args?.forEach((arg, index) => checkPlainText(`args[${index}]`, arg, out))
  if (draft.cwd !== undefined) checkPlainText('cwd', draft.cwd, out)
  if (draft.url !== undefined) checkPlainText('The url', draft.url, out)
  const shownArgs = draft.args && reviewArgs(draft.args, out)
  if (draft.command !== undefined) out.warnings.push(...shellSyntaxWarnings(draft.command, draft.args ?? []))
  const shownUrl = draft.url && redactTokenShapes(draft.url)
  if (draft.url !== undefined && shownUrl !== draft.url) {
    out.warnings.push(`The url ${quoteForMessage(draft.url)} contains a credential; it would be stored in extensions.json. If the server accepts it, send it in a header instead (headers can use the keychain).`)
  }

  // Imported servers are always untrusted and enabled: adding one then waits for the consent dialog.
  const base = { ...draft.carried, id, name, enabled: true, trust: 'untrusted' }
  const input =
    draft.type === 'stdio'
      ? { ...base, type: draft.type, command: draft.command, args: draft.args ?? [], env, ...(draft.cwd !== undefined ? { cwd: draft.cwd } : {}) }
      : { ...base, type: draft.type, url: draft.url, headers }
  let config: ImportCandidate['config']
  if (out.problems.length === 0 && draft.type !== undefined) {
    const parsed = parseExtensionConfig(input)
    if (parsed.ok) config = parsed.config
    // A message may quote a value (an address that is not a URL); token shapes in it are masked.
    else out.problems.push(...parsed.errors.map(redactTokenShapes))
  } else if (draft.type === undefined && out.problems.length === 0) {
    out.problems.push('Switchboard could not tell whether this server is a program or an address; give it "command" or "url".')
  }

  const preview: ImportServerPreview = {
    id,
    key: draft.key,
    name,
    type: draft.type,
    command: draft.command,
    args: shownArgs,
    cwd: draft.cwd,
    url: shownUrl,
    envNames: Object.keys(env),
    headerNames: Object.keys(headers),
    importable: config !== undefined,
    problems: out.problems,
    warnings: out.warnings,
    secretsToAsk: out.asks,
    secretSuggestions: out.suggestions,
  }
  return { preview, config }
}
