/**
 * What the "Paste or import" and "Install link" tabs show and send, computed from the host's
 * preview: the person's choices per server, the VS Code inputs asked for once, name conflicts, the
 * exact command line, and the `extension_import` request. Pure, so it is unit-tested without a DOM.
 */
import type { ExtensionStartSubject, HostToolArgs, ImportPreview, ImportSecretToAsk, ImportServerPreview, ImportSource } from '../../../../../shared/hostApi'
import { extensionIdFromName } from '../../../../../shared/toolNames'

/** The person's choice for one server of the preview. */
export interface ServerChoiceState {
  include: boolean
  /** Env/header names whose literal value moves to the keychain (each suggestion is ticked until the person says no). */
  move: Record<string, boolean>
  /** Values typed for this server's own secrets (not VS Code inputs), by env/header name. */
  secrets: Record<string, string>
}
export type ChoiceStates = Record<string, ServerChoiceState>

/** What the preview was made from; the import must name the same thing. */
export type ImportTarget = { json: string; source?: ImportSource } | { source: ImportSource } | { link: string }

/** Every importable server included; every secret-looking value moves to the keychain unless the person unticks it. */
export function initialChoices(preview: ImportPreview): ChoiceStates {
  return Object.fromEntries(
    preview.servers.map((server) => [
      server.id,
      { include: server.importable, move: Object.fromEntries(server.secretSuggestions.map((suggestion) => [suggestion.name, true])), secrets: {} },
    ]),
  )
}

/** A VS Code input, asked for once however many servers use it. */
export interface InputToAsk {
  inputId: string
  description?: string
  password: boolean
  /** Names of the servers that use it. */
  usedBy: string[]
}

/** The VS Code inputs the included servers use, in order of first use. */
export function inputsToAsk(preview: ImportPreview, choices: ChoiceStates): InputToAsk[] {
  const inputs = new Map<string, InputToAsk>()
  for (const server of preview.servers) {
    if (!choices[server.id]?.include) continue
    for (const ask of server.secretsToAsk) {
      if (ask.inputId === undefined) continue
      const known = inputs.get(ask.inputId)
      if (!known) inputs.set(ask.inputId, { inputId: ask.inputId, description: ask.description, password: ask.password, usedBy: [server.name] })
      else {
        if (!known.usedBy.includes(server.name)) known.usedBy.push(server.name)
        // One of the uses asking for a password field is enough to hide what is typed.
        known.password ||= ask.password
        known.description ??= ask.description
      }
    }
  }
  return [...inputs.values()]
}

/** The secrets a server asks for itself (references in its config), as opposed to shared VS Code inputs. */
export const ownSecretsToAsk = (server: ImportServerPreview): ImportSecretToAsk[] => server.secretsToAsk.filter((ask) => ask.inputId === undefined)

const nonEmpty = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))

/** The `extension_import` request for these choices; empty secret fields are left out (set them later, the extension waits for them). */
export function importRequest(target: ImportTarget, preview: ImportPreview, choices: ChoiceStates, inputs: Record<string, string>): HostToolArgs<'extension_import'> {
  const servers = preview.servers.map((server) => {
    const choice = choices[server.id]
    const include = server.importable && (choice?.include ?? false)
    if (!include) return { id: server.id, key: server.key, include: false }
    const secrets = nonEmpty(choice?.secrets ?? {})
    return {
      id: server.id,
      key: server.key,
      include: true,
      ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
      moveToKeychain: server.secretSuggestions.filter((suggestion) => choice?.move[suggestion.name] ?? true).map((suggestion) => suggestion.name),
    }
  })
  const answered = nonEmpty(inputs)
  return { ...target, servers, ...(Object.keys(answered).length > 0 ? { inputs: answered } : {}) }
}

export const includedCount = (preview: ImportPreview, choices: ChoiceStates): number =>
  preview.servers.filter((server) => server.importable && choices[server.id]?.include).length

/** An argument as it is passed: quoted (JSON-style) when spaces, quotes or emptiness would make the line ambiguous. */
export function shellQuote(arg: string): string {
  return arg === '' || /[\s"'\\]/.test(arg) ? JSON.stringify(arg) : arg
}

/** The exact command line, one token per argument, for showing only (it is never run through a shell). */
export function commandLine(server: Pick<ImportServerPreview, 'command' | 'args'>): string {
  return [server.command ?? '', ...(server.args ?? [])].map(shellQuote).join(' ')
}

/** Says when an installed extension already has this server's name or the id its name would get. */
export function nameConflict(server: Pick<ImportServerPreview, 'id' | 'key' | 'name'>, installed: ReadonlyArray<{ id: string; name: string }>): string | undefined {
  const sameName = installed.find((extension) => extension.name.trim().toLowerCase() === server.name.trim().toLowerCase())
  if (sameName) {
    return `An extension named "${sameName.name}" is already installed (id "${sameName.id}"). This one is added beside it as "${server.id}"; nothing is replaced.`
  }
  const wanted = extensionIdFromName(server.key, new Set())
  if (wanted !== server.id && installed.some((extension) => extension.id === wanted)) {
    return `The id "${wanted}" is taken by an installed extension, so this one is added as "${server.id}"; nothing is replaced.`
  }
  return undefined
}

/** The launch as the consent dialog will show it (program and each argument apart), or undefined when the type is unknown. */
export function startSubject(server: ImportServerPreview): ExtensionStartSubject | undefined {
  if (server.type === undefined) return undefined
  if (server.type === 'stdio') {
    return { type: 'extension-start', extensionType: 'stdio', command: server.command, args: server.args ?? [], envNames: server.envNames, cwd: server.cwd, warnings: [] }
  }
  return { type: 'extension-start', extensionType: server.type, url: server.url, headerNames: server.headerNames, warnings: [] }
}
