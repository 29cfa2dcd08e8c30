/**
 * "Allow for this session" (issue 38): a tool allowed for the rest of one chat session, kept with the
 * session across restarts (`<dataDir>/session-grants.json`), and bound to the tool's definition hash
 * like "Always allow": a grant given for another definition no longer applies (the permission
 * inspector compares the hash at every call). Grants of a deleted session are dropped with it.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { log } from '../log/log'
import { writeFileAtomic } from '../storage/atomicFile'
import { readJsonFile } from '../storage/jsonFile'

export const SESSION_GRANTS_FILE_NAME = 'session-grants.json'

const GrantSchema = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), grantedAt: z.string() }).strict()
const FileSchema = z
  .object({
    version: z.literal(1),
    // Keyed by session id, then by namespaced tool name; the record keys are checked like the permission file's.
    sessions: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/), z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/), GrantSchema)),
  })
  .strict()
type GrantFile = z.infer<typeof FileSchema>

export interface SessionGrants {
  /** The definition hash the tool was allowed for in this session, or undefined. */
  hashFor(sessionId: string, toolName: string): string | undefined
  grant(sessionId: string, toolName: string, hash: string, at?: Date): Promise<void>
  forgetSession(sessionId: string): Promise<void>
  /** Resolves once every change is on disk. */
  flush(): Promise<void>
}

/** Grants kept in memory only (tests, and a service built without a data folder). */
export function memorySessionGrants(): SessionGrants {
  return openSessionGrants(undefined)
}

/** Opens `<dir>/session-grants.json` (or, without a dir, keeps grants in memory). A damaged file is moved aside and starts empty. */
export function openSessionGrants(dir: string | undefined): SessionGrants {
  const path = dir === undefined ? undefined : join(dir, SESSION_GRANTS_FILE_NAME)
  let file: GrantFile = { version: 1, sessions: {} }
  if (path) {
    const read = readJsonFile(path, FileSchema)
    if (read.kind === 'ok') file = read.value
    else if (read.kind === 'damaged') log('warn', 'permissions', `session grants were unreadable (${read.reason}); moved aside, starting without any`)
  }
  let writing: Promise<void> = Promise.resolve()
  const save = () => {
    if (!path) return writing
    const text = JSON.stringify(file, null, 2)
    writing = writing.then(() => writeFileAtomic(path, text)).catch((error: Error) => log('error', 'permissions', `could not save session grants: ${error.message}`))
    return writing
  }
  return {
    hashFor: (sessionId, toolName) => (Object.hasOwn(file.sessions, sessionId) && Object.hasOwn(file.sessions[sessionId]!, toolName) ? file.sessions[sessionId]![toolName]!.hash : undefined),
    grant(sessionId, toolName, hash, at = new Date()) {
      const tools = Object.hasOwn(file.sessions, sessionId) ? file.sessions[sessionId]! : {}
      file = { ...file, sessions: { ...file.sessions, [sessionId]: { ...tools, [toolName]: { hash, grantedAt: at.toISOString() } } } }
      return save()
    },
    forgetSession(sessionId) {
      if (!Object.hasOwn(file.sessions, sessionId)) return Promise.resolve()
      const { [sessionId]: _gone, ...rest } = file.sessions
      file = { ...file, sessions: rest }
      return save()
    },
    flush: () => writing,
  }
}
