/**
 * The connected apps the person allowed, in `connected-apps.json`: name, scope and the SHA-256 of
 * each token (never the token), plus whether the endpoint is on and the port it keeps, so the URL
 * in the other apps' configs stays right across restarts.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { ConnectedAppScopeSchema, DEFAULT_MAX_SESSIONS, MaxSessionsSchema, type ConnectedAppScope } from '../../shared/connectedAppsApi'
import { writeFileAtomic } from '../storage/atomicFile'
import { readJsonFile } from '../storage/jsonFile'
import { log } from '../log/log'
import { hashAppToken, newAppToken } from './appTokens'

export const CONNECTED_APPS_FILE = 'connected-apps.json'

const StoredAppSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(80),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  created: z.string(),
  lastUsed: z.string().optional(),
  scope: ConnectedAppScopeSchema,
  /** Apps allowed before the cap existed get the default. */
  maxSessions: MaxSessionsSchema.default(DEFAULT_MAX_SESSIONS),
})
export type StoredApp = z.infer<typeof StoredAppSchema>

const FileSchema = z.object({
  version: z.literal(1),
  enabled: z.boolean().default(false),
  port: z.number().int().min(1).max(65535).optional(),
  apps: z.array(StoredAppSchema).default([]),
})

/** `lastUsed` is written at most this often per app (it changes on every request). */
const LAST_USED_RESOLUTION_MS = 60_000

export interface AppChange {
  scope?: ConnectedAppScope
  maxSessions?: number
}

export interface ConnectedAppsStore {
  apps(): readonly StoredApp[]
  get(id: string): StoredApp | undefined
  /** The app a presented token belongs to, or undefined (noting its use). */
  verify(token: string): StoredApp | undefined
  /** A new app and its token (the only time the token exists outside the other app's config). */
  issue(name: string, scope: ConnectedAppScope): Promise<{ app: StoredApp; token: string }>
  /** Changes the given settings of an app, keeping the rest. */
  update(id: string, change: AppChange): Promise<StoredApp>
  revoke(id: string): Promise<StoredApp>
  enabled(): boolean
  setEnabled(enabled: boolean): Promise<void>
  port(): number | undefined
  setPort(port: number): Promise<void>
  /** A damaged file that was moved aside, to tell the person once. */
  takeNotice(): string | undefined
  onChange(listener: () => void): () => void
  flush(): Promise<void>
}

export function openConnectedAppsStore(dataDir: string): ConnectedAppsStore {
  const path = join(dataDir, CONNECTED_APPS_FILE)
  const read = readJsonFile(path, FileSchema)
  let state: z.output<typeof FileSchema> = read.kind === 'ok' ? read.value : { version: 1, enabled: false, apps: [] }
  let notice =
    read.kind === 'damaged'
      ? `The connected apps file could not be read (${read.reason}); it was moved to ${read.movedTo ?? 'nowhere (it vanished)'}. Connected apps have to be allowed again.`
      : undefined
  const byHash = new Map<string, StoredApp>()
  const reindex = () => {
    byHash.clear()
    for (const app of state.apps) byHash.set(app.tokenHash, app)
  }
  reindex()
  const listeners = new Set<() => void>()
  let writing = Promise.resolve()
  const save = (notify = true) => {
    const text = JSON.stringify(state, null, 2)
    writing = writing.then(() => writeFileAtomic(path, text)).catch((error: Error) => log('warn', 'connected-apps', `${CONNECTED_APPS_FILE} not written: ${error.message}`))
    reindex()
    if (notify) for (const listener of listeners) listener()
    return writing
  }
  const replace = (id: string, change: (app: StoredApp) => StoredApp | undefined): StoredApp => {
    const app = state.apps.find((candidate) => candidate.id === id)
    if (!app) throw new Error(`There is no connected app with the id "${id}" (it may have been revoked); reload Settings → Connected apps.`)
    const next = change(app)
    state = { ...state, apps: next ? state.apps.map((candidate) => (candidate.id === id ? next : candidate)) : state.apps.filter((candidate) => candidate.id !== id) }
    return next ?? app
  }

  return {
    apps: () => state.apps,
    get: (id) => state.apps.find((app) => app.id === id),
    verify(token) {
      const app = byHash.get(hashAppToken(token))
      if (!app) return undefined
      const now = new Date()
      if (!app.lastUsed || now.getTime() - Date.parse(app.lastUsed) > LAST_USED_RESOLUTION_MS) {
        replace(app.id, (found) => ({ ...found, lastUsed: now.toISOString() }))
        void save()
      }
      return byHash.get(app.tokenHash) ?? app
    },
    async issue(name, scope) {
      const token = newAppToken()
      const app: StoredApp = { id: randomUUID(), name, tokenHash: hashAppToken(token), created: new Date().toISOString(), scope, maxSessions: DEFAULT_MAX_SESSIONS }
      state = { ...state, apps: [...state.apps, app] }
      await save()
      return { app, token }
    },
    async update(id, change) {
      const app = replace(id, (found) => ({ ...found, ...(change.scope ? { scope: change.scope } : {}), ...(change.maxSessions ? { maxSessions: change.maxSessions } : {}) }))
      await save()
      return app
    },
    async revoke(id) {
      const app = replace(id, () => undefined)
      await save()
      return app
    },
    enabled: () => state.enabled,
    async setEnabled(enabled) {
      state = { ...state, enabled }
      await save()
    },
    port: () => state.port,
    async setPort(port) {
      state = { ...state, port }
      await save(false)
    },
    takeNotice() {
      const taken = notice
      notice = undefined
      return taken
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => writing,
  }
}
