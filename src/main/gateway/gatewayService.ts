/**
 * Connected apps put together: the stored apps, the knocks waiting in the window, the endpoint
 * (on when the person turned it on), and the operations the host API and Settings → Connected
 * apps use. One per host.
 */
import type { ConnectedApp, ConnectedAppScope, ConnectedAppsResource, IssuedToken } from '../../shared/connectedAppsApi'
import { DEFAULT_APP_SCOPE } from '../../shared/connectedAppsApi'
import { log } from '../log/log'
import type { ElicitationSource } from '../services/elicitations/elicitationBoard'
import { openConnectedAppsStore, type AppChange, type StoredApp } from './connectedAppsStore'
import { createConnectionRequests } from './connectionRequests'
import { agentsIn } from './gatewayCatalog'
import type { GatewayHttp } from './gatewayHttp'
import { createGatewayServer, type GatewayServerDeps } from './gatewayServer'
import { createLinkLedger } from './linkLedger'
import { createAppCalls } from './appCalls'

export interface GatewayServiceOptions extends Omit<GatewayServerDeps, 'app' | 'links' | 'calls'> {
  dataDir: string
  /** Calls back when the catalog changes (tools and agents come and go). */
  onCatalogChange: (listener: () => void) => () => void
  /** A port for this run, overriding the remembered one (`npm run host -- --gateway-port N`). */
  port?: number
  notify: (message: string) => void
  /** Why the managed policy keeps connected apps off, or undefined; asked before the endpoint listens. */
  policyRefusal?: () => string | undefined
}

export interface GatewayService {
  view(): ConnectedAppsResource
  /** The knocks, as approvals for switchboard://elicitations. */
  readonly requests: ElicitationSource
  /** Starts the endpoint when it is turned on (call once at start). */
  start(): Promise<void>
  setEnabled(enabled: boolean): Promise<ConnectedAppsResource>
  /** After the managed policy changed: closes the endpoint it now forbids, or opens it again when the person had it on. */
  applyPolicy(): Promise<void>
  approve(requestId: string, scope?: ConnectedAppScope): Promise<IssuedToken>
  add(name: string, scope?: ConnectedAppScope): Promise<IssuedToken>
  /** Its scope (applies at once) and session cap (applies to the next new session). */
  update(id: string, change: AppChange): Promise<ConnectedApp>
  revoke(id: string): Promise<{ id: string; closedSessions: number }>
  url(): string | null
  onChange(listener: () => void): () => void
  /** Resolves once every change to the stored apps (a token's last use too) is on disk. */
  flush(): Promise<void>
  close(): Promise<void>
}

export function createGatewayService(options: GatewayServiceOptions): GatewayService {
  const store = openConnectedAppsStore(options.dataDir)
  const notice = store.takeNotice()
  if (notice) options.notify(notice)
  const links = createLinkLedger()
  const agents = () => agentsIn(options.tools())
  const requests = createConnectionRequests({ agents: () => agents().map((agent) => agent.name) })
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  let endpoint: GatewayHttp | undefined
  let error: string | undefined
  let switching = Promise.resolve()

  const calls = createAppCalls()
  const deps: GatewayServerDeps = { ...options, app: (id) => store.get(id), links, calls }
  const appView = (app: StoredApp): ConnectedApp => ({
    id: app.id,
    name: app.name,
    created: app.created,
    ...(app.lastUsed ? { lastUsed: app.lastUsed } : {}),
    scope: app.scope,
    openSessions: endpoint?.openSessions(app.id) ?? 0,
    maxSessions: app.maxSessions,
  })
  const refused = () => options.policyRefusal?.()
  /** On when the person turned it on and the managed policy does not forbid it. */
  const wanted = () => store.enabled() && refused() === undefined
  const view = (): ConnectedAppsResource => ({
    enabled: wanted(),
    url: endpoint?.url ?? null,
    ...(error ? { error } : {}),
    apps: store.apps().map(appView),
    requests: requests.pending(),
    agents: agents(),
  })

  const listen = async () => {
    const port = options.port ?? store.port() ?? 0
    try {
      // Loaded when the endpoint is turned on: its HTTP stack (@modelcontextprotocol/node, Hono) sets up
      // web Response classes that load Node's fetch, which a start with connected apps off never needs.
      const { startGatewayHttp } = await import('./gatewayHttp')
      endpoint = await startGatewayHttp({
        port,
        verify: (token) => store.verify(token),
        knock: (name) => requests.knock(name),
        makeServer: (appId) => createGatewayServer(deps, appId),
        onSessionsChanged: changed,
      })
      error = undefined
      // The port is kept, so the URL in other apps' configs stays right after a restart.
      if (store.port() !== endpoint.port && options.port === undefined) await store.setPort(endpoint.port)
      log('info', 'gateway', `Connected apps can reach Switchboard at ${endpoint.url}`)
    } catch (cause) {
      error = `The endpoint for connected apps could not listen on 127.0.0.1:${port} (${(cause as Error).message}). Another program may be using the port: quit it, or turn connected apps off and on to pick another port (configs of connected apps then need the new URL).`
      log('warn', 'gateway', error)
    }
  }
  const stopListening = async () => {
    const open = endpoint
    endpoint = undefined
    await open?.close()
  }
  /** Off: calls in flight end first (an approval they wait for is withdrawn), then the sessions close. */
  const turnOff = async () => {
    await Promise.all(store.apps().map((app) => calls.cut(app.id)))
    await stopListening()
    requests.clear()
    error = undefined
  }
  /** One switch at a time: turning on and off quickly must not leave two servers. */
  const serially = (step: () => Promise<void>) => (switching = switching.then(step, step))

  const stopCatalog = options.onCatalogChange(() => {
    endpoint?.toolsChanged()
    changed()
  })
  const stopStore = store.onChange(changed)
  const stopRequests = requests.onChange(changed)

  const issue = async (name: string, scope: ConnectedAppScope | undefined): Promise<IssuedToken> => {
    const { app, token } = await store.issue(name, scope ?? DEFAULT_APP_SCOPE)
    log('info', 'gateway', `Allowed the connected app "${name}".`)
    return { app: appView(app), token, url: endpoint?.url ?? null }
  }

  return {
    view,
    requests,
    start: () => serially(async () => (wanted() ? listen() : undefined)),
    async setEnabled(enabled) {
      const refusal = enabled ? refused() : undefined
      if (refusal) throw new Error(refusal)
      await store.setEnabled(enabled)
      await serially(async () => {
        if (enabled && !endpoint) await listen()
        if (!enabled) await turnOff()
      })
      changed()
      return view()
    },
    async applyPolicy() {
      await serially(async () => {
        if (wanted() && !endpoint) await listen()
        else if (!wanted() && endpoint) await turnOff()
      })
      changed()
    },
    async approve(requestId, scope) {
      const request = requests.take(requestId)
      if (!request) throw new Error('That connection request is no longer waiting (it was answered, or it expired). Let the app try to connect again.')
      return issue(request.clientName, scope)
    },
    add: (name, scope) => issue(name, scope),
    async update(id, change) {
      const app = await store.update(id, change)
      if (change.scope) endpoint?.toolsChanged(id)
      return appView(app)
    },
    async revoke(id) {
      const app = await store.revoke(id)
      links.forget(id)
      await calls.cut(id)
      const closedSessions = (await endpoint?.closeApp(id)) ?? 0
      log('info', 'gateway', `Revoked the connected app "${app.name}" (${closedSessions} open session(s) closed).`)
      changed()
      return { id, closedSessions }
    },
    url: () => endpoint?.url ?? null,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => store.flush(),
    async close() {
      stopCatalog()
      stopStore()
      stopRequests()
      await serially(stopListening)
      await store.flush()
    },
  }
}
