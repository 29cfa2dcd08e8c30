/**
 * Provenance and the guard after outside content (issue 37 item 4): what they cost the tool round of
 * a turn. Both sides run the real `runToolRound` (agent/turn/toolRound.ts) over one model call to echo of
 * the fixture stdio server: argument check, a real permission service (permissions.json on disk, the
 * inspector chain), the call through the extension dispatcher, and the commit to a real session file.
 * - off: the guard setting "Off" and no provenance recorded (what a tool round cost before);
 * - on: the guard "Acting tools", the session's context holding outside content, provenance worked
 *   out and recorded with every result (as chatService does) and reported to the guard. The tool is
 *   always allowed and was allowed "for the rest of this conversation" once, so the guard goes through
 *   its whole check and lets the call run: no person answers inside the timed rounds.
 * The text varies per call (same length), so the repetition check never stops a round.
 * p50 of each side in interleaved blocks, and the median of the paired block ratios; goal on/off ≤ 1.1.
 * Run: npx tsx bench/guard.ts (BENCH_ROUNDS, default 400).
 */
import { fileURLToPath } from 'node:url'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { createBuiltinRegistry } from '../src/main/builtins'
import { createExtensionsCore, type CatalogTool } from '../src/main/extensions'
import { ExtensionConfigSchema } from '../src/main/extensions/config/extensionConfig'
import { NO_HOOKS } from '../src/main/hooks'
import { setLogSink } from '../src/main/log/log'
import { openPermissions, outsideWhy, type PermissionService } from '../src/main/permissions'
import { createArgumentValidator, openSessionIndex, openSessionStore, type SessionStore } from '../src/main/agent'
import { runToolRound, type RoundProvenance } from '../src/main/agent/turn/toolRound'
import { TurnProgressTracker } from '../src/main/agent/turn/turnProgress'
import { AgentCallResultSchema, type GuardMode, type Provenance, type ProvenanceSource } from '../src/shared/hostApi'
import { measureInBlocks } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400)
const WARMUP = 30
setLogSink(() => {}, 'error')

const fixture = fileURLToPath(new URL('../test/fixtures/servers/fixtureServer.mjs', import.meta.url))
const core = createExtensionsCore({
  configs: [ExtensionConfigSchema.parse({ id: 'echo', name: 'Echo', type: 'stdio', command: process.execPath, args: [fixture] })],
  store: { save: () => {} },
  resolveSecrets: async (values) => values,
  builtins: createBuiltinRegistry({ appVersion: 'bench' }),
  clientInfo: { name: 'bench', version: '0' },
  stopGraceMs: { afterStdinClose: 500, afterTerm: 500 },
  cache: { coalesceMs: 20 },
})

const CALENDAR: ProvenanceSource = { kind: 'extension', name: 'Calendar', extensionId: 'calendar', tool: 'calendar__events', outside: 'remote' }

/** What chatService records for a result (its ofToolResult), with the extension facts it reads. */
function provenanceFor(permissions: PermissionService): RoundProvenance {
  return {
    ofToolResult(tool: CatalogTool, result: CallToolResult): Provenance {
      const answer = AgentCallResultSchema.safeParse(result.structuredContent)
      if (answer.success) return { from: { kind: 'sub-agent', name: answer.data.agentName, sessionId: answer.data.sessionId }, carries: permissions.outsideOf(answer.data.sessionId) }
      const why = outsideWhy({ annotations: { openWorldHint: tool.openWorldDeclared }, remote: true })
      return { from: { kind: 'extension', name: tool.extensionName, extensionId: tool.extensionId, tool: tool.name, ...(why ? { outside: why } : {}) } }
    },
    noteOutside: (sessionId, sources) => permissions.noteOutside(sessionId, sources),
  }
}

interface Side {
  permissions: PermissionService
  store: SessionStore
  sessionId: string
  provenance?: RoundProvenance
}

async function side(dir: string, guard: GuardMode): Promise<Side> {
  const index = await openSessionIndex(dir)
  const store = await openSessionStore({ dataDir: dir, index })
  const permissions = await openPermissions(dir, { homeDir: tmpdir(), secretValues: () => [], guardMode: () => guard })
  await permissions.store.setMode('ask')
  const tool = core.cache.lookup('echo__echo')!
  await permissions.setToolPolicy(tool.name, 'always', { name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations })
  const session = await index.create()
  return { permissions, store, sessionId: session.id, ...(guard === 'off' ? {} : { provenance: provenanceFor(permissions) }) }
}

let calls = 0
const validator = createArgumentValidator()

async function round(s: Side): Promise<void> {
  const tool = core.cache.lookup('echo__echo')!
  const turnId = `turn-${++calls}`
  const result = await runToolRound({
    sessionId: s.sessionId,
    turnId,
    calls: [{ callId: `call-${calls}`, name: tool.name, input: { text: String(calls).padStart(100, 'x') } }],
    toolsByName: new Map([[tool.name, tool]]),
    validator,
    authorize: (call, options) => s.permissions.authorize(call, options),
    dispatch: (request, options) => core.dispatcher.call(request, options),
    commit: (draft, extra) => s.store.append(s.sessionId, draft, extra) as never,
    progress: new TurnProgressTracker({ sessionId: s.sessionId, turnId, stepLimit: 25 }, undefined, 34),
    signal: new AbortController().signal,
    noteToolResult: (id, text, source) => void s.permissions.noteToolResult(id, text, source),
    hooks: NO_HOOKS,
    ...(s.provenance ? { provenance: s.provenance } : {}),
  })
  if (result.results[0]?.status !== 'ok') throw new Error(`bench: the round did not run the call: ${JSON.stringify(result.results[0]?.content)}`)
}

async function main(): Promise<void> {
  const dirs = [await mkdtemp(join(tmpdir(), 'switchboard-bench-guard-off-')), await mkdtemp(join(tmpdir(), 'switchboard-bench-guard-on-'))]
  core.start()
  try {
    const deadline = Date.now() + 60_000
    while (!core.cache.lookup('echo__echo')) {
      if (Date.now() > deadline) throw new Error('bench: the fixture server did not start within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const off = await side(dirs[0]!, 'off')
    const on = await side(dirs[1]!, 'acting')
    // The context holds outside content; the one question the guard asks is answered "for the rest of this conversation".
    on.permissions.noteOutside(on.sessionId, [CALENDAR])
    const first = round(on)
    for (let waited = 0; on.permissions.broker.list().length === 0; waited += 1) {
      if (waited > 5000) throw new Error('bench: the guard did not ask once')
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const asked = on.permissions.broker.list()[0]!
    if (!asked.guard) throw new Error('bench: the first question was not the guard’s')
    await on.permissions.broker.respond(asked.id, 'allow_conversation')
    await first

    // Small blocks: many pairs, each close in time, so a busy spell of the machine hits both sides alike.
    const measured = await measureInBlocks({ off: () => round(off), on: () => round(on) }, ROUNDS, WARMUP, 10)
    const ratio = measured.on.p50 / measured.off.p50
    // Paired: each block of "on" against the block of "off" just before it, median of those ratios (robust to a busy spell).
    const paired = Array.from(measured.on.blockMedians, (value, block) => value / measured.off.blockMedians[block]!).sort((a, b) => a - b)
    const pairedRatio = paired[Math.floor(paired.length / 2)] ?? Number.NaN
    console.log(`Provenance and the guard: one tool round (stdio echo, real permissions and session file), p50 of ${ROUNDS} rounds a side`)
    console.log(`   ${'guard off, no provenance'.padEnd(44)} ${measured.off.p50.toFixed(3)} ms (p99 ${measured.off.p99.toFixed(3)})`)
    console.log(`   ${'guard on, outside content, provenance'.padEnd(44)} ${measured.on.p50.toFixed(3)} ms (p99 ${measured.on.p99.toFixed(3)})`)
    console.log(`   ${'ratio on / off (p50s)'.padEnd(44)} ${ratio.toFixed(2)}`)
    console.log(`   ${'ratio on / off (median of paired blocks)'.padEnd(44)} ${pairedRatio.toFixed(2)} (goal ≤ 1.1)`)
    // The in-process part alone (no process, no disk): the inspector chain's decision for the same call.
    const tool = core.cache.lookup('echo__echo')!
    const decideOn = (s: Side) => () => {
      const n = ++calls
      return s.permissions.decide({ origin: 'model', sessionId: s.sessionId, callId: `d-${n}`, extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name, tool: { name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations }, arguments: { text: String(n).padStart(100, 'x') } })
    }
    const decisions = await measureInBlocks({ off: decideOn(off), on: decideOn(on) }, ROUNDS * 10, WARMUP * 10, 500)
    console.log(`   ${'the decision alone: off / on'.padEnd(44)} ${(decisions.off.p50 * 1000).toFixed(1)} µs / ${(decisions.on.p50 * 1000).toFixed(1)} µs, ratio ${(decisions.on.p50 / decisions.off.p50).toFixed(2)}`)
    for (const s of [off, on]) {
      s.permissions.close()
      await s.permissions.store.flush()
      await s.store.close()
    }
  } finally {
    await core.stop()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
}

await main()
