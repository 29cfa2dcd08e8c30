/** The shapes shared by the importers: a server as read from a file, before and after it becomes a candidate config. */
import type { ImportFormat, ImportPreview, ImportServerPreview, ImportSource } from '../../../shared/extensionApi'
import type { ExtensionConfig } from '../config/extensionConfig'

/** The transports an imported server can use (builtin and frontend extensions are never imported). */
export type ImportedType = 'stdio' | 'streamable-http' | 'sse'

/** One server as a format reader understood it: fields in Switchboard's terms, plus what it noticed on the way. */
export interface ServerDraft {
  /** Its name in the file (the key under `mcpServers` / `servers`, or `name` in a link). */
  key: string
  /** An id the source asked for (a full extension config in a link); used when free. */
  preferredId?: string
  /** Undefined when the type could not be told; `problems` then says why. */
  type?: ImportedType
  command?: string
  args?: string[]
  env?: Record<string, string>
  cwd?: string
  url?: string
  headers?: Record<string, string>
  /** Fields a full extension config may carry over unchanged (timeouts, tool filter). */
  carried?: Record<string, unknown>
  /** Stop the import of this server. */
  problems: string[]
  /** Shown, but no obstacle. */
  warnings: string[]
}

/** A VS Code `inputs` entry: asked for once, its answer stored as a secret. */
export interface InputDeclaration {
  id: string
  type: string
  description?: string
  password: boolean
}

/** What a format reader returns: drafts, VS Code inputs, and problems with the file as a whole. */
export interface FormatReadResult {
  format: ImportFormat
  drafts: ServerDraft[]
  inputs: ReadonlyMap<string, InputDeclaration>
  problems: string[]
}

/** One server ready for the person's choice: the preview they see and the config main would add. */
export interface ImportCandidate {
  preview: ImportServerPreview
  /**
   * The validated config, literal env/header values still in place (they move to the keychain only
   * on import, with the person's OK); undefined when a problem stops the import.
   */
  config?: ExtensionConfig
}

/** A preview plus the candidates behind it (the candidates never leave main: they may hold secret values). */
export interface ImportPlan {
  preview: ImportPreview
  candidates: ImportCandidate[]
}

export type { ImportFormat, ImportSource }
