/**
 * The extension core as the host serves it: persistence in extensions.json, consent before a first
 * start, views for `switchboard://extensions`, the catalog for `switchboard://tools`, logs, and
 * tool calls made by the person. Emits the URIs whose content changed.
 */
import type { CallToolResult } from '@modelcontextprotocol/server'
import { HostResource, extensionLogUri, type ExtensionView, type LogEntry, type ToolCallOutcome, type ToolsResource } from '../../../shared/hostApi'
import { bindingsFor, createExtensionsCore, parseExtensionConfig, toModelResult, type ClientRequestHandlers, type ConfigSource, type ExtensionConfig, type ExtensionsCore, type OwnsSecret, type ProgressUpdate, type ResolveSecrets } from '../../extensions'
import { createBuiltinRegistry, type BuiltinRegistry } from '../../builtins'
import { log } from '../../log/log'
import { createExtensionConsent, type ExtensionConsent } from './extensionConsent'
import type { ExtensionsFile } from './extensionsFile'
import type { ExtensionLogLevels } from './extensionLogLevels'
import { applyDefaultExtensions, builtInDescription, servedAgent } from './defaultExtensions'
import type { FrontendTransportSource } from '../../extensions/connection/transports'
import { describeSignIn, type RemoteAuth } from '../../extensions/auth/remoteAuth'
import type { RevisionCache } from '../../extensions/connection/revisionCache'
import { createCallerGrants, type Caller, type CallerGrants } from '../agents/callerGrants'
import type { InstalledFrom } from '../../../shared/policyApi'

type CatalogWithoutPolicies = Omit<ToolsResource, 'tools' | 'tokenizer'> & { tools: Omit<ToolsResource['tools'][number], 'policy' | 'alwaysOffer' | 'tokens'>[] }

/** What the masked config shows in place of a sensitive literal; an update that sends it back keeps the stored value. */
const MASK = '••••••'

export interface ExtensionServiceOptions {
  file: ExtensionsFile
  resolveSecrets: ResolveSecrets
  /** See ExtensionManagerOptions.ownsSecret (a bundle's own secret names). */
  ownsSecret?: OwnsSecret
  /** See ExtensionManagerOptions.missingSettings. */
  missingSettings?: (extensionId: string) => string | undefined
  appVersion: string
  /** Which protocol revision each server speaks, kept between starts (see revisionCache.ts). */
  revisions?: RevisionCache
  /** Tells the person something once (bad entries in extensions.json). */
  notify: (message: string) => void
  /** Requests servers may send us (sampling…); declared to servers only when given. */
  handlers?: ClientRequestHandlers
  /** The app window's frontend-tools session, for extensions of type `frontend`. */
  frontend?: FrontendTransportSource
  /** The per-extension server log level, shown in each view. */
  logLevels?: ExtensionLogLevels
  /** Sign-in (OAuth) for remote extensions. */
  auth?: RemoteAuth
  /** Runs after an extension was removed (a bundle deletes its files and keychain entries). */
  onRemoved?: (id: string) => Promise<void>
  /** Why the managed policy refuses this extension (install, update or start), or undefined; checked before anything is stored or started. */
  policyRefusal?: (config: ExtensionConfig) => string | undefined
  /** The in-process servers builtin extensions connect to (default: the shipped ones); the agents add theirs. */
  builtins?: BuiltinRegistry
}

export interface ExtensionService {
  readonly core: ExtensionsCore
  readonly consent: ExtensionConsent
  views(): ExtensionView[]
  /**
   * `source`: 'person' only for the by-hand form (it binds the secrets the config names); every install path is 'install'.
   * `from`: the way it is installed (registry, bundle, link, import, by hand), kept in the config for the managed policy.
   */
  add(input: Record<string, unknown>, source?: ConfigSource, from?: InstalledFrom): Promise<ExtensionView>
  update(id: string, input: Record<string, unknown>, source?: ConfigSource): Promise<ExtensionView>
  remove(id: string): Promise<void>
  setEnabled(id: string, enabled: boolean): Promise<ExtensionView>
  restart(id: string): Promise<ExtensionView>
  /** Starts signing in; resolves once the sign-in page waits in `switchboard://elicitations`. */
  signIn(id: string): Promise<{ id: string; message: string }>
  signOut(id: string): Promise<{ id: string; message: string }>
  samplingPolicy(id: string): 'ask' | 'always' | 'never'
  /** Whether content from the extension counts as outside content (issue 37): the person's choice, else whether it is remote. */
  bringsOutsideContent(id: string): { remote: boolean; marked?: boolean }
  /** The person's *Brings outside content* choice; null goes back to the default. */
  setOutsideContent(id: string, marked: boolean | null): Promise<ExtensionView>
  setSampling(id: string, policy: 'ask' | 'always' | 'never'): Promise<ExtensionView>
  log(id: string): LogEntry[] | undefined
  /** Switches one tool (its server's name for it) on or off through the config's `tools` filter; applies without a restart. */
  setToolEnabled(id: string, tool: string, enabled: boolean): Promise<ExtensionView>
  /** The catalog without policies, "always offer" marks and token weights (permissionViews.ts adds them). */
  tools(): CatalogWithoutPolicies
  /**
   * A call that is not a model's (the person's tool_call, a connected app's, an App's): same dispatch
   * as the model's calls, approval is the caller's business. `caller` says who asks; the agent
   * servers it reaches learn it (what it may attach). `onProgress` gets the tool's progress reports.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    caller: Caller,
    signal?: AbortSignal,
    onProgress?: (update: ProgressUpdate) => void,
    /** `switchedOffToo`: an extension's own MCP App calling a tool switched off on its page (appTools.ts). */
    reach?: { switchedOffToo?: boolean },
  ): Promise<{ result: CallToolResult; outcome: ToolCallOutcome }>
  /** Who the calls made through callTool (and the hooks') are for, while they run. */
  readonly callers: CallerGrants
  onChange(listener: (uri: string) => void): () => void
  start(): void
  stop(): Promise<void>
}

/** The host API reports object-shaped structured content only (2026-07-28 servers may send any JSON value; the model still gets it through `result`). */
function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** Remote (HTTP) extensions bring outside content unless the person says otherwise (issue 37). */
function isRemoteType(type: string | undefined): boolean {
  return type === 'streamable-http' || type === 'sse'
}

function fail(errors: string[]): never {
  throw new Error(errors.join('\n'))
}

export function createExtensionService(options: ExtensionServiceOptions): ExtensionService {
  const { content, notices, firstRun } = options.file.read()
  notices.forEach(options.notify)
  // A new data folder starts with the builtin System extension and the window's frontend tools.
  const defaults = applyDefaultExtensions(content.extensions, content.defaultsOffered, firstRun)
  defaults.notices.forEach(options.notify)
  let configs: ExtensionConfig[] = defaults.configs
  const callers = createCallerGrants()
  const listeners = new Set<(uri: string) => void>()
  const emit = (uri: string) => listeners.forEach((listener) => listener(uri))
  const samplingPolicies = new Map(Object.entries(content.samplingPolicies))
  const outsideMarks = new Map(Object.entries(content.outsideContent ?? {}))
  let saving: Promise<void> = Promise.resolve()
  const persist = () => {
    saving = options.file.write({ extensions: configs, approvedLaunches: consent.approvedLaunches(), deniedLaunches: consent.deniedLaunches(), samplingPolicies: Object.fromEntries(samplingPolicies), ...(outsideMarks.size > 0 ? { outsideContent: Object.fromEntries(outsideMarks) } : {}), defaultsOffered: defaults.offered }).catch((error: Error) => {
      log('error', 'extensions', `Could not save extensions.json: ${error.message}`)
      options.notify(`Your extension changes could not be saved (${error.message}); they are active until Switchboard quits.`)
    })
    return saving
  }

  const consent: ExtensionConsent = createExtensionConsent({
    approved: content.approvedLaunches,
    denied: content.deniedLaunches,
    onDecisionsChanged: () => void persist(),
    onApproved: (id) => {
      void core.manager.setEnabled(id, true).then((result) => {
        if (!result.ok) log('warn', 'extensions', `Could not start ${id} after approval: ${result.errors.join(' ')}`)
      })
    },
    onDenied: (id) => log('info', 'extensions', `The person denied starting ${id}; it stays stopped.`),
  })

  // An enabled extension whose launch was never approved (a hand-edited file, or "allow once" last
  // time) waits stopped for a new approval instead of starting. One that is off stays as it was:
  // denied, or asked when it is turned on.
  const initial = configs.map((config) => (config.enabled && consent.require(config) === 'pending' ? { ...config, enabled: false } : config))

  const core = createExtensionsCore({
    configs: initial,
    store: {
      save: (next) => {
        configs = next
        return persist()
      },
    },
    resolveSecrets: options.resolveSecrets,
    ownsSecret: options.ownsSecret,
    missingSettings: options.missingSettings,
    startRefusal: options.policyRefusal,
    builtins: options.builtins ?? createBuiltinRegistry({ appVersion: options.appVersion }),
    clientInfo: { name: 'switchboard', version: options.appVersion },
    handlers: options.handlers,
    frontend: options.frontend,
    auth: options.auth,
    revisions: options.revisions,
  })
  options.auth?.onChange(() => emit(HostResource.extensions))
  // A default given to an existing folder is saved at once, so it is offered only this once.
  if (!firstRun && defaults.offered.join() !== (content.defaultsOffered ?? []).join()) void persist()
  core.manager.onChange((event) => {
    switch (event.type) {
      case 'status':
      case 'removed':
        emit(HostResource.extensions)
        return
      case 'log':
        emit(extensionLogUri(event.id))
        return
      case 'list-changed':
      case 'resource-updated':
        return
    }
  })
  core.cache.onChange(() => {
    emit(HostResource.tools)
    emit(HostResource.extensions)
  })
  options.logLevels?.onChange(() => emit(HostResource.extensions))
  consent.onChange(() => {
    emit(HostResource.elicitations)
    emit(HostResource.extensions)
  })

  const signInView = (id: string) => {
    const status = options.auth?.known(id)
    return status && { ...status, description: describeSignIn(status) }
  }

  const builtInView = (config: ExtensionConfig): Pick<ExtensionView, 'builtIn'> => {
    const description = builtInDescription(config)
    return description ? { builtIn: { description } } : {}
  }
  const view = (id: string): ExtensionView => {
    const snapshot = core.manager.get(id)
    const config = core.manager.config(id)
    if (!snapshot || !config) throw new Error(`No extension with id "${id}" is installed.`)
    const counts = core.cache.counts(id)
    return {
      id: snapshot.id,
      name: snapshot.name,
      type: snapshot.type,
      enabled: snapshot.enabled,
      trust: snapshot.trust,
      status: snapshot.status,
      error: snapshot.error,
      restartAt: snapshot.restartAt,
      server: snapshot.server,
      protocolVersion: snapshot.protocolVersion,
      consent: consent.state(config),
      sampling: samplingPolicies.get(id) ?? 'ask',
      outsideContent: { marked: outsideMarks.get(id) ?? null, brings: outsideMarks.get(id) ?? isRemoteType(config.type) },
      logLevel: options.logLevels?.levelOf(id),
      config: snapshot.config as Record<string, unknown>,
      toolCount: counts.tools,
      toolsOff: counts.toolsOff,
      signIn: signInView(id),
      resourceCount: counts.resources,
      promptCount: counts.prompts,
      ...builtInView(config),
    }
  }

  /** Adds or updates with consent: a launch that needs approval is stored disabled until the person approves it. */
  const withConsent = async (input: Record<string, unknown>, apply: (input: Record<string, unknown>) => ReturnType<ExtensionsCore['manager']['add']>) => {
    const parsed = parseExtensionConfig(input)
    if (!parsed.ok) fail(parsed.errors)
    // The managed policy is asked before anything is stored, asked for consent or started.
    const refused = options.policyRefusal?.(parsed.config)
    if (refused) fail([refused])
    const wantsToRun = parsed.config.enabled
    const gated = wantsToRun && consent.require(parsed.config) === 'pending'
    const result = await apply(gated ? { ...input, enabled: false } : input)
    if (!result.ok) {
      consent.forget(parsed.config.id)
      fail(result.errors)
    }
    return view(result.extension.id)
  }

  /** The input with the bindings main decides on (secretOwnership.ts); whatever `boundSecrets` it carried is dropped. */
  const bound = (input: Record<string, unknown>, source: ConfigSource, previous?: ExtensionConfig, from?: InstalledFrom): Record<string, unknown> => {
    // Where it came from is main's to say: kept from before on an update, given by the install path on an add.
    const { boundSecrets: _ignored, installedFrom: _claimed, ...given } = input
    const origin = previous ? previous.installedFrom : from
    const rest = origin ? { ...given, installedFrom: origin } : given
    const parsed = parseExtensionConfig(rest)
    // An invalid config is refused with its errors by withConsent.
    const bindings = parsed.ok ? bindingsFor(parsed.config, source, previous) : []
    return bindings.length > 0 ? { ...rest, boundSecrets: bindings } : rest
  }

  const unmask = (id: string, input: Record<string, unknown>): Record<string, unknown> => {
    const stored = core.manager.config(id)
    if (!stored) return input
    const keep = (field: 'env' | 'headers') => {
      const next = input[field]
      const previous = (stored as Record<string, unknown>)[field] as Record<string, string> | undefined
      if (!next || typeof next !== 'object' || !previous) return next
      return Object.fromEntries(Object.entries(next as Record<string, unknown>).map(([key, value]) => [key, value === MASK ? previous[key] : value]))
    }
    return { ...input, ...('env' in input ? { env: keep('env') } : {}), ...('headers' in input ? { headers: keep('headers') } : {}) }
  }

  return {
    core,
    consent,
    views: () => core.manager.list().map((snapshot) => view(snapshot.id)),
    add: (input, source = 'install', from) => withConsent(bound(input, source, undefined, from), (checked) => core.manager.add(checked)),
    update: (id, input, source = 'install') => withConsent(bound({ ...unmask(id, input), id }, source, core.manager.config(id)), (checked) => core.manager.update(id, checked)),
    async remove(id) {
      const config = core.manager.config(id)
      if (config && builtInDescription(config)) {
        const agent = servedAgent(config) === undefined ? '' : ' It serves an agent and goes when the agent is removed (Settings → Agents, agent_remove).'
        throw new Error(`“${config.name}” is built into Switchboard and cannot be removed.${agent} Turn it off in Settings → Extensions instead (extension_set_enabled).`)
      }
      const result = await core.manager.remove(id)
      if (!result.ok) fail(result.errors)
      consent.forget(id)
      samplingPolicies.delete(id)
      outsideMarks.delete(id)
      options.logLevels?.forget(id)
      await persist()
      await options.onRemoved?.(id)
    },
    async setEnabled(id, enabled) {
      const config = core.manager.config(id)
      if (!config) throw new Error(`No extension with id "${id}" is installed.`)
      if (enabled && consent.require(config) === 'pending') return view(id)
      const result = await core.manager.setEnabled(id, enabled)
      if (!result.ok) fail(result.errors)
      return view(id)
    },
    async restart(id) {
      const result = await core.manager.restart(id)
      if (!result.ok) fail(result.errors)
      return view(id)
    },
    async signIn(id) {
      await core.manager.signIn(id)
      return { id, message: 'The sign-in page is waiting for you to open it.' }
    },
    async signOut(id) {
      return { id, message: await core.manager.signOut(id) }
    },
    async setToolEnabled(id, tool, enabled) {
      const config = core.manager.config(id)
      if (!config) throw new Error(`No extension with id "${id}" is installed.`)
      const { allow, deny } = config.tools
      const without = (list: string[] | undefined) => list?.filter((name) => name !== tool)
      // On: out of deny, and into allow when an allow list decides; off: into deny (allow, if any, stays as it is).
      const tools = enabled
        ? { ...(allow ? { allow: allow.includes(tool) ? allow : [...allow, tool] } : {}), ...(deny ? { deny: without(deny) } : {}) }
        : { ...(allow ? { allow } : {}), deny: [...(without(deny) ?? []), tool] }
      // The manager saves it and applies it live (the catalog rebuilds; no reconnect).
      const result = await core.manager.update(id, { ...config, tools })
      if (!result.ok) fail(result.errors)
      return view(id)
    },
    samplingPolicy: (id) => samplingPolicies.get(id) ?? 'ask',
    bringsOutsideContent(id) {
      const marked = outsideMarks.get(id)
      return { remote: isRemoteType(core.manager.config(id)?.type), ...(marked !== undefined ? { marked } : {}) }
    },
    async setOutsideContent(id, marked) {
      if (!core.manager.config(id)) throw new Error(`No extension with id "${id}" is installed.`)
      if (marked === null) outsideMarks.delete(id)
      else outsideMarks.set(id, marked)
      await persist()
      emit(HostResource.extensions)
      return view(id)
    },
    async setSampling(id, policy) {
      if (!core.manager.config(id)) throw new Error(`No extension with id "${id}" is installed.`)
      if (policy === 'ask') samplingPolicies.delete(id)
      else samplingPolicies.set(id, policy)
      await persist()
      emit(HostResource.extensions)
      return view(id)
    },
    log: (id) => (core.manager.config(id) ? core.manager.log(id) : undefined),
    tools() {
      const catalog = core.cache.catalog()
      return {
        version: catalog.version,
        tools: catalog.tools.map(({ name, extensionId, extensionName, toolName, title, description, inputSchema, annotations, trust }) => ({
          name, extensionId, extensionName, toolName, title, description, inputSchema: inputSchema as Record<string, unknown>, annotations, trust,
        })),
        switchedOff: core.cache.switchedOffTools().map(({ name, extensionId, toolName, title, description }) => ({ name, extensionId, toolName, title, description })),
        resources: catalog.resources.map(({ extensionId, uri, name, title, description, mimeType }) => ({ extensionId, uri, name, title, description, mimeType })),
        prompts: catalog.prompts.map(({ name, extensionId, promptName, title, description }) => ({ name, extensionId, promptName, title, description })),
      }
    },
    callers,
    async callTool(name, args, caller, signal, onProgress, reach) {
      const outcome = await callers.run(caller, (meta) => core.dispatcher.call({ name, arguments: args, _meta: meta }, { signal, onProgress, switchedOffToo: reach?.switchedOffToo === true }))
      const result = toModelResult(outcome)
      return {
        result,
        outcome: {
          outcome: outcome.status,
          extensionId: outcome.extensionId,
          tool: outcome.tool,
          durationMs: outcome.durationMs,
          structuredContent: outcome.status === 'ok' ? objectOrUndefined(outcome.result.structuredContent) : undefined,
        },
      }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: () => void core.start(),
    async stop() {
      await core.stop()
      // A change saved just before quitting is on disk before the host reports it stopped.
      await saving
    },
  }
}
