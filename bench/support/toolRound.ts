/**
 * The tool round of a turn as bench/guard.ts and bench/activity.ts time it: the real `runToolRound`
 * (agent/turn/toolRound.ts) over one model call to echo of the fixture stdio server — argument check,
 * a real permission service (permissions.json on disk, the inspector chain), the call through an
 * extension dispatcher, the commit to a real session file. The text varies per call (same length), so
 * the guard's repetition check never stops a round.
 * - `startEchoCore`: the extension core with the fixture server, up and its echo tool listed;
 * - `openRoundSide`: one variant's permissions, session store and session (the guard mode, and
 *   optionally a dispatcher and an authorize wrapped by the caller, e.g. the activity log's audit);
 * - `roundRunner`: one round on a side; `allowGuardForConversation`: the guard's one question after
 *   outside content, answered "for the rest of this conversation", so later rounds go through the
 *   guard's whole check and run without a person.
 */
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import type { CallToolResult } from '@modelcontextprotocol/client'
import type { CatalogTool, ExtensionsCore } from '../../src/main/extensions'
import type { ToolDispatcher } from '../../src/main/extensions/dispatch/toolDispatch'
import { NO_HOOKS } from '../../src/main/hooks'
import { openPermissions, outsideWhy, type PermissionService } from '../../src/main/permissions'
import { createArgumentValidator, openSessionIndex, openSessionStore, type SessionStore } from '../../src/main/agent'
import { runToolRound, type RoundProvenance } from '../../src/main/agent/turn/toolRound'
import { TurnProgressTracker } from '../../src/main/agent/turn/turnProgress'
import { benchExtensionsCore, stdioConfig } from './benchCore'
import { AgentCallResultSchema, agentIdOfExtension, type GuardMode, type Provenance, type ProvenanceSource } from '../../src/shared/hostApi'

const fixtureServer = fileURLToPath(new URL('../../test/fixtures/servers/fixtureServer.mjs', import.meta.url))

/** An outside source in the session's context: what makes the guard look at acting calls. */
export const CALENDAR: ProvenanceSource = { kind: 'extension', name: 'Calendar', extensionId: 'calendar', tool: 'calendar__events', outside: 'remote' }

export interface EchoCore {
  core: ExtensionsCore
  tool: CatalogTool
  stop(): Promise<void>
}

/** The extension core with the fixture stdio server (extension `id`), once its `echo` tool is listed. */
export async function startEchoCore(id: string): Promise<EchoCore> {
  const core = benchExtensionsCore([stdioConfig(id, fixtureServer)])
  core.start()
  const name = `${id}__echo`
  for (let waited = 0; !core.cache.lookup(name); waited += 5) {
    if (waited > 60_000) {
      await core.stop()
      throw new Error('bench: the fixture server did not come up within 60 s')
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { core, tool: core.cache.lookup(name)!, stop: () => core.stop() }
}

/** What chatService records for a result (its ofToolResult), with the extension facts it reads. */
export function provenanceFor(permissions: PermissionService): RoundProvenance {
  return {
    ofToolResult(tool: CatalogTool, result: CallToolResult): Provenance {
      const answer = agentIdOfExtension(tool.extensionId) !== undefined ? AgentCallResultSchema.safeParse(result.structuredContent) : undefined
      if (answer?.success) return { from: { kind: 'sub-agent', name: answer.data.agentName, sessionId: answer.data.sessionId }, carries: permissions.outsideOf(answer.data.sessionId) }
      const why = outsideWhy({ annotations: { openWorldHint: tool.openWorldDeclared }, remote: true })
      return { from: { kind: 'extension', name: tool.extensionName, extensionId: tool.extensionId, tool: tool.name, ...(why ? { outside: why } : {}) } }
    },
    noteOutside: (sessionId, sources) => permissions.noteOutside(sessionId, sources),
  }
}

export interface RoundSide {
  permissions: PermissionService
  authorize: PermissionService['authorize']
  dispatcher: ToolDispatcher
  store: SessionStore
  sessionId: string
  /** Set when the guard is on: provenance worked out and reported with every result, as chatService does. */
  provenance?: RoundProvenance
  close(): Promise<void>
}

export interface SideOptions {
  guard: GuardMode
  homeDir?: string
  /** The dispatcher the round calls through (default: the core's). */
  dispatcher?: ToolDispatcher
  /** Wraps the permission service's authorize (e.g. the activity log's audit). */
  authorize?(permissions: PermissionService): PermissionService['authorize']
}

/** One variant's state in `dir`: permission mode "ask" with the echo tool always allowed, an empty session. */
export async function openRoundSide(dir: string, echo: EchoCore, options: SideOptions): Promise<RoundSide> {
  const index = await openSessionIndex(dir)
  const store = await openSessionStore({ dataDir: dir, index })
  const permissions = await openPermissions(dir, { homeDir: options.homeDir ?? tmpdir(), secretValues: () => [], guardMode: () => options.guard })
  await permissions.store.setMode('ask')
  const { tool } = echo
  await permissions.setToolPolicy(tool.name, 'always', { name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations })
  const session = await index.create()
  return {
    permissions,
    authorize: options.authorize?.(permissions) ?? permissions.authorize,
    dispatcher: options.dispatcher ?? echo.core.dispatcher,
    store,
    sessionId: session.id,
    ...(options.guard === 'off' ? {} : { provenance: provenanceFor(permissions) }),
    async close() {
      permissions.close()
      await permissions.store.flush()
      await store.close()
    },
  }
}

/** A function running one tool round on a side (each round a new turn and call id). */
export function roundRunner(echo: EchoCore): (side: RoundSide) => Promise<void> {
  const { tool } = echo
  const validator = createArgumentValidator()
  const toolsByName = new Map([[tool.name, tool]])
  let calls = 0
  return async (s) => {
    const turnId = `turn-${++calls}`
    const result = await runToolRound({
      sessionId: s.sessionId,
      turnId,
      calls: [{ callId: `call-${calls}`, name: tool.name, input: { text: String(calls).padStart(100, 'x') } }],
      toolsByName,
      validator,
      authorize: (call, options) => s.authorize(call, options),
      dispatch: (request, options) => s.dispatcher.call(request, options),
      commit: (draft, extra) => s.store.append(s.sessionId, draft, extra) as never,
      progress: new TurnProgressTracker({ sessionId: s.sessionId, turnId, stepLimit: 25 }, undefined, 34),
      signal: new AbortController().signal,
      noteToolResult: (id, text, source) => void s.permissions.noteToolResult(id, text, source),
      hooks: NO_HOOKS,
      ...(s.provenance ? { provenance: s.provenance } : {}),
    })
    if (result.results[0]?.status !== 'ok') throw new Error(`bench: the round did not run the call: ${JSON.stringify(result.results[0]?.content)}`)
  }
}

/** Outside content in the side's context, and the guard's one question answered "for the rest of this conversation". */
export async function allowGuardForConversation(s: RoundSide, round: (side: RoundSide) => Promise<void>): Promise<RoundSide> {
  s.permissions.noteOutside(s.sessionId, [CALENDAR])
  const first = round(s)
  for (let waited = 0; s.permissions.broker.list().length === 0; waited += 1) {
    if (waited > 5000) throw new Error('bench: the guard did not ask once')
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  const asked = s.permissions.broker.list()[0]!
  if (!asked.guard) throw new Error('bench: the first question was not the guard’s')
  await s.permissions.broker.respond(asked.id, 'allow_conversation')
  await first
  return s
}
