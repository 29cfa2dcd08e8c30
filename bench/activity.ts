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
import { ToolDispatcher } from '../src/main/extensions/dispatch/toolDispatch'
import { setLogSink } from '../src/main/log/log'
import { auditToolCalls, type ToolCallEvent } from '../src/main/activity/toolCallAudit'
import { openActivityLog, type ActivitySeal } from '../src/main/activity/activityLog'
import { createTelemetryService } from '../src/main/telemetry/telemetryService'
import type { TelemetrySettings } from '../src/shared/hostApi'
import { median, ms, ratio, runBench } from './support/browserBench'
import { measureInBlocks } from './support/latency'
import { allowGuardForConversation, openRoundSide, roundRunner, startEchoCore, type RoundSide } from './support/toolRound'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400)
const BLOCK = 10
const SPAN_CALLS = Number(process.env.BENCH_SPAN_CALLS ?? 5000)
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000)
const PAGE_READS = 15
setLogSink(() => {}, 'error')

const key = Promise.resolve({ bytes: Buffer.alloc(32, 3), kept: true })
const sealStore = () => {
  let seal: ActivitySeal | undefined
  return { read: () => seal, write: (next: ActivitySeal) => void (seal = next) }
}

void runBench('activity', async (cleanup) => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-activity-'))
  cleanup.add('close', () => rm(dir, { recursive: true, force: true }))
  const echo = await startEchoCore('fixture')
  cleanup.add('close', () => echo.stop())
  const { core, tool } = echo
  const sources = { lookup: (name: string) => core.cache.lookup(name), connection: (id: string) => core.manager.connection(id), config: (id: string) => core.manager.config(id), get: (id: string) => core.manager.get(id) }

  // A live OTLP/HTTP receiver on loopback that accepts everything.
  let received = 0
  const receiver = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received += 1
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
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

  const side = async (name: string, on: { log?: boolean; exporter?: boolean; guard?: boolean }): Promise<RoundSide> => {
    // A dispatcher of its own, so that only this side's observer watches its calls.
    const dispatcher = new ToolDispatcher(sources)
    const opened = await openRoundSide(join(dir, name), echo, {
      guard: on.guard ? 'acting' : 'off',
      homeDir: dir,
      dispatcher,
      ...(on.log || on.exporter
        ? {
            authorize: (permissions) => {
              const audit = auditToolCalls(permissions, on.log ? log : silent)
              dispatcher.observe(audit.observer)
              if (on.exporter) audit.onToolCall((event) => telemetry.spans.toolCall(event))
              return audit.permissions.authorize
            },
          }
        : {}),
    })
    cleanup.add('close', () => opened.close())
    return opened
  }
  const round = roundRunner(echo)
  const sides = {
    none: await side('none', {}),
    'activity log': await side('log', { log: true }),
    'live exporter': await side('exporter', { exporter: true }),
    'provenance + guard': await allowGuardForConversation(await side('guard', { guard: true }), round),
    'all together': await allowGuardForConversation(await side('all', { log: true, exporter: true, guard: true }), round),
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
