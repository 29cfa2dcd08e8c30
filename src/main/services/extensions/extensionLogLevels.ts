/**
 * The per-extension server log level (`<dataDir>/extension-log-levels.json`): sent with
 * `logging/setLevel` when an extension connects and whenever the person changes it, and only to
 * servers that declare the `logging` capability. No level set = the server's own default.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { LoggingLevelSchema, type LoggingLevel } from '../../../shared/logLevelApi'
import type { ManagerEvent } from '../../extensions'
import type { ExtensionConnection } from '../../extensions/connection/extensionConnection'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'
import { errorText } from '../../extensions/text'

const FileSchema = z.object({ version: z.literal(1), levels: z.record(z.string(), LoggingLevelSchema) })

export interface LogLevelTargets {
  /** The live connection while the extension is ready. */
  connection(id: string): ExtensionConnection | undefined
  /** A line in the extension's log. */
  note(id: string, level: 'info' | 'warn', text: string): void
  onChange(listener: (event: ManagerEvent) => void): () => void
}

export interface ExtensionLogLevels {
  levelOf(id: string): LoggingLevel | undefined
  /** Saves the level and sends it at once to a connected server; `undefined` stops asking (the server default returns on its next start). */
  set(id: string, level: LoggingLevel | undefined): Promise<void>
  forget(id: string): void
  /** Sends the saved level to every extension as it connects; returns the way to stop. */
  follow(targets: LogLevelTargets): () => void
  onChange(listener: () => void): () => void
  /** Damage found when reading the file (already moved aside). */
  notices: string[]
}

export function openExtensionLogLevels(dataDir: string): ExtensionLogLevels {
  const path = join(dataDir, 'extension-log-levels.json')
  const read = readJsonFile(path, FileSchema)
  const levels = new Map<string, LoggingLevel>(read.kind === 'ok' ? Object.entries(read.value.levels) : [])
  const notices =
    read.kind === 'damaged' ? [`The extension log levels could not be read (${read.reason}); the file was moved to ${read.movedTo} and every extension logs at its own default.`] : []
  const listeners = new Set<() => void>()
  // The level each live connection was last sent, so a status event does not send it twice.
  const sent = new WeakMap<ExtensionConnection, LoggingLevel>()
  let targets: LogLevelTargets | undefined
  let writing: Promise<void> = Promise.resolve()

  const send = (id: string) => {
    const connection = targets?.connection(id)
    const level = levels.get(id)
    if (!targets || !connection || !level || !connection.offersLogging || sent.get(connection) === level) return
    sent.set(connection, level)
    const to = targets
    connection.setLogLevel(level).then(
      () => to.note(id, 'info', `asked the server for log messages of level "${level}" and above`),
      (error: unknown) => to.note(id, 'warn', `the server refused logging/setLevel "${level}": ${errorText(error)}`),
    )
  }
  const save = () => {
    const text = JSON.stringify({ version: 1, levels: Object.fromEntries(levels) }, null, 2)
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
    return writing
  }

  return {
    notices,
    levelOf: (id) => levels.get(id),
    async set(id, level) {
      if (level === undefined) levels.delete(id)
      else levels.set(id, level)
      listeners.forEach((listener) => listener())
      send(id)
      await save()
    },
    forget(id) {
      if (levels.delete(id)) void save()
    },
    follow(next) {
      targets = next
      const off = next.onChange((event) => {
        if (event.type === 'status') send(event.id)
      })
      return () => {
        off()
        targets = undefined
      }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
