/**
 * Shared setup for the agent loop tests, all real: a scripted model server over HTTP, the fixture
 * MCP server through the extensions core, the permission service and the sessions store on a
 * temporary data dir. Everything started here is stopped after each test.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { runTurn, type RunTurnOptions, type TurnResult } from '../../../src/main/agent/agentLoop'
import { createLanguageModel, type ProviderKind } from '../../../src/main/agent/providers'
import { openSessionIndex, type SessionIndex } from '../../../src/main/agent/session/sessionIndex'
import { openSessionStore, type SessionStore } from '../../../src/main/agent/session/sessionStore'
import type { TurnProgress } from '../../../src/main/agent/turn/turnProgress'
import type { ExtensionConfig } from '../../../src/main/extensions'
import { openPermissions, type PermissionMode, type PermissionService } from '../../../src/main/permissions'
import { tempDir } from '../../helpers/tempDir'
import { expectNoChildren, fixture, stopAllManagers, testCore, untilStatus } from '../extensions/harness'
import { KEY, MODEL, providerFor, scriptedServer, secretsOf } from './providers/providerTestKit'
import type { ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import type { ScriptedTurn } from '../../fixtures/modelServer/script'
import type { ToolOffer } from '../../../src/shared/hostApi'

const cleanups: (() => Promise<void> | void)[] = []
let usedExtensions = false
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  if (usedExtensions) {
    await stopAllManagers()
    await expectNoChildren()
    usedExtensions = false
  }
})

export interface AgentWorld {
  server: ScriptedModelServer
  store: SessionStore
  index: SessionIndex
  permissions: PermissionService
  core?: ReturnType<typeof testCore>
  dataDir: string
  sessionId: string
  /** Every progress snapshot published, in order. */
  progress: TurnProgress[]
  /** Runs a turn with the world's pieces; `overrides` replace any option. */
  turn(userText: string, overrides?: Partial<RunTurnOptions>): Promise<TurnResult>
}

export interface WorldOptions {
  turns?: ScriptedTurn[]
  kind?: ProviderKind
  mode?: PermissionMode
  /** Fixture extensions to run (default: one, "fx"); `[]` for none. */
  extensions?: ExtensionConfig[]
  /** How long the session index waits before saving reported counts (sessionIndex.ts). */
  indexSaveDelayMs?: number
  /**
   * Which tools turns offer. Default "all": most loop tests have the model call the fixture's tools
   * straight away; the tool search tests (toolSearchLoop.test.ts) use "search", and autoToolOffer.test.ts
   * "auto", the app's default.
   */
  toolOffer?: ToolOffer
}

export async function agentWorld(options: WorldOptions = {}): Promise<AgentWorld> {
  const dir = await tempDir('switchboard-agent-')
  cleanups.push(dir.remove)
  const server = await scriptedServer({ turns: options.turns ?? [] })
  const index = await openSessionIndex(dir.path, undefined, { saveDelayMs: options.indexSaveDelayMs })
  const store = await openSessionStore({ dataDir: dir.path, index })
  cleanups.push(() => store.close())
  const permissions = await openPermissions(join(dir.path, 'permissions'), { homeDir: tmpdir(), caseInsensitivePaths: false, secretValues: () => [], approvalTimeoutMs: 20_000 })
  cleanups.push(async () => {
    permissions.close()
    await permissions.store.flush()
  })
  await permissions.store.setMode(options.mode ?? 'autonomous')

  const extensions = options.extensions ?? [fixture('fx')]
  let core: ReturnType<typeof testCore> | undefined
  if (extensions.length > 0) {
    usedExtensions = true
    core = testCore(extensions)
    for (const extension of extensions) await untilStatus(core.manager, extension.id, 'ready')
    await core.cache.idle()
  }
  const kind = options.kind ?? 'openai-compatible'
  const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, { ...secretsOf({ [`provider:test-${kind}`]: KEY }), retry: { initialDelayMs: 20 } })
  const session = await index.create()
  const progress: TurnProgress[] = []

  return {
    server,
    store,
    index,
    permissions,
    core,
    dataDir: dir.path,
    sessionId: session.id,
    progress,
    async turn(userText, overrides = {}) {
      const history = (await store.load(session.id)).messages
      return runTurn({
        sessionId: session.id,
        history,
        userText,
        model,
        tools: core?.cache.catalog().tools ?? [],
        mode: permissions.store.mode(),
        toolOffer: options.toolOffer ?? 'all',
        foundTools: index.get(session.id)?.foundTools,
        onToolsFound: (names) => void index.addFoundTools(session.id, names),
        authorize: (call, authorizeOptions) => permissions.authorize(call, authorizeOptions),
        dispatch: (request, dispatchOptions) => {
          if (!core) throw new Error('no extensions in this world')
          return core.dispatcher.call(request, dispatchOptions)
        },
        store,
        security: permissions,
        onProgress: (snapshot) => progress.push(snapshot),
        ...overrides,
      })
    },
  }
}

type Body = Record<string, unknown>

/** The tool results the model was sent in a request, as {id, text}, for the OpenAI-compatible dialect. */
export function toolResultsSent(body: unknown): { id: string; text: string }[] {
  const messages = ((body as Body).messages ?? []) as Body[]
  return messages.filter((message) => message.role === 'tool').map((message) => ({ id: message.tool_call_id as string, text: typeof message.content === 'string' ? message.content : JSON.stringify(message.content) }))
}

/** Tool names offered in a request, OpenAI-compatible dialect. */
export function toolNamesSent(body: unknown): string[] {
  return (((body as Body).tools ?? []) as Body[]).map((entry) => (entry.function as Body).name as string)
}

/** Waits (polling) until `check` holds. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
