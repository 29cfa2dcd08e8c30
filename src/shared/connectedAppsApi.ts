/**
 * The connected-apps part of the host API contract (docs/guide/agents-and-connected-apps.md): other MCP
 * clients (Claude Code, VS Code, Cursor, scripts) reach Switchboard over a loopback streamable-HTTP
 * endpoint with a bearer token the person issued, scoped to chosen agents and, optionally, the
 * gateway of every catalog tool. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const CONNECTED_APPS_URI = 'switchboard://connected-apps'

/** The path of the endpoint on its loopback port. */
export const GATEWAY_PATH = '/mcp'

/** What a connected app may use: which agents (`all` or their ids), and whether the catalog's tools too. */
export const ConnectedAppScopeSchema = z.object({
  agents: z.union([z.literal('all'), z.array(z.string().min(1).max(64)).max(200)]),
  gateway: z.boolean(),
})
export type ConnectedAppScope = z.infer<typeof ConnectedAppScopeSchema>

/** What a newly allowed app gets unless the person chooses otherwise: every agent, no catalog tools. */
export const DEFAULT_APP_SCOPE: ConnectedAppScope = { agents: 'all', gateway: false }

/** At most this many 2025-11-25 sessions open per app unless the person sets another cap on its row. */
export const DEFAULT_MAX_SESSIONS = 16
/** An app's session cap: past it, a new session closes the app's oldest idle one (or is refused when all are busy). */
export const MaxSessionsSchema = z.number().int().min(1, 'An app needs at least 1 session.').max(256, 'At most 256 sessions per app.')

const isoDate = z.string().datetime()
const appName = z.string().trim().min(1, 'A connected app needs a name').max(80)

/** One connected app as the window sees it (its token never: only its hash is stored, and that stays in main). */
export const ConnectedAppSchema = z.object({
  id: z.string().min(1),
  name: appName,
  created: isoDate,
  /** When it last made a request with its token. */
  lastUsed: isoDate.optional(),
  scope: ConnectedAppScopeSchema,
  /** Open 2025-11-25 sessions and listen streams right now. */
  openSessions: z.number().int().nonnegative(),
  /** The most sessions it may have open at once. */
  maxSessions: MaxSessionsSchema,
})
export type ConnectedApp = z.infer<typeof ConnectedAppSchema>

/** A client that tried to connect without a token; the window asks whether to allow it. */
export const ConnectionRequestSchema = z.object({ id: z.string(), clientName: z.string(), created: isoDate })
export type ConnectionRequest = z.infer<typeof ConnectionRequestSchema>

/** Payload of `switchboard://connected-apps`. */
export const ConnectedAppsResourceSchema = z.object({
  /** Whether the endpoint is on (the person turns it on in Settings → Connected apps). */
  enabled: z.boolean(),
  /** The endpoint's URL while it listens, e.g. `http://127.0.0.1:7420/mcp`. */
  url: z.string().nullable(),
  /** Why it is not listening although turned on (a taken port…), with what to do. */
  error: z.string().optional(),
  apps: z.array(ConnectedAppSchema),
  requests: z.array(ConnectionRequestSchema),
  /** The agents an app can be given, by id and name. */
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type ConnectedAppsResource = z.infer<typeof ConnectedAppsResourceSchema>

/** A token, once: the answer of `connected_app_approve` and `connected_app_add` (it is never shown again). */
export const IssuedTokenSchema = z.object({ app: ConnectedAppSchema, token: z.string(), url: z.string().nullable() })
export type IssuedToken = z.infer<typeof IssuedTokenSchema>

const appId = z.string().min(1).max(100)

export const ConnectedAppToolInput = {
  /** Turns the endpoint on or off (off closes every open session). */
  connected_apps_set_enabled: z.object({ enabled: z.boolean() }),
  /** Allows a client that asked to connect; the answer holds its token, shown this once. */
  connected_app_approve: z.object({ requestId: z.string().min(1).max(100), scope: ConnectedAppScopeSchema.optional() }),
  /** Adds an app by hand (before it ever tried to connect); the answer holds its token, shown this once. */
  connected_app_add: z.object({ name: appName, scope: ConnectedAppScopeSchema.optional() }),
  /** Changes what is given (the rest stays): its scope, its session cap. */
  connected_app_update: z.object({ id: appId, scope: ConnectedAppScopeSchema.optional(), maxSessions: MaxSessionsSchema.optional() }),
  /** Revokes an app's token at once and closes its open sessions. */
  connected_app_revoke: z.object({ id: appId }),
} as const

export const ConnectedAppToolOutput = {
  connected_apps_set_enabled: ConnectedAppsResourceSchema,
  connected_app_approve: IssuedTokenSchema,
  connected_app_add: IssuedTokenSchema,
  connected_app_update: ConnectedAppSchema,
  connected_app_revoke: z.object({ id: z.string(), closedSessions: z.number().int().nonnegative() }),
} as const

/** The subject of a connection approval: "Allow Claude Code to use Switchboard?" */
export const ConnectedAppSubjectSchema = z.object({
  type: z.literal('connected-app'),
  clientName: z.string(),
  /** The agents it would get, by name. */
  agents: z.array(z.string()),
  /** The catalog tools it would get: none unless the person turns the gateway on for it. */
  tools: z.string(),
})
export type ConnectedAppSubject = z.infer<typeof ConnectedAppSubjectSchema>
