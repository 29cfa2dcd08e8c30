/** Composition root of the Node host: shared services plus one host server per renderer connection. */
import type { Transport } from '@modelcontextprotocol/server'
import pkg from '../../../package.json'
import { openSessionIndex } from '../agent/session/sessionIndex'
import { openSettingsStore, type MakeConf } from '../settings/openSettings'
import { openSecretStore, type SecretStore } from '../secrets/secretStore'
import { deferredSecretStore } from '../secrets/deferredSecretStore'
import { createAppService } from '../services/appService'
import { makePrivateDataDir } from '../storage/privateFiles'
import { createHostServer } from '../server/hostServer'
import type { HostServices } from '../server/hostServices'
import { createNoticeBoard } from '../services/noticeBoard'
import { createExtensionService } from '../services/extensions/extensionService'
import { extensionsFile } from '../services/extensions/extensionsFile'
import { RevisionCache, revisionFileStorage } from '../extensions/connection/revisionCache'
import { createElicitationBoard } from '../services/elicitations/elicitationBoard'
import { resolveSecretRefsIn } from '../secrets/secretRefs'
import { openPermissions } from '../permissions'
import { createCallRater } from '../services/review/callRater'
import { guardUpdateNotice } from './guardNotice'
import { DEFAULT_GUARD_MODE, type ProvenanceSource } from '../../shared/provenanceApi'
import { approvalSource } from '../services/elicitations/approvalSource'
import { observeCatalog } from '../server/permissionViews'
import { knownSecretValues } from '../services/knownSecretValues'
import { redactSecrets } from '../log/secretValues'
import { homedir } from 'node:os'
import { createModelService } from '../services/modelService'
import { createChatService } from '../services/chat/chatService'
import { createHookService } from '../services/hooks/hookService'
import { createSessionAttachments, openAgentStore } from '../agent'
import { createBuiltinRegistry } from '../builtins'
import { createAgentService } from '../services/agents/agentService'
import { createAgentCalls } from '../services/agents/agentCalls'
import { HOOK_CALLER } from '../services/agents/callerGrants'
import { createSampling } from '../services/elicitations/sampling'
import { createToolListCache } from '../server/toolListCache'
import { BoundedRequestTransport } from './web/boundedRequests'
import { createQuestions } from '../services/elicitations/questions'
import { openExtensionLogLevels } from '../services/extensions/extensionLogLevels'
import { log } from '../log/log'
import { createFrontendLink, restartFrontendExtensions } from './web/frontendLink'
import { observed } from './observedTransport'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { createRoots } from '../services/roots'
import { createInstallRequests } from '../services/extensions/installRequests'
import { createBundleService } from '../extensions/bundles/bundleService'
import type { PathPicker } from '../extensions/bundles/bundleTypes'
import type { SavePicker } from '../services/chat/conversationExport'
import { createRegistryService } from '../extensions/registry/registryService'
import { DEFAULT_REGISTRY_URL } from '../../shared/hostApi'
import { createRemoteAuth } from '../extensions/auth/remoteAuth'
import type { BundleService } from '../extensions/bundles/bundleService'
import type { ExtensionService } from '../services/extensions/extensionService'
import type { Roots } from '../services/roots'
import { lateBound } from './lateBound'
import type { LogEntryLevel } from '../extensions/logRing'
import { TokenVault } from '../extensions/auth/tokenVault'
import { openLoopbackRedirect } from './web/loopbackRedirect'
import { createGatewayService } from '../gateway/gatewayService'
import { candidateOf, openManagedPolicy, policyPath as systemPolicyPath } from '../policy'
import { openRoutineStore } from '../services/routines/routineStore'
import { createRoutineService } from '../services/routines/routineService'
import { createRoutineLauncher, waitForTool } from '../services/routines/routineRuns'
import { createRoutineGrants } from '../services/routines/routineGrants'
import { systemClock, type RoutineClock } from '../services/routines/clock'
import { createSkillService, type SkillService } from '../services/skills/skillService'
import { createPluginService } from '../services/plugins/pluginService'
import { createActivityService } from '../activity/activityService'
import { auditToolCalls } from '../activity/toolCallAudit'
import { createTelemetryService } from '../telemetry/telemetryService'
import { routineActivity } from './activityFeeds'

export interface Host {
  readonly services: HostServices
  /** Serves the host API on a renderer transport until it closes. */
  connect(transport: Transport, label: string): Promise<void>
  /** Takes main's end of a window's frontend-tools session (the page is the MCP server); the `frontend` extension connects to it. */
  connectFrontend(transport: Transport): void
  /** Closes every open connection and stops every extension (children get stdin close → SIGTERM → SIGKILL). */
  close(): Promise<void>
}

export interface HostOptions {
  dataDir: string
  /** Makes the settings conf: electron-store in the app, `conf` in Node; both write atomically. */
  makeSettingsConf: MakeConf
  /** The OS keychain by default; tests pass a store under their own keychain service. */
  secrets?: Promise<SecretStore>
  /** How long a question or sampling request from an extension waits for the person before it is cancelled (default 10 minutes). */
  questionTimeoutMs?: number
  /** How long assisted review's rating may take (tests: short); default 15 s. */
  reviewTimeoutMs?: number
  /** Hands a link to the system browser; given by the Electron shell, absent in browser mode (the page opens links itself). */
  openExternal?: (url: string) => void | Promise<void>
  /** The system file/folder dialog (Electron); absent in browser mode, where `pick_path` answers "unavailable". */
  pickPath?: PathPicker
  /** The system save dialog (the app window), for exports; absent in browser mode. */
  pickSavePath?: SavePicker
  /** The connected apps' endpoint listens on this port for this run (instead of the one it keeps). */
  gatewayPort?: number
  /** Extensions start connecting once this resolves (the Node host: once it serves); by default at once. */
  startExtensionsAfter?: Promise<void>
  /**
   * The managed policy file; by default the system-wide one (policy/policyPath.ts). Only tests pass
   * another: there is deliberately no environment variable or command-line flag for it.
   */
  policyPath?: string
  /** The clock routines run on (tests and the benchmark move it by hand); the wall clock by default. */
  routineClock?: RoutineClock
  /** A notification from the OS (the Electron shell); without it, the window's (browser mode). */
  notifyOs?: (title: string, body: string) => void
  /** The home folder personal skills are looked for in (~/.agents/skills, ~/.claude/skills); tests give a folder of their own. */
  skillsHome?: string
}

// The AI SDK writes its warnings to the console; the host reports problems through its own log.
;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false

export async function createHost({ dataDir, makeSettingsConf, secrets, questionTimeoutMs, openExternal, pickPath, pickSavePath, gatewayPort, startExtensionsAfter, policyPath, routineClock = systemClock, notifyOs, skillsHome, reviewTimeoutMs }: HostOptions): Promise<Host> {
  await makePrivateDataDir(dataDir)
  // The organisation's limits, read before anything they limit exists (docs/guide/managed-policy.md).
  const policy = openManagedPolicy({ path: policyPath ?? systemPolicyPath(process.platform), appVersion: pkg.version })
  // The keychain probe takes a moment (300–400 ms with a Secret Service): the host is ready without
  // it; secrets wait for it where they are used, and the settings resource says 'checking' until then.
  const secretStore = deferredSecretStore(secrets ?? openSecretStore())
  const [sessions, agentStore] = await Promise.all([openSessionIndex(dataDir), openAgentStore(dataDir)])
  const settings = openSettingsStore(dataDir, makeSettingsConf)
  const notices = createNoticeBoard()
  for (const notice of settings.takeNotices()) notices.add(notice)
  if (sessions.damage) notices.add(sessions.damage)
  for (const notice of agentStore.takeNotices()) notices.add(notice)
  // Shared with the agents, which register a server of their own for each agent.
  const skillService = lateBound<SkillService>('the skill service')
  const builtins = createBuiltinRegistry(
    { appVersion: pkg.version },
    { skills: () => ({ catalog: skillService.get().local.catalog, load: (input, caller) => skillService.get().load(input, caller) }) },
  )
  const models = createModelService(dataDir, secretStore, (message) => notices.add({ message }))
  // Extensions ask sampling, questions, roots and bundles; those name, notify or list extensions.
  // The three made after the ones that need them are bound right where they are made (lateBound.ts).
  const later = {
    extensions: lateBound<ExtensionService>('the extension service'),
    bundles: lateBound<BundleService>('the bundle service'),
    roots: lateBound<Roots>('the roots service'),
  }
  const manager = () => later.extensions.get().core.manager
  const extensionName = (id: string) => manager().get(id)?.name ?? id
  const note = (id: string, level: LogEntryLevel, text: string) => manager().note(id, level, text)
  const sampling = createSampling(
    models,
    extensionName,
    { policyOf: (id) => later.extensions.get().samplingPolicy(id), allowAlways: (id) => void later.extensions.get().setSampling(id, 'always') },
    { timeoutMs: questionTimeoutMs, note },
  )
  const questions = createQuestions({ extensionName, timeoutMs: questionTimeoutMs, note })
  const logLevels = openExtensionLogLevels(dataDir)
  logLevels.notices.forEach((message) => notices.add({ message }))
  const frontend = createFrontendLink(() => restartFrontendExtensions(manager()))
  const resolveExtensionSecrets = (values: Record<string, string>, owner: string) => resolveSecretRefsIn(values, secretStore, { usedBy: `extension "${owner}"` })
  // Sign-in pages are URL questions, like any other link an extension wants opened.
  const auth = createRemoteAuth({
    vault: new TokenVault(secretStore),
    resolveSecrets: resolveExtensionSecrets,
    clientName: 'Switchboard',
    openLoopback: openLoopbackRedirect,
    ask: async (id, question, signal) => (await questions.elicit(id, { mode: 'url', ...question }, signal)).action,
    notify: (message) => notices.add({ message }),
  })
  const extensions = createExtensionService({
    auth,
    frontend: frontend.source,
    file: extensionsFile(dataDir),
    revisions: new RevisionCache(revisionFileStorage(dataDir)),
    resolveSecrets: resolveExtensionSecrets,
    // A bundle owns the keychain names of its sensitive settings (mcpb:<bundle>:<key>).
    ownsSecret: (id, name) => later.bundles.get().ownsSecret(id, name),
    // A bundle with required settings missing waits in needs-config and is never started without them.
    missingSettings: (id) => later.bundles.get().pendingProblem(id),
    appVersion: pkg.version,
    notify: (message) => notices.add({ message }),
    handlers: {
      createMessage: (id, params, signal) => sampling.handle(id, params, signal),
      listRoots: async () => later.roots.get().list(),
      elicit: (id, params, signal) => questions.elicit(id, params, signal),
      elicitationComplete: (id, elicitationId) => questions.complete(id, elicitationId),
    },
    logLevels,
    onRemoved: (id) => later.bundles.get().removed(id),
    builtins,
    policyRefusal: (config) => policy.extensionRefusal(candidateOf(config)),
  })
  later.extensions.bind(extensions)
  const bundles = createBundleService({
    dataDir,
    extensions: { views: () => extensions.views(), add: (input) => extensions.add(input, 'install', { source: 'bundle' }), update: (id, input) => extensions.update(id, input), retryNeedsConfig: () => extensions.core.manager.retryNeedsConfig() },
    secrets: secretStore,
    pickPath,
  })
  later.bundles.bind(bundles)
  const secretValues = knownSecretValues(secretStore)
  // Before the chat service, whose turns ask it for the skills to list; it learns of turns through the chat.
  let callerOf: (token: string) => { sessionId: string; agentId?: string } | undefined = () => undefined
  const skills = await createSkillService({
    dataDir,
    home: skillsHome ?? homedir(),
    roots: () => settings.get().roots ?? [],
    manager: extensions.core.manager,
    tools: () => extensions.core.cache.catalog().tools,
    promptNames: () => extensions.core.cache.catalog().prompts.flatMap((prompt) => [prompt.name, prompt.promptName]),
    callerOf: (token) => callerOf(token),
  })
  skillService.bind(skills)
  for (const message of skills.takeNotices()) notices.add({ message })
  const stopWatchingRoots = settings.onChange(() => skills.rootsChanged())
  // The activity log (docs/guide/activity.md): every authorize() answer is recorded before the call is
  // dispatched, every dispatched call's end after it; the person's changes through the app tools too.
  const activity = await createActivityService({
    dataDir,
    secrets: secretStore,
    settings: { read: () => settings.get('activity') ?? {}, write: (next) => void settings.update({ activity: next }) },
    pickSavePath,
  })
  // Assisted review (issue 38): the rater sits beside the inspector chain; permissions ask it about each call that would ask.
  let outsideOf: (sessionId: string) => ProvenanceSource[] = () => []
  const review = createCallRater({ settings: () => settings.get().assistedReview, models, providerAllowed: (id) => policy.assistedReviewProviderAllowed(id), secretValues: secretValues.list, outsideOf: (id) => outsideOf(id) })
  const audit = auditToolCalls(
    await openPermissions(dataDir, {
      reviewer: review,
      reviewTimeoutMs,
      homeDir: homedir(),
      secretValues: secretValues.list,
      secretValuesReady: secretValues.ready,
      redact: redactSecrets,
      guardMode: () => settings.get().guardAfterOutside ?? DEFAULT_GUARD_MODE,
      managedMode: { least: () => policy.leastStrictMode(), refusal: (mode) => policy.modeRefusal(mode) },
      refuseCalls: () => policy.refusal(),
    }),
    activity,
  )
  const permissions = audit.permissions
  outsideOf = (sessionId) => permissions.outsideOf(sessionId)
  const stopAuditing = extensions.core.dispatcher.observe(audit.observer)
  // OpenTelemetry export (opt-in): spans from the turn's hook points and the tool round, never a branch in the loop.
  const telemetry = createTelemetryService({
    settings: { read: () => settings.get('telemetry'), write: (next) => void settings.update({ telemetry: next }) },
    secrets: secretStore,
    version: pkg.version,
    providerOf: (modelId) => {
      const view = models.view()
      const provider = view.providers.find((p) => p.models.includes(modelId)) ?? view.providers.find((p) => p.id === view.selected?.providerId)
      return !provider ? 'unknown' : provider.kind === 'openai-compatible' ? provider.id : provider.kind
    },
    notify: (message) => notices.add({ message }),
  })
  const stopTracingTools = audit.onToolCall((event) => telemetry.spans.toolCall(event))
  for (const notice of permissions.store.takeNotices()) notices.add(notice)
  const guardNotice = guardUpdateNotice(permissions.store.snapshot(), settings.get())
  if (guardNotice) {
    notices.add(guardNotice)
    settings.update({ guardNoticeShown: true })
  }
  const attachments = createSessionAttachments(extensions.core.manager)
  const apps = createAppService(dataDir, () => extensions.core.cache.catalog().tools)
  const stopNotingApps = extensions.core.cache.onChange((catalog) => apps.noteCatalog(catalog.tools))
  const hooks = await createHookService({ dataDir, dispatch: (request, options) => {
      if (request.arguments) audit.expect(request.arguments, { kind: 'hook', name: `${String(request.arguments.event ?? 'a')} hook → ${request.name}` })
      return extensions.callers.run(HOOK_CALLER, (meta) => extensions.core.dispatcher.call({ ...request, _meta: meta }, options))
    }, authorize: (call, options) => permissions.authorize(call, options), turnSignal: (sessionId) => chat.turnSignal(sessionId), lookup: (name) => extensions.core.cache.lookup(name), roots: () => (settings.get().roots ?? []).map((root) => root.path) })
  for (const notice of hooks.takeNotices()) notices.add(notice)
  const chat = await createChatService({ dataDir, sessions, extensions, permissions, models, attachments, apps, hooks: telemetry.spans.observeTurns(hooks.runner), onCommitted: (sessionId, message) => telemetry.spans.committed(sessionId, message), agents: agentStore, alwaysOffer: () => settings.get('alwaysOfferTools') ?? [], modelFacts: () => settings.get('modelFacts') ?? [], defaultInstructions: () => settings.get('defaultInstructions'), skillsPrompt: (turn) => skills.promptFor(turn), expandSkillCommand: (turn, text) => skills.expandCommand(turn, text), pickSavePath, turnRefusal: () => policy.refusal() })
  const routineGrants = createRoutineGrants()
  const agents = createAgentService({ store: agentStore, builtins, manager: extensions.core.manager, turns: createAgentCalls({ agents: agentStore, sessions, chat, callers: extensions.callers, routines: routineGrants }) })
  // After the agents and before the manager starts: installed plugins' command servers are registered so they connect.
  const plugins = createPluginService({ dataDir, extensions, agents, hooks, skills, secrets: secretStore, builtins })
  let closed = false
  const routineStore = openRoutineStore(dataDir)
  for (const notice of routineStore.takeNotices()) notices.add(notice)
  // Browser mode: the window's notification (the frontend tool), once, whichever window holds the frontend session.
  const notifyInWindow = (title: string, body: string) => {
    const tool = extensions.core.cache.catalog().tools.find((candidate) => candidate.toolName === 'show_notification' && extensions.core.manager.config(candidate.extensionId)?.type === 'frontend')
    if (tool) void extensions.core.dispatcher.call({ name: tool.name, arguments: { title, body } }).catch(() => undefined)
  }
  const routines = createRoutineService({
    store: routineStore,
    clock: routineClock,
    agentName: (id) => agentStore.get(id)?.name,
    notify: (message) => notices.add({ message }),
    offReason: () => policy.routinesRefusal(),
    launch: createRoutineLauncher({
      grants: routineGrants,
      clock: routineClock,
      chat,
      callers: extensions.callers,
      async call(name, args, meta) {
        const outcome = await extensions.core.dispatcher.call({ name, arguments: args, _meta: meta })
        if (outcome.status !== 'ok') return { ok: false, message: outcome.message }
        if (outcome.result.isError) return { ok: false, message: outcome.result.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ').trim() || 'The agent refused the run.' }
        return { ok: true }
      },
      toolReady: (name) => waitForTool(extensions.core.cache, name, 120_000),
      broker: permissions.broker,
      notify: notifyOs ?? notifyInWindow,
      closing: () => closed,
    }),
  })
  const stopWatchingAgents = agents.onChange(() => void routines.checkAgents())
  const stopLoggingRoutines = routines.onEvent((event) => activity.record(routineActivity(event)))
  // The organisation's telemetry endpoint, when its policy requires one: export forced on to it; off when its policy turns it off.
  const applyTelemetryPolicy = () => {
    const endpoint = policy.requiredTelemetryEndpoint()
    return Promise.all([telemetry.block(policy.telemetryRefusal()), telemetry.force(endpoint ? { endpoint } : undefined)]).catch((error: Error) => log('warn', 'policy', `Applying the policy's telemetry choice failed: ${error.message}`))
  }
  void applyTelemetryPolicy()
  callerOf = (token) => {
    const turn = chat.callerOf(token)
    return turn && { sessionId: turn.sessionId, agentId: turn.chain.at(-1)?.id }
  }
  const roots = createRoots({
    settings,
    sessions,
    chat: { isWriting: (id) => chat.progress(id).turn !== null, onChange: (listener) => chat.onChange(listener) },
    notifyChanged: () => extensions.core.manager.notifyRootsChanged(),
  })
  later.roots.bind(roots)
  // Other apps reach the agents (and, per app, the catalog) over loopback HTTP, through the same inspector and manager.
  const gateway = createGatewayService({
    dataDir,
    version: pkg.version,
    port: gatewayPort,
    tools: () => extensions.core.cache.catalog().tools,
    onCatalogChange: (listener) => extensions.core.cache.onChange(listener),
    authorize: (call, signal) => permissions.authorize(call, { signal }),
    callTool: (name, args, caller, signal, onProgress) => extensions.callTool(name, args, caller, signal, onProgress),
    chat,
    readExtensionResource: async (id, uri) => {
      const connection = extensions.core.manager.connection(id)
      if (!connection) throw new Error(`The extension "${id}" is not running, so ${uri} cannot be read now; try again once it is ready.`)
      return connection.readResource(uri)
    },
    notify: (message) => notices.add({ message }),
    policyRefusal: () => policy.connectedAppsRefusal(),
  })
  // A changed policy applies at once: extensions it now refuses stop, ones it allows again start, the endpoint follows.
  const stopFollowingPolicy = policy.onChange(() => {
    void applyTelemetryPolicy()
    void routines.setEnabled(policy.routinesAllowed()).catch((error: Error) => log('warn', 'policy', `Applying the changed policy to routines failed: ${error.message}`))
    void extensions.core.manager.recheckStarts().catch((error: Error) => log('warn', 'policy', `Applying the changed policy to extensions failed: ${error.message}`))
    void gateway.applyPolicy().catch((error: Error) => log('warn', 'policy', `Applying the changed policy to connected apps failed: ${error.message}`))
  })
  const services: HostServices = {
    dataDir,
    version: pkg.version,
    sessions,
    settings,
    secrets: secretStore,
    notices,
    extensions,
    permissions,
    elicitations: createElicitationBoard([extensions.consent, approvalSource(permissions.broker, extensionName), sampling, questions, hooks, gateway.requests]),
    models,
    chat,
    attachments,
    installRequests: createInstallRequests(),
    toolList: createToolListCache(),
    bundles,
    registry: createRegistryService({
      dataDir,
      registryUrl: () => settings.get('registryUrl') ?? DEFAULT_REGISTRY_URL,
      extensions,
      secrets: secretStore,
      // mcpb packages: the verified download goes through the bundle installer, consent dialog included.
      installBundle: (path) => bundles.install({ path }),
    }),
    logLevels,
    openExternal,
    apps,
    hooks,
    gateway,
    agents,
    policy,
    routines,
    skills,
    plugins,
    activity,
    telemetry,
    review,
  }
  const stopLogLevels = logLevels.follow(extensions.core.manager)
  const stopObserving = observeCatalog(extensions, permissions)
  // Extensions connect in the background; the host answers the window at once.
  // The agents' extensions are synced after the manager started, as they always were.
  const startExtensions = async () => {
    if (closed) return
    extensions.start()
    await agents.start()
    // The schedule is armed once the agents' extensions are being served: catch-ups and at-start runs go first.
    await routines.setEnabled(policy.routinesAllowed())
    await routines.start()
  }
  if (startExtensionsAfter) void startExtensionsAfter.then(startExtensions).catch((error: Error) => log('warn', 'agents', error.message))
  else await startExtensions()
  await gateway.start()
  const open = new Set<Transport>()

  return {
    services,
    async connect(transport, label) {
      let dispose = () => {}
      open.add(transport)
      const wire = observed(transport, {
        onClosed: () => {
          open.delete(transport)
          dispose()
        },
      })
      // One host server per connection, made on its first message: a 2025-11-25 client opens with
      // initialize, a 2026-07-28 one with per-request _meta (the SDK's connection-pinned entry
      // takes any transport, not only stdio). The window itself stays on 2025-11-25: it needs
      // resources/subscribe, which 2026-07-28 replaced with listen streams.
      serveStdio(
        () => {
          const made = createHostServer(services)
          dispose = made.dispose
          return made.server
        },
        // One client's burst of requests must not hold up the others (boundedRequests.ts).
        { transport: new BoundedRequestTransport(wire), onerror: (error) => log('warn', `host:${label}`, error.message) },
      )
    },
    connectFrontend: (transport) => frontend.attach(transport),
    async close() {
      closed = true
      stopFollowingPolicy()
      stopLoggingRoutines()
      policy.close()
      await Promise.all([...open].map((transport) => transport.close()))
      await gateway.close()
      stopWatchingAgents()
      await routines.stop()
      await chat.stop()
      // Runs cut by the stop are recorded interrupted before the file closes.
      await Promise.race([routines.idle(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
      roots.stop()
      await stopObserving()
      stopNotingApps()
      stopLogLevels()
      stopWatchingRoots()
      skills.stop()
      secretValues.stop()
      permissions.close()
      await extensions.stop()
      await bundles.close()
      await plugins.close()
      await services.registry.flush()
      await permissions.flush()
      await apps.flush()
      // Last: what happened while closing (a denied call, a sign-out) is still recorded and on disk.
      stopAuditing()
      stopTracingTools()
      await Promise.all([activity.close(), telemetry.close()])
    },
  }
}
