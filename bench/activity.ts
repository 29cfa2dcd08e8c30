/**
 * The activity log and telemetry export (issue 40 item 6), measured against a baseline in the same run:
 * 1. The tool round of a turn: the real `runToolRound` (agent/turn/toolRound.ts) over one model call to echo
 *    of the fixture stdio server — argument check, a real permission service, the dispatcher, the
 *    commit to a real session file — in five variants, run in small interleaved blocks:
 *    none (the guard off, no provenance, nothing watching the calls); the activity log alone (the
 *    audit wrapper and dispatcher observer writing a real log); the live exporter alone (spans to a
 *    local OTLP/HTTP receiver); provenance + the guard alone (bench/guard.ts's "on" side: outside
 *    content in the context, allowed for the conversation, so the guard checks every call); and all
 *    of them together. Each variant against "none" as the median of its paired block ratios (robust
 *    to a busy spell of the machine, which hits the block pair alike). Goal: all together ≤ 1.1×.
 * 2. What the exporter costs a call in the process (CPU time, no stdio): the tool round's three events
 *    into spans, ended, serialized and sent to the receiver, over many calls.
 * 3. The activity view: the newest page (100 records) at BENCH_RECORDS records (default 100,000) vs
 *    at 100 (goal ≤ 1.3×), and a filtered page (a caller kind that is 1 record in 100) at the large size.
 * Run: npx tsx bench/activity.ts  (BENCH_ROUNDS, BENCH_RECORDS for smaller runs while developing)
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { createBuiltinRegistry } from '../src/main/builtins'
import { createExtensionsCore, type CatalogTool } from '../src/main/extensions'
import { ExtensionConfigSchema } from '../src/main/extensions/config/extensionConfig'
import { ToolDispatcher } from '../src/main/extensions/dispatch/toolDispatch'
import { NO_HOOKS } from '../src/main/hooks'
import { setLogSink } from '../src/main/log/log'
import { openPermissions, outsideWhy, type PermissionService } from '../src/main/permissions'
import { createArgumentValidator, openSessionIndex, openSessionStore, type SessionStore } from '../src/main/agent'
import { runToolRound, type RoundProvenance } from '../src/main/agent/turn/toolRound'
import { TurnProgressTracker } from '../src/main/agent/turn/turnProgress'
import { auditToolCalls, type ToolCallEvent } from '../src/main/activity/toolCallAudit'
import { openActivityLog, type ActivitySeal } from '../src/main/activity/activityLog'
import { createTelemetryService } from '../src/main/telemetry/telemetryService'
import { AgentCallResultSchema, type Provenance, type ProvenanceSource, type TelemetrySettings } from '../src/shared/hostApi'
import { median, ms, ratio, root, runBench } from './support/browserBench'
import { measureInBlocks } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400)
const BLOCK = 10
const SPAN_CALLS = Number(process.env.BENCH_SPAN_CALLS ?? 5000)
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000)
const PAGE_READS = 15
const fixtureServer = join(root, 'test/fixtures/servers/fixtureServer.mjs')
setLogSink(() => {}, 'error')

const key = Promise.resolve({ bytes: Buffer.alloc(32, 3), kept: true })
const sealStore = () => {
  let seal: ActivitySeal | undefined
  return { read: () => seal, write: (next: ActivitySeal) => void (seal = next) }
}

const CALENDAR: ProvenanceSource = { kind: 'extension', name: 'Calendar', extensionId: 'calendar', tool: 'calendar__events', outside: 'remote' }

/** What chatService records for a result (its ofToolResult), as bench/guard.ts does. */
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

void runBench('activity', async (cleanup) => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-activity-'))
  cleanup.add('close', () => rm(dir, { recursive: true, force: true }))
  const core = createExtensionsCore({
    configs: [ExtensionConfigSchema.parse({ id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServer] })],
    store: { save: () => {} },
    resolveSecrets: async (values) => values,
    builtins: createBuiltinRegistry({ appVersion: 'bench' }),
    clientInfo: { name: 'bench', version: '0' },
    stopGraceMs: { afterStdinClose: 500, afterTerm: 500 },
    cache: { coalesceMs: 20 },
  })
  core.start()
  cleanup.add('close', () => core.stop())
  for (let waited = 0; !core.cache.lookup('fixture__echo'); waited += 20) {
    if (waited > 60_000) throw new Error('bench: the fixture server did not come up')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const tool = core.cache.lookup('fixture__echo')!
  const definition = { name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations }
  const sources = { lookup: (name: string) => core.cache.lookup(name), connection: (id: string) => core.manager.connection(id), config: (id: string) => core.manager.config(id), get: (id: string) => core.manager.get(id) }

  // A live OTLP/HTTP receiver on loopback that accepts everything.
  let received = 0
  const receiver = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received += 1
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  cleanup.add('close', () => new Promise<void>((resolve) => receiver.close(() => resolve())))
  let telemetrySettings: TelemetrySettings = { enabled: true, endpoint: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, headerNames: [] as string[], captureContent: false }
  const telemetry = createTelemetryService({
    settings: { read: () => telemetrySettings, write: (next) => void (telemetrySettings = next) },
    secrets: { whenKnown: async () => undefined, status: () => ({ keychain: 'unavailable' }), get: async () => undefined, set: async () => undefined, delete: async () => false },
    version: 'bench',
    providerOf: () => 'openai',
    notify: () => undefined,
  })
  await telemetry.ready()
  cleanup.add('close', () => telemetry.close())
  const log = await openActivityLog({ dir: join(dir, 'round-log'), key, seal: sealStore(), retentionDays: () => 90 })
  cleanup.add('close', () => log.close())
  const silent = { record: () => 0 }
  const validator = createArgumentValidator()

  interface Side {
    base: PermissionService
    authorize: PermissionService['authorize']
    dispatcher: ToolDispatcher
    store: SessionStore
    sessionId: string
    provenance?: RoundProvenance
  }
  const side = async (name: string, on: { log?: boolean; exporter?: boolean; guard?: boolean }): Promise<Side> => {
    const sideDir = join(dir, name)
    const index = await openSessionIndex(sideDir)
    const store = await openSessionStore({ dataDir: sideDir, index })
    const base = await openPermissions(sideDir, { homeDir: dir, secretValues: () => [], guardMode: () => (on.guard ? 'acting' : 'off') })
    await base.store.setMode('ask')
    await base.setToolPolicy(tool.name, 'always', definition)
    const dispatcher = new ToolDispatcher(sources)
    let authorize = base.authorize
    if (on.log || on.exporter) {
      const audit = auditToolCalls(base, on.log ? log : silent)
      dispatcher.observe(audit.observer)
      if (on.exporter) audit.onToolCall((event) => telemetry.spans.toolCall(event))
      authorize = audit.permissions.authorize
    }
    const session = await index.create()
    cleanup.add('close', async () => {
      base.close()
      await base.store.flush()
      await store.close()
    })
    return { base, authorize, dispatcher, store, sessionId: session.id, ...(on.guard ? { provenance: provenanceFor(base) } : {}) }
  }

  let calls = 0
  const round = async (s: Side): Promise<void> => {
    const turnId = `turn-${++calls}`
    const result = await runToolRound({
      sessionId: s.sessionId,
      turnId,
      calls: [{ callId: `call-${calls}`, name: tool.name, input: { text: String(calls).padStart(100, 'x') } }],
      toolsByName: new Map([[tool.name, tool]]),
      validator,
      authorize: (call, options) => s.authorize(call, options),
      dispatch: (request, options) => s.dispatcher.call(request, options),
      commit: (draft, extra) => s.store.append(s.sessionId, draft, extra) as never,
      progress: new TurnProgressTracker({ sessionId: s.sessionId, turnId, stepLimit: 25 }, undefined, 34),
      signal: new AbortController().signal,
      noteToolResult: (id, text, source) => void s.base.noteToolResult(id, text, source),
      hooks: NO_HOOKS,
      ...(s.provenance ? { provenance: s.provenance } : {}),
    })
    if (result.results[0]?.status !== 'ok') throw new Error(`bench: the round did not run the call: ${JSON.stringify(result.results[0]?.content)}`)
  }
  /** The guard's one question (outside content in the context) answered "for the rest of this conversation". */
  const guarded = async (s: Side): Promise<Side> => {
    s.base.noteOutside(s.sessionId, [CALENDAR])
    const first = round(s)
    for (let waited = 0; s.base.broker.list().length === 0; waited += 1) {
      if (waited > 5000) throw new Error('bench: the guard did not ask once')
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const asked = s.base.broker.list()[0]!
    if (!asked.guard) throw new Error('bench: the first question was not the guard’s')
    await s.base.broker.respond(asked.id, 'allow_conversation')
    await first
    return s
  }
  const sides = {
    none: await side('none', {}),
    'activity log': await side('log', { log: true }),
    'live exporter': await side('exporter', { exporter: true }),
    'provenance + guard': await guarded(await side('guard', { guard: true })),
    'all together': await guarded(await side('all', { log: true, exporter: true, guard: true })),
  }
  type Name = keyof typeof sides
  const measured = await measureInBlocks(Object.fromEntries(Object.entries(sides).map(([name, s]) => [name, () => round(s)])) as Record<Name, () => Promise<void>>, ROUNDS, 30, BLOCK)
  await telemetry.forceFlush()
  console.log(`activity bench — the tool round (runToolRound: check, authorize, echo over stdio, commit), ${ROUNDS} rounds a variant in interleaved blocks of ${BLOCK}`)
  console.log(`  ${'variant'.padEnd(20)} ${'p50'.padStart(9)}  ${'p50 / none'.padStart(10)}  paired blocks / none`)
  for (const name of Object.keys(sides) as Name[]) {
    const paired = Array.from(measured[name].blockMedians, (value, block) => value / measured.none.blockMedians[block]!)
    const goal = name === 'all together' || name === 'live exporter' ? '  (goal ≤ 1.1×)' : ''
    console.log(`  ${name.padEnd(20)} ${ms(measured[name].p50).padStart(9)}  ${`${ratio(measured[name].p50 / measured.none.p50)}×`.padStart(10)}  ${ratio(median(paired))}×${goal}`)
  }
  console.log(`  (${received} exports reached the receiver; ${telemetry.view().dropped} spans dropped)`)

  // The exporter's own cost a call, in the process: CPU time of the three events' spans, ended, serialized and sent.
  const event = { caller: { kind: 'model' as const, sessionId: 'cost' }, sessionId: 'cost', tool: tool.name, extension: tool.extensionId, decision: { verdict: 'allow' as const, asked: false, by: 'mode' as const, detail: 'mode-autonomous' }, arguments: { text: 'x' } }
  const outcome = { status: 'ok' as const, result: { content: [{ type: 'text' as const, text: 'x' }] }, truncated: false, name: tool.name, extensionId: tool.extensionId, tool: tool.toolName, durationMs: 1 }
  const spanCalls = async (count: number) => {
    const began = process.cpuUsage()
    for (let i = 0; i < count; i++) {
      const callId = `cost-${i}`
      telemetry.spans.toolCall({ ...event, callId, phase: 'decided', run: true } as ToolCallEvent)
      telemetry.spans.toolCall({ ...event, callId, phase: 'started', session: { transport: 'stdio' } } as ToolCallEvent)
      telemetry.spans.toolCall({ ...event, callId, phase: 'ended', outcome } as ToolCallEvent)
      // Let the batch timer and the receiver's answers run, as they do between a turn's calls.
      if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve))
    }
    await telemetry.forceFlush()
    const used = process.cpuUsage(began)
    return (used.user + used.system) / count
  }
  await spanCalls(1000)
  const perCall = median([await spanCalls(SPAN_CALLS), await spanCalls(SPAN_CALLS), await spanCalls(SPAN_CALLS)])
  console.log(`activity bench — the exporter in the process: ${perCall.toFixed(1)} µs CPU a call (execute_tool span built, ended, serialized, sent; median of 3 × ${SPAN_CALLS} calls)`)

  // The activity view's pages.
  const filled = async (count: number) => {
    const pageLog = await openActivityLog({ dir: join(dir, `view-${count}`), key, seal: sealStore(), retentionDays: () => 90, flushMs: 60_000 })
    for (let i = 0; i < count; i++) {
      pageLog.record(
        {
          kind: i % 2 ? 'tool-result' : 'tool-call',
          caller: i % 100 === 7 ? { kind: 'connected-app', name: 'Cursor' } : { kind: 'model', sessionId: `s${i % 50}` },
          callId: `c${i >> 1}`,
          tool: `ext${i % 9}__tool${i % 13}`,
          extension: `ext${i % 9}`,
          ...(i % 2 ? { outcome: 'ok' as const, durationMs: i % 300 } : { decision: { verdict: 'allow' as const, asked: false, by: 'mode' as const, detail: 'mode-smart' } }),
        },
        i % 2 ? undefined : { path: `/home/someone/file-${i}.txt`, mode: 'read' },
      )
      if (i % 5000 === 4999) await pageLog.flush()
    }
    await pageLog.flush()
    cleanup.add('close', () => pageLog.close())
    return pageLog
  }
  const timePages = async (pageLog: Awaited<ReturnType<typeof filled>>, request: Parameters<typeof pageLog.page>[0]) => {
    const samples: number[] = []
    for (let i = 0; i < PAGE_READS + 3; i++) {
      const began = performance.now()
      const page = await pageLog.page(request)
      const took = performance.now() - began
      if (page.records.length === 0) throw new Error('bench: an empty page')
      if (i >= 3) samples.push(took)
    }
    return median(samples)
  }
  const small = await filled(100)
  const large = await filled(RECORDS)
  // Alternating, so that warming up and drift hit both sizes alike.
  const smallTimes: number[] = []
  const largeTimes: number[] = []
  for (let i = 0; i < 5; i++) {
    smallTimes.push(await timePages(small, { limit: 100 }))
    largeTimes.push(await timePages(large, { limit: 100 }))
  }
  const newestSmall = median(smallTimes)
  const newestLarge = median(largeTimes)
  const filteredLarge = await timePages(large, { limit: 100, caller: 'connected-app' })
  const searchLarge = await timePages(large, { limit: 100, q: 'cursor' })
  console.log(`activity bench — the activity view (median of ${PAGE_READS} reads)`)
  console.log(`  newest page at 100 records        ${ms(newestSmall).padStart(9)}`)
  console.log(`  newest page at ${RECORDS.toLocaleString('en-US')} records ${ms(newestLarge).padStart(9)}  ${ratio(newestLarge / newestSmall)}× (goal ≤ 1.3×)`)
  console.log(`  filtered page (1 in 100) at ${RECORDS.toLocaleString('en-US')} ${ms(filteredLarge).padStart(9)}`)
  console.log(`  search page (1 in 100) at ${RECORDS.toLocaleString('en-US')}   ${ms(searchLarge).padStart(9)}`)
})
