/** The host McpServer: the app's resources (all subscribable) and tools, served to one renderer connection. */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server'
import {
  EXTENSION_LOG_TEMPLATE,
  HISTORY_TEMPLATE,
  HISTORY_PAGE_TEMPLATE,
  parseHistoryPage,
  HostResource,
  PROGRESS_TEMPLATE,
  PROGRESS_SINCE_TEMPLATE,
  parseProgressSince,
  historyUri,
  progressUri,
  extensionLogUri,
  type ElicitationsResource,
  type ExtensionLogResource,
  type ExtensionsResource,
  type HostResourceUri,
  type SessionsResource,
  type SettingsResource,
  DEFAULT_REGISTRY_URL,
  DEFAULT_GUARD_MODE,
  ACTIVITY_URI,
  ACTIVITY_PAGE_TEMPLATE,
  TELEMETRY_URI,
  SESSIONS_PAGE_TEMPLATE,
  parseSessionsPage,
} from '../../shared/hostApi'
import { parseActivityPage } from '../../shared/activityApi'
import { describeSecretName, isAppKey } from '../secrets/secretNames'
import { log } from '../log/log'
import { stringifyMasked } from '../log/secretValues'
import { permissionsView, toolsView } from './permissionViews'
import { registerHostTools } from './tools/hostTools'
import { answerToolListFrom } from './toolListCache'
import type { HostServices } from './hostServices'
import { DEFAULT_FACTS_DATED, DEFAULT_MODEL_FACTS } from '../agent'

export type { HostServices } from './hostServices'

/** Every resource goes out through here: known secret values are masked in it, whichever service built it. */
const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: stringifyMasked(value) }] })

/** Builds one McpServer for one renderer connection; `dispose` detaches it from the shared services. */
export function createHostServer(services: HostServices): { server: McpServer; dispose: () => void } {
  const server = new McpServer(
    { name: 'switchboard-host', version: services.version },
    { capabilities: { resources: { subscribe: true, listChanged: true } } },
  )
  answerToolListFrom(server, services.toolList)
  const readers: Record<HostResourceUri, () => unknown> = {
    // The newest page; older ones through SESSIONS_PAGE_TEMPLATE below.
    [HostResource.sessions]: (): SessionsResource => services.sessions.page({}),
    [HostResource.settings]: (): SettingsResource => settingsView(services),
    [HostResource.extensions]: (): ExtensionsResource => ({ extensions: services.extensions.views() }),
    [HostResource.tools]: () => toolsView(services.extensions, services.permissions, services.settings.get('alwaysOfferTools') ?? []),
    [HostResource.permissions]: () => permissionsView(services.extensions, services.permissions, services.review),
    [HostResource.elicitations]: (): ElicitationsResource => ({ elicitations: services.elicitations.list() }),
    [HostResource.models]: () => services.models.view(),
    [HostResource.installRequests]: () => ({ requests: services.installRequests.list() }),
    [HostResource.apps]: () => services.apps.view(),
    [HostResource.hooks]: () => services.hooks.view(),
    [HostResource.connectedApps]: () => services.gateway.view(),
    [HostResource.agents]: () => services.agents.view(),
    [HostResource.policy]: () => services.policy.view(),
    [HostResource.routines]: () => services.routines.view(),
    [HostResource.skills]: () => services.skills.view(),
    [HostResource.plugins]: () => services.plugins.view(),
  }
  for (const [uri, read] of Object.entries(readers)) {
    server.registerResource(uri, uri, { mimeType: 'application/json' }, async () => json(uri, read()))
  }
  const readLog = (id: string): ExtensionLogResource => {
    const entries = services.extensions.log(id)
    if (!entries) throw new Error(`No extension with id "${id}" is installed.`)
    return { id, entries }
  }
  server.registerResource(
    'extension-log',
    new ResourceTemplate(EXTENSION_LOG_TEMPLATE, {
      list: async () => ({ resources: services.extensions.views().map((view) => ({ uri: extensionLogUri(view.id), name: `${view.name} log` })) }),
    }),
    { mimeType: 'application/json' },
    async (uri, variables) => json(uri.href, readLog(decodeURIComponent(String(variables.id)))),
  )

  const sessionTemplate = (template: string, uriOf: (id: string) => string, read: (id: string) => Promise<unknown> | unknown) =>
    server.registerResource(
      template,
      new ResourceTemplate(template, { list: async () => ({ resources: services.sessions.list().map((session) => ({ uri: uriOf(session.id), name: session.title })) }) }),
      { mimeType: 'application/json' },
      async (uri, variables) => json(uri.href, await read(decodeURIComponent(String(variables.id)))),
    )
  sessionTemplate(HISTORY_TEMPLATE, historyUri, (id) => services.chat.history(id))
  sessionTemplate(PROGRESS_TEMPLATE, progressUri, (id) => services.chat.progress(id))
  // Another page of the history than the newest (historyPageApi.ts): read once, not subscribed.
  server.registerResource(HISTORY_PAGE_TEMPLATE, new ResourceTemplate(HISTORY_PAGE_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) => {
    const page = parseHistoryPage(String(variables.query))
    if (page instanceof Error) throw page
    return json(uri.href, await services.chat.history(decodeURIComponent(String(variables.id)), page))
  })
  // The same progress for a reader that holds part of the step's text already: only what follows (chatApi.ts).
  server.registerResource(PROGRESS_SINCE_TEMPLATE, new ResourceTemplate(PROGRESS_SINCE_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) =>
    json(uri.href, services.chat.progress(decodeURIComponent(String(variables.id)), parseProgressSince(decodeURIComponent(String(variables.since))))),
  )

  // The activity log (activityApi.ts): the plain URI is the newest page (subscribe to it); a query asks for a filtered or older page.
  const activityOf = () => {
    if (!services.activity) throw new Error('This host keeps no activity log.')
    return services.activity
  }
  server.registerResource('activity', ACTIVITY_URI, { mimeType: 'application/json' }, async () => json(ACTIVITY_URI, await activityOf().page({})))
  server.registerResource('activity-page', new ResourceTemplate(ACTIVITY_PAGE_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) => {
    const page = parseActivityPage(decodeURIComponent(String(variables.query)))
    if (page instanceof Error) throw page
    return json(uri.href, await activityOf().page(page))
  })

  // Another page of the session list than the newest, or one session (sessionsPageApi.ts): read once, not subscribed.
  // Registered after the sessions' own templates, which the SDK tries first (its `{+query}` would match their paths too).
  server.registerResource('sessions-page', new ResourceTemplate(SESSIONS_PAGE_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) => {
    const page = parseSessionsPage(String(variables.query))
    if (page instanceof Error) throw page
    return json(uri.href, services.sessions.page(page))
  })

  server.registerResource('telemetry', TELEMETRY_URI, { mimeType: 'application/json' }, async () => {
    if (!services.telemetry) throw new Error('This host has no telemetry export.')
    return json(TELEMETRY_URI, services.telemetry.view())
  })

  const subscribed = new Set<string>()
  const isKnown = (uri: string) => uri in readers || uri === ACTIVITY_URI || uri === TELEMETRY_URI || /^switchboard:\/\/(extensions\/[^/]+\/log|sessions\/[^/]+\/(history|progress))$/.test(uri)
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    if (!isKnown(request.params.uri)) throw new Error(`Unknown resource ${request.params.uri}`)
    subscribed.add(request.params.uri)
    return {}
  })
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscribed.delete(request.params.uri)
    return {}
  })
  // A resource that changes more than once in one tick is announced once (issue 33): a turn's end
  // moves its progress twice, a settings change also moves the tools and permissions pages that
  // other changes announce too. Each notice is a frame to the window and a read of the resource back.
  const due = new Set<string>()
  const announce = () => {
    const uris = [...due]
    due.clear()
    for (const uri of uris) {
      if (!subscribed.has(uri)) continue
      server.server.sendResourceUpdated({ uri }).catch((error: Error) => log('debug', 'host', `resources/updated for ${uri} not sent: ${error.message}`))
    }
  }
  const changed = (uri: string) => {
    if (!subscribed.has(uri) || due.has(uri)) return
    if (due.size === 0) process.nextTick(announce)
    due.add(uri)
  }
  const settingsChanged = () => changed(HostResource.settings)
  // The session list changes with every committed message (count, time): announced at once, then at
  // most about once a second while it keeps changing, so a window with thousands of sessions does not
  // read the list again after every message.
  const sessionsChanged = atMostEvery(SESSIONS_ANNOUNCE_MS, () => changed(HostResource.sessions))
  const detach = [
    services.sessions.onChange(sessionsChanged.notify),
    sessionsChanged.stop,
    services.settings.onChange(() => {
      settingsChanged()
      // The tools resource shows each tool's "always offer" mark, kept in the settings.
      changed(HostResource.tools)
      // The permissions resource shows assisted review's setting.
      changed(HostResource.permissions)
    }),
    services.permissions.suggestions.onChange(() => changed(HostResource.permissions)),
    services.secrets.onChange((change) => {
      // The app's own keys (the activity key, made at the first start) show on neither page.
      if (isAppKey(change.name)) return
      settingsChanged()
      changed(HostResource.models)
    }),
    services.notices.onChange(settingsChanged),
    services.extensions.onChange(changed),
    services.elicitations.onChange(() => changed(HostResource.elicitations)),
    services.models.onChange(() => changed(HostResource.models)),
    services.installRequests.onChange(() => changed(HostResource.installRequests)),
    services.apps.onChange(() => changed(HostResource.apps)),
    services.hooks.onChange(() => changed(HostResource.hooks)),
    services.gateway.onChange(() => changed(HostResource.connectedApps)),
    services.agents.onChange(() => changed(HostResource.agents)),
    // What the policy manages shows on these pages too (the mode in force, refused extensions, the endpoint).
    services.policy.onChange(() => {
      for (const uri of [HostResource.policy, HostResource.permissions, HostResource.tools, HostResource.extensions, HostResource.connectedApps]) changed(uri)
    }),
    services.routines.onChange(() => changed(HostResource.routines)),
    services.skills.onChange(() => changed(HostResource.skills)),
    services.plugins.onChange(() => changed(HostResource.plugins)),
    services.chat.onChange(changed),
    services.activity?.onChange(() => changed(ACTIVITY_URI)) ?? (() => undefined),
    services.telemetry?.onChange(() => changed(TELEMETRY_URI)) ?? (() => undefined),
    services.permissions.store.onChange(() => {
      changed(HostResource.permissions)
      changed(HostResource.tools)
    }),
  ]

  // Until the keychain probe answers, settings say 'checking' and no secret names are known.
  let open = true
  detach.push(() => void (open = false))
  if (services.secrets.status().keychain === 'checking') {
    void services.secrets.whenKnown().then(() => {
      if (!open) return
      settingsChanged()
      changed(HostResource.models)
    })
  }

  registerHostTools(server, services, () => settingsView(services))
  return { server, dispose: () => detach.forEach((off) => off()) }
}

function settingsView(services: HostServices): SettingsResource {
  const { theme, registryUrl, roots, autoUpdate, modelFacts, defaultInstructions, guardAfterOutside } = services.settings.get()
  const secrets = Object.fromEntries(services.secrets.knownNames().filter((name) => !isAppKey(name)).map((name) => [name, { isSet: true as const, use: describeSecretName(name) }]))
  return {
    theme,
    dataDir: services.dataDir,
    keychain: services.secrets.status(),
    secrets,
    notices: services.notices.list(),
    registryUrl: registryUrl ?? DEFAULT_REGISTRY_URL,
    roots: roots ?? [],
    autoUpdate: autoUpdate ?? false,
    modelFacts: { custom: modelFacts ?? [], defaults: [...DEFAULT_MODEL_FACTS], dated: DEFAULT_FACTS_DATED },
    defaultInstructions: defaultInstructions ?? '',
    guardAfterOutside: guardAfterOutside ?? DEFAULT_GUARD_MODE,
  }
}

/** How often, at most, `switchboard://sessions` is announced as changed. */
export const SESSIONS_ANNOUNCE_MS = 1000

/** Calls `announce` at once, or, within `ms` of the last call, once when the `ms` are up (never more often). */
export function atMostEvery(ms: number, announce: () => void): { notify: () => void; stop: () => void } {
  let last = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined
  const fire = () => {
    timer = undefined
    last = performance.now()
    announce()
  }
  return {
    notify() {
      if (timer) return
      const wait = last + ms - performance.now()
      if (wait <= 0) return fire()
      timer = setTimeout(fire, wait)
      timer.unref()
    },
    stop: () => clearTimeout(timer),
  }
}
