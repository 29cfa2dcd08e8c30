/**
 * The loopback streamable-HTTP endpoint connected apps talk to (`http://127.0.0.1:PORT/mcp`).
 *
 * Every request is authenticated first: a bearer token of an allowed app, or a 401 whose
 * WWW-Authenticate says how to connect — and the knock becomes an approval in the window, named
 * after the client (`?name=`, an `X-MCP-Client-Name` header, or `clientInfo` of its initialize).
 * Both protocol revisions are served: 2025-11-25 clients (Claude Code, VS Code, Cursor today) get
 * a session of their own (the SDK's Node transport, so list_changed reaches them on the GET
 * stream); 2026-07-28 requests go to the SDK's per-request handler, one per app. Revoking an app
 * closes both at once. Host and Origin are checked against loopback (DNS rebinding).
 *
 * Bounded: an app has at most its cap of open sessions (a new one closes its oldest session with
 * no request in flight, or is refused with 429 when all are busy), and after too many wrong or
 * missing tokens within a minute, requests without a valid token get 429 for a minute.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { NodeStreamableHTTPServerTransport, localhostHostValidation, localhostOriginValidation, toNodeHandler, toWebRequest, type NodeMcpRequestHandler } from '@modelcontextprotocol/node'
import { CLIENT_INFO_META_KEY, createMcpHandler, isLegacyRequest, type McpHttpHandler, type Server } from '@modelcontextprotocol/server'
import { GATEWAY_PATH } from '../../shared/connectedAppsApi'
import { log } from '../log/log'
import { bearerToken } from './appTokens'
import type { StoredApp } from './connectedAppsStore'
import { WRONG_TOKEN_LIMIT, createWrongTokens } from './wrongTokens'

/** The SDK's own default bound for a request body; more is refused with 413 before parsing. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024
/** Retry-After when every session of an app is busy: requests usually finish within seconds. */
const BUSY_RETRY_SECONDS = 5

export interface GatewayHttpOptions {
  /** 0 picks a free port. */
  port: number
  verify: (token: string) => StoredApp | undefined
  /** A client without a (valid) token knocked; `clientName` as it introduced itself. */
  knock: (clientName: string) => void
  makeServer: (appId: string) => Server
  onSessionsChanged: () => void
}

export interface GatewayHttp {
  url: string
  port: number
  /** Open 2025-11-25 sessions of an app. */
  openSessions(appId: string): number
  /** Closes every session and in-flight exchange of an app; returns how many sessions were open. */
  closeApp(appId: string): Promise<number>
  /** Tells open sessions that the tool list changed (catalog or scope). */
  toolsChanged(appId?: string): void
  close(): Promise<void>
}

interface LegacySession {
  appId: string
  transport: NodeStreamableHTTPServerTransport
  server: Server
  /** POSTs of this session whose response is still open (a listen stream is not a request). */
  inFlight: number
}

type ClientInfo = { name?: unknown; title?: unknown }

/** The name a client gave itself, cleaned for the window (no control characters, bounded). */
export function clientNameOf(request: IncomingMessage, body: unknown): string {
  const fromQuery = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('name')
  const fromHeader = request.headers['x-mcp-client-name']
  // 2025-11-25 names itself in initialize; 2026-07-28 in every request's _meta.
  const params = (body as { params?: { clientInfo?: ClientInfo; _meta?: Record<string, unknown> } } | null)?.params
  const info = params?.clientInfo ?? (params?._meta?.[CLIENT_INFO_META_KEY] as ClientInfo | undefined)
  const fromInit = typeof info?.title === 'string' ? info.title : typeof info?.name === 'string' ? info.name : undefined
  const raw = fromQuery ?? (typeof fromHeader === 'string' ? fromHeader : undefined) ?? fromInit ?? 'An unnamed app'
  const clean = raw.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, 80)
  return clean || 'An unnamed app'
}

async function readBody(request: IncomingMessage): Promise<{ tooLarge: true } | { tooLarge: false; text: string }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return { tooLarge: true }
    chunks.push(chunk)
  }
  return { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') }
}

const jsonRpcError = (response: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))

/** 429: the caller may try again after `seconds`; the JSON-RPC error says which limit it hit. */
const tooMany = (response: ServerResponse, seconds: number, message: string) => jsonRpcError(response, 429, -32000, message, { 'retry-after': String(seconds) })

/** Counts a POST as in flight on its session until its response closes (a result streamed over SSE included). */
function track(session: LegacySession, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'POST') return
  session.inFlight++
  response.once('close', () => session.inFlight--)
}

function refuse(response: ServerResponse, url: string): void {
  const description = `Switchboard asks the person to allow this app (the request waits in its window). Once allowed, send the token it shows as "Authorization: Bearer <token>" to ${url}.`
  // Hand-written: the SDK's bearer helpers expect OAuth tokens with an expiry from an authorization server; these are issued by the person.
  response
    .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': `Bearer realm="Switchboard", error="invalid_token", error_description="${description.replace(/"/g, "'")}"` })
    .end(JSON.stringify({ error: 'invalid_token', error_description: description }))
}

export async function startGatewayHttp(options: GatewayHttpOptions): Promise<GatewayHttp> {
  const sessions = new Map<string, LegacySession>()
  const modern = new Map<string, { handler: McpHttpHandler; node: NodeMcpRequestHandler }>()
  const validHost = localhostHostValidation()
  const validOrigin = localhostOriginValidation()
  const wrongTokens = createWrongTokens()
  let url = ''

  const modernFor = (appId: string) => {
    let entry = modern.get(appId)
    if (!entry) {
      const handler = createMcpHandler(() => options.makeServer(appId), { legacy: 'reject', onerror: (error) => log('debug', 'gateway', `2026-07-28 request: ${error.message}`) })
      entry = { handler, node: toNodeHandler(handler) }
      modern.set(appId, entry)
    }
    return entry
  }

  const dropSession = (id: string) => {
    const session = sessions.get(id)
    if (!session || !sessions.delete(id)) return
    options.onSessionsChanged()
    void session.transport.close().catch(() => undefined)
  }

  /** Room for one more session of the app: its oldest sessions with nothing in flight close while it is at its cap. */
  const makeRoom = (appId: string, cap: number): boolean => {
    const open = [...sessions].filter(([, session]) => session.appId === appId)
    let over = open.length - cap + 1
    for (const [id, session] of open) {
      if (over <= 0) break
      if (session.inFlight > 0) continue
      dropSession(id)
      over--
    }
    return over <= 0
  }

  const openLegacySession = async (app: StoredApp, request: IncomingMessage, response: ServerResponse, body: unknown) => {
    if (!makeRoom(app.id, app.maxSessions)) {
      return tooMany(
        response,
        BUSY_RETRY_SECONDS,
        `Too many sessions: ${app.name} is at its cap of ${app.maxSessions} open sessions, and each has a request in flight. Retry when one finishes, close sessions it no longer uses, or raise the cap on its row in Switchboard's Settings → Connected apps.`,
      )
    }
    // Counted from the start, so that initializes arriving together cannot pass the cap.
    const id = randomUUID()
    const server = options.makeServer(app.id)
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => id })
    const session: LegacySession = { appId: app.id, transport, server, inFlight: 0 }
    sessions.set(id, session)
    options.onSessionsChanged()
    track(session, request, response)
    transport.onclose = () => {
      if (sessions.delete(id)) options.onSessionsChanged()
    }
    try {
      await server.connect(transport)
      await transport.handleRequest(request, response, body)
    } finally {
      // A refused initialize leaves no session behind.
      if (transport.sessionId === undefined) dropSession(id)
    }
  }

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    if (!validHost(request, response) || !validOrigin(request, response)) return
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== GATEWAY_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: Switchboard serves MCP at ${url}`)
      return
    }
    const token = bearerToken(request.headers.authorization)
    const app = token === undefined ? undefined : options.verify(token)
    const wait = app ? undefined : wrongTokens.note()
    if (wait !== undefined) {
      return tooMany(
        response,
        wait,
        `Too many requests without a valid token: after ${WRONG_TOKEN_LIMIT} wrong or missing tokens within a minute, Switchboard refuses them for a minute. Send the token the person issued as "Authorization: Bearer <token>"; requests with a valid token are served.`,
      )
    }
    let body: unknown
    if (request.method === 'POST') {
      const read = await readBody(request)
      if (read.tooLarge) return jsonRpcError(response, 413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`)
      try {
        body = JSON.parse(read.text)
      } catch {
        return jsonRpcError(response, 400, -32700, 'Parse error: the body is not JSON.')
      }
    }
    if (!app) {
      options.knock(clientNameOf(request, body))
      return refuse(response, url)
    }
    const sessionId = request.headers['mcp-session-id']
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId)
      // Another app's session id is as unknown as a made-up one.
      if (!session || session.appId !== app.id) return jsonRpcError(response, 404, -32001, 'Session not found: initialize again.')
      track(session, request, response)
      return session.transport.handleRequest(request, response, body)
    }
    if (request.method === 'POST' && (await isLegacyRequest(await toWebRequest(request, body), body))) {
      if ((body as { method?: unknown } | null)?.method !== 'initialize') return jsonRpcError(response, 400, -32600, 'Bad request: send initialize first, then the Mcp-Session-Id it returns.')
      return openLegacySession(app, request, response, body)
    }
    return modernFor(app.id).node(request, response, body)
  }

  const http = createServer((request, response) => {
    serve(request, response).catch((error: Error) => {
      log('warn', 'gateway', `A request failed: ${error.message}`)
      if (!response.headersSent) jsonRpcError(response, 500, -32603, 'Internal error; Switchboard logged it.')
      else response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  const port = (http.address() as AddressInfo).port
  url = `http://127.0.0.1:${port}${GATEWAY_PATH}`

  const closeApp = async (appId: string) => {
    const open = [...sessions.values()].filter((session) => session.appId === appId)
    await Promise.all(open.map((session) => session.transport.close()))
    const entry = modern.get(appId)
    modern.delete(appId)
    await entry?.handler.close()
    return open.length
  }

  return {
    url,
    port,
    openSessions: (appId) => [...sessions.values()].filter((session) => session.appId === appId).length,
    closeApp,
    toolsChanged(appId) {
      for (const session of sessions.values()) {
        if (appId === undefined || session.appId === appId) session.server.sendToolListChanged().catch(() => undefined)
      }
      for (const [id, entry] of modern) if (appId === undefined || id === appId) entry.handler.notify.toolsChanged()
    },
    async close() {
      const appIds = new Set([...[...sessions.values()].map((session) => session.appId), ...modern.keys()])
      await Promise.all([...appIds].map(closeApp))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
