/**
 * The activity log and telemetry export (issue 40 item 6), measured against a baseline in the same run:
 * 1. The tool round: authorize() then dispatch of echo on the real fixture stdio server, through the
 *    real host's extension manager and catalog, in four variants run in alternating blocks —
 *    none (the permission layer and a dispatcher with nothing watching), activity log alone (the
 *    audit wrapper and dispatcher observer writing a real log), live exporter alone (spans to a local
 *    OTLP/HTTP receiver), and both. Goal: both ≤ 1.1× none.
 *    (Provenance and the guard are other branches; their rows join this table when they land.)
 * 2. The activity view: the newest page (100 records) at BENCH_RECORDS records (default 100,000) vs
 *    at 100 (goal ≤ 1.3×), and a filtered page (a caller kind that is 1 record in 100) at the large size.
 * Run: npx tsx bench/activity.ts  (BENCH_ROUNDS, BENCH_RECORDS for smaller runs while developing)
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import Conf from 'conf'
import { createHost } from '../src/main/host/createHost'
import { openSecretStore } from '../src/main/secrets/secretStore'
import { openPermissions } from '../src/main/permissions'
import { ToolDispatcher } from '../src/main/extensions/dispatch/toolDispatch'
import { auditToolCalls } from '../src/main/activity/toolCallAudit'
import { openActivityLog, type ActivitySeal } from '../src/main/activity/activityLog'
import { createTelemetryService } from '../src/main/telemetry/telemetryService'
import { toolDefinitionOf } from '../src/main/agent'
import type { TelemetrySettings } from '../src/shared/hostApi'
import { median, ms, ratio, root, runBench } from './support/browserBench'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300)
const BLOCK = 25
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000)
const PAGE_READS = 15
const fixtureServer = join(root, 'test/fixtures/servers/fixtureServer.mjs')

const key = Promise.resolve({ bytes: Buffer.alloc(32, 3), kept: true })
const sealStore = () => {
  let seal: ActivitySeal | undefined
  return { read: () => seal, write: (next: ActivitySeal) => void (seal = next) }
}

void runBench('activity', async (cleanup) => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-activity-'))
  cleanup.add('close', () => rm(dir, { recursive: true, force: true }))
  const host = await createHost({
    dataDir: join(dir, 'host'),
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard-bench' }),
    secrets: openSecretStore({ backends: [] }),
  })
  cleanup.add('close', () => host.close())
  const { extensions } = host.services
  await extensions.add({ id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServer] }, 'person')
  // The consent question a new stdio extension asks: allowed, as the person would.
  for (;;) {
    const consent = host.services.elicitations.list().find((entry) => entry.kind === 'approval')
    if (consent) {
      await host.services.elicitations.respond(consent.id, 'accept', { decision: 'allow_always' })
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const { core } = extensions
  for (let waited = 0; !core.cache.lookup('fixture__echo'); waited += 20) {
    if (waited > 20_000) throw new Error('bench: the fixture server did not come up')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const tool = core.cache.lookup('fixture__echo')!
  const sources = { lookup: (name: string) => core.cache.lookup(name), connection: (id: string) => core.manager.connection(id), config: (id: string) => core.manager.config(id), get: (id: string) => core.manager.get(id) }
  const permissions = await openPermissions(join(dir, 'permissions'), { homeDir: dir, secretValues: () => [] })
  await permissions.store.setMode('autonomous')

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

  const variant = (withLog: boolean, withExporter: boolean) => {
    const dispatcher = new ToolDispatcher(sources)
    if (!withLog && !withExporter) return { authorize: permissions.authorize, dispatcher }
    const audit = auditToolCalls(permissions, withLog ? log : silent)
    dispatcher.observe(audit.observer)
    if (withExporter) audit.onToolCall((event) => telemetry.spans.toolCall(event))
    return { authorize: audit.permissions.authorize, dispatcher }
  }
  const variants = { none: variant(false, false), 'activity log': variant(true, false), 'live exporter': variant(false, true), 'both': variant(true, true) }
  const times: Record<keyof typeof variants, number[]> = { none: [], 'activity log': [], 'live exporter': [], 'both': [] }
  const round = async (v: (typeof variants)[keyof typeof variants], n: number) => {
    const args = { text: `round ${n}` }
    const began = performance.now()
    const authorization = await v.authorize({ origin: 'model', sessionId: 'bench', callId: randomUUID(), extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name, tool: toolDefinitionOf(tool), arguments: args })
    if (!authorization.run) throw new Error('bench: the call was not allowed')
    const outcome = await v.dispatcher.call({ name: tool.name, arguments: args })
    if (outcome.status !== 'ok') throw new Error(`bench: echo failed: ${outcome.status}`)
    return performance.now() - began
  }
  // Warm-up, then blocks in turn so that drift hits every variant alike.
  for (const v of Object.values(variants)) for (let i = 0; i < 20; i++) await round(v, i)
  for (let done = 0; done < ROUNDS; done += BLOCK) {
    for (const [name, v] of Object.entries(variants) as [keyof typeof variants, (typeof variants)[keyof typeof variants]][]) {
      for (let i = 0; i < BLOCK; i++) times[name].push(await round(v, done + i))
    }
  }
  await telemetry.forceFlush()
  const base = median(times.none)
  console.log(`activity bench — the tool round (authorize + echo over stdio), median of ${times.none.length} rounds each`)
  for (const name of Object.keys(times) as (keyof typeof times)[]) {
    const m = median(times[name])
    console.log(`  ${name.padEnd(14)} ${ms(m).padStart(9)}  ${ratio(m / base)}×${name === 'both' ? '  (goal ≤ 1.1×)' : ''}`)
  }
  console.log(`  (${received} exports reached the receiver; ${telemetry.view().dropped} spans dropped)`)

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
