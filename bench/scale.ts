/**
 * History that grows for years (issue 43): data folders in the app's own format, generated in a temp
 * folder, and the real host (createHost, in this process) driven through the host API as the window
 * drives it, with the scripted model server answering at once. Each goal is printed as a ratio against a
 * baseline measured in the same run:
 * - a turn in a long conversation vs. one in a short one (≤ 1.2×), and the request's size against the
 *   context window (bounded); a 1,000-message turn vs. a 10-message one (the request grows with the
 *   conversation until it fills the window);
 * - the first chat_search after a restart (≤ 200 ms at 100,000 messages, ≤ 1 s at 1,000,000), a common
 *   word, and the host's heap after searching vs. before (≤ 1.2×);
 * - reading `switchboard://sessions` and `session_create` with many sessions vs. 10 (≤ 1.3×).
 * (The window's first draw needs a browser: bench/sessionsFirstDraw.ts, 10,000 sessions vs 10.)
 *
 * Data is written the way the store writes it — one JSON line per StoredMessage (checked with
 * StoredMessageSchema), the session list as sessionIndex.ts's v1 `index.json`, i.e. a data folder from
 * the version before the search index existed — but in bulk, without an fsync per line, so that a
 * million messages take seconds to generate, not hours.
 *
 * Sizes: BENCH_SCALE=ci (default, what `npm run bench` runs; < ~60 s): 100,000 messages to search,
 * turns at 1,000 vs 50,000 messages, 10 vs 10,000 sessions. BENCH_SCALE=full adds 1,000,000 messages
 * (and 1,000 sessions). BENCH_SCALE=small: a quick smoke run while developing.
 * It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/scale.ts
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile, open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { MessageChannel } from 'node:worker_threads'
import { Client } from '@modelcontextprotocol/client'
import Conf from 'conf'
import { createHost, type Host } from '../src/main/host/createHost'
import { openSecretStore } from '../src/main/secrets/secretStore'
import { setLogSink } from '../src/main/log/log'
import { StoredMessageSchema, STORED_MESSAGE_VERSION, type StoredMessage } from '../src/main/agent'
import { HostResource, ProgressResourceSchema, progressUri, type SessionSummary } from '../src/shared/hostApi'
import { PortTransport, domPort, emitterPort } from '../src/shared/portTransport'
import { startScriptedModelServer, type ScriptedModelServer } from '../test/fixtures/modelServer/scriptedModelServer'
import { count, median, ms, ratio, runBench, type Cleanup } from './support/browserBench'
import { paragraph, seeded } from './support/markdownText'

setLogSink(() => {}, 'error')
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

type Scale = 'small' | 'ci' | 'full'
const SCALE = (process.env.BENCH_SCALE ?? 'ci') as Scale
const SIZES = {
  small: { turn: [10, 200, 2000], search: [2000, 10_000], sessions: [10, 500], turns: 3 },
  ci: { turn: [10, 1000, 50_000], search: [100_000], sessions: [10, 10_000], turns: 5 },
  full: { turn: [10, 1000, 50_000], search: [1000, 100_000, 1_000_000], sessions: [10, 1000, 10_000], turns: 5 },
}[SCALE]
/** BENCH_PARTS: which goals to measure (turn, search, sessions; default all), e.g. BENCH_PARTS=turn while working on turns. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'turn,search,sessions').split(','))
/** BENCH_TURN_SIZES: the conversations' lengths to measure turns in (comma-separated, smallest first), instead of the scale's. */
const TURN_SIZES = process.env.BENCH_TURN_SIZES ? process.env.BENCH_TURN_SIZES.split(',').map(Number) : SIZES.turn
/** Messages per session in the search folders: a year of daily sessions of 100 messages. */
const PER_SESSION = 100
const RARE = 'zephyrquartz'

// ---------------------------------------------------------------- generating data folders

/** Messages written so far (every `rareEvery`-th of them carries RARE). */
let written = 0
let clock = Date.parse('2024-01-01T00:00:00Z')
const stamp = () => new Date((clock += 1000)).toISOString()

function summary(id: string, title: string, messageCount: number, at: string): SessionSummary {
  return { id, title, created: at, updated: at, messageCount, toolOffer: 'auto' }
}

/** One session file: user and assistant messages taking turns; `rare` marks every n-th reply with RARE. */
async function writeSession(dir: string, id: string, messages: number, seed: number, rareEvery = 0): Promise<string> {
  const random = seeded(seed)
  const handle = await open(join(dir, 'sessions', `${id}.jsonl`), 'w', 0o600)
  let first = ''
  let lines: string[] = []
  for (let i = 0; i < messages; i++) {
    const turnId = `t${Math.floor(i / 2)}`
    const at = stamp()
    const marked = rareEvery > 0 && ++written % rareEvery === 0 ? ` ${RARE}` : ''
    const message: StoredMessage =
      i % 2 === 0
        ? { v: STORED_MESSAGE_VERSION, id: randomUUID(), at, kind: 'user', turnId, text: paragraph(random, 1) + marked }
        : { v: STORED_MESSAGE_VERSION, id: randomUUID(), at, kind: 'assistant', turnId, step: 1, text: paragraph(random, 3) + marked, toolCalls: [], end: 'complete' }
    if (i < 2) StoredMessageSchema.parse(message)
    if (i === 0) first = message.kind === 'user' ? message.text.slice(0, 60) : ''
    lines.push(JSON.stringify(message))
    if (lines.length === 2000) {
      await handle.write(`${lines.join('\n')}\n`)
      lines = []
    }
  }
  if (lines.length > 0) await handle.write(`${lines.join('\n')}\n`)
  await handle.close()
  return first
}

/** A data folder: `sessions` sessions of `perSession` messages (the session list as index.json v1). */
async function dataFolder(root: string, name: string, sessions: number, perSession: number, rareEvery = 0): Promise<{ dir: string; ids: string[] }> {
  const dir = join(root, name)
  await mkdir(join(dir, 'sessions'), { recursive: true, mode: 0o700 })
  const list: SessionSummary[] = []
  for (let s = 0; s < sessions; s++) {
    const id = randomUUID()
    const title = perSession > 0 ? await writeSession(dir, id, perSession, s + 1, rareEvery) : `Session ${s}`
    list.push(summary(id, title || `Session ${s}`, perSession, stamp()))
  }
  await writeFile(join(dir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions: list }, null, 2), { mode: 0o600 })
  return { dir, ids: list.map((session) => session.id) }
}

// ---------------------------------------------------------------- the host, as the window talks to it

interface Running {
  host: Host
  client: Client
  stop(): Promise<void>
}

async function startHost(dataDir: string): Promise<Running> {
  const host = await createHost({
    dataDir,
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard-bench' }),
    secrets: openSecretStore({ service: `Switchboard-bench-${randomUUID()}` }),
  })
  const { port1, port2 } = new MessageChannel()
  const mainSide = new PortTransport(
    emitterPort({
      on: ((event: string, listener: (arg?: { data: unknown }) => void) => (event === 'message' ? port1.on('message', (data: unknown) => listener({ data })) : port1.on('close', () => listener()))) as never,
      postMessage: (message: unknown) => port1.postMessage(message),
      start: () => port1.start(),
      close: () => port1.close(),
    }),
  )
  await host.connect(mainSide, 'bench')
  const client = new Client({ name: 'bench-window', version: '0.0.0' })
  await client.connect(new PortTransport(domPort(port2 as never)))
  return {
    host,
    client,
    async stop() {
      await client.close()
      await mainSide.close()
      await host.close()
    },
  }
}

async function callTool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args }, { timeout: 600_000 })
  if (result.isError) throw new Error(`${name}: ${(result.content as { text: string }[])[0]?.text}`)
  return result.structuredContent as T
}

async function readText(client: Client, uri: string): Promise<string> {
  const { contents } = await client.readResource({ uri })
  return (contents[0] as { text: string }).text
}

async function until<T>(get: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 600_000): Promise<T> {
  const began = performance.now()
  for (;;) {
    const value = await get()
    if (ok(value)) return value
    if (performance.now() - began > timeoutMs) throw new Error(`bench: timed out waiting for ${what}`)
    await new Promise((settle) => setTimeout(settle, 20))
  }
}

// ---------------------------------------------------------------- the goals

/** A warm turn (the session is loaded by a first one), send → the turn has ended; and the request's size. */
async function turnTimes(root: string, messages: number, model: ScriptedModelServer): Promise<{ turn: number; requestBytes: number; requestTokens: number }> {
  const { dir, ids } = await dataFolder(root, `turn-${messages}`, 1, messages)
  const running = await startHost(dir)
  try {
    await callTool(running.client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    await callTool(running.client, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
    const sessionId = ids[0]!
    // The search index takes in the data folder in the background once (a worker thread): measured turns come after it.
    await until(() => callTool<{ catchingUp?: boolean }>(running.client, 'chat_search', { query: 'warm' }), (found) => found.catchingUp !== true, 'the search index to catch up')
    const times: number[] = []
    for (let turn = 0; turn <= SIZES.turns; turn++) {
      const began = performance.now()
      const requestsBefore = model.modelRequests.length
      await callTool(running.client, 'chat_send', { sessionId, text: `Question ${turn}: what next?` })
      await until(async () => JSON.parse(await readText(running.client, progressUri(sessionId))) as unknown, (value) => ProgressResourceSchema.parse(value).turn === null, 'the turn to end')
      // The first turn loads the session (and may summarise it once): the rest are the steady cost.
      if (turn > 0) times.push(performance.now() - began)
      if (model.modelRequests.length === requestsBefore) throw new Error('bench: the turn sent no model request')
    }
    const last = model.modelRequests.at(-1)!
    const history = JSON.parse(await readText(running.client, `switchboard://sessions/${sessionId}/history`)) as { messages: { tokens?: { request: number } }[] }
    const requestTokens = history.messages.findLast((message) => message.tokens)?.tokens?.request ?? Number.NaN
    return { turn: median(times), requestBytes: JSON.stringify(last.body).length, requestTokens }
  } finally {
    await running.stop()
  }
}

interface SearchFigures {
  first: number
  common: number
  commonResults: number
  heapBefore: number
  heapAfter: number
  rareResults: number
}

/** Starts the host once so it can build what it keeps, stops it, and measures the first search after the restart. */
async function searchTimes(root: string, messages: number): Promise<SearchFigures> {
  const sessions = Math.max(1, Math.round(messages / PER_SESSION))
  const { dir } = await dataFolder(root, `search-${messages}`, sessions, PER_SESSION, 997)
  const first = await startHost(dir)
  type Found = { results: unknown[]; catchingUp?: boolean }
  try {
    // The first run after an update indexes what was written before (in the background): wait until it has caught up.
    await until(() => callTool<Found>(first.client, 'chat_search', { query: RARE, limit: 200 }), (found) => found.catchingUp !== true, 'the search index to catch up')
  } finally {
    await first.stop()
  }
  const running = await startHost(dir)
  try {
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    let began = performance.now()
    const rare = await callTool<Found>(running.client, 'chat_search', { query: RARE, limit: 200 })
    const firstSearch = performance.now() - began
    began = performance.now()
    const common = await callTool<Found>(running.client, 'chat_search', { query: 'the' })
    const commonSearch = performance.now() - began
    gc()
    const heapAfter = process.memoryUsage().heapUsed
    return { first: firstSearch, common: commonSearch, commonResults: common.results.length, heapBefore, heapAfter, rareResults: rare.results.length }
  } finally {
    await running.stop()
  }
}

async function sessionTimes(root: string, sessions: number): Promise<{ read: number; bytes: number; create: number }> {
  const { dir } = await dataFolder(root, `sessions-${sessions}`, sessions, 0)
  const running = await startHost(dir)
  try {
    const reads: number[] = []
    let bytes = 0
    for (let i = 0; i < 5; i++) {
      const began = performance.now()
      bytes = (await readText(running.client, HostResource.sessions)).length
      reads.push(performance.now() - began)
    }
    const creates: number[] = []
    for (let i = 0; i < 21; i++) {
      const began = performance.now()
      await callTool(running.client, 'session_create', { title: `Created ${i}` })
      creates.push(performance.now() - began)
    }
    return { read: median(reads), bytes, create: median(creates) }
  } finally {
    await running.stop()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

await runBench('bench/scale.ts', async (cleanup: Cleanup) => {
  const root = await mkdtemp(join(tmpdir(), 'switchboard-scale-'))
  cleanup.add('remove the data folders', () => rm(root, { recursive: true, force: true }))
  const began = performance.now()
  console.log(`bench/scale.ts (BENCH_SCALE=${SCALE})`)

  // 1. One more message in a long conversation.
  const model = await startScriptedModelServer({ turns: Array.from({ length: 1000 }, (_, i) => ({ type: 'text' as const, chunks: [`Answer ${i}.`] })) })
  cleanup.add('stop the model server', () => model.stop())
  if (PARTS.has('turn')) {
    const figures: { size: number; turn: number; requestBytes: number; requestTokens: number }[] = []
    for (const size of TURN_SIZES) figures.push({ size, ...(await turnTimes(root, size, model)) })
    for (const { size, turn, requestBytes, requestTokens } of figures) console.log(`turn at ${count(size)} messages: ${ms(turn)}, request ${kb(requestBytes)} (≈ ${count(requestTokens)} tokens)`)
    const [first, ...rest] = figures
    // Below the context window the request holds the whole conversation, so a turn grows with it until the window is full.
    for (const later of rest) console.log(`  turn ${count(later.size)} / ${count(first!.size)} = ${ratio(later.turn / first!.turn)} (request ${ratio(later.requestBytes / first!.requestBytes)}×)`)
    const [short, long] = figures.slice(-2)
    if (short && long && long.size >= 50_000) {
      console.log(`  goal: turn ${count(long.size)} / ${count(short.size)} = ${ratio(long.turn / short.turn)} (≤ 1.2); request ${count(long.size)} / ${count(short.size)} = ${ratio(long.requestBytes / short.requestBytes)} (bounded by the context window)`)
    }
  }

  // 2. Search.
  for (const messages of PARTS.has('search') ? SIZES.search : []) {
    const figures = await searchTimes(root, messages)
    const budget = messages >= 1_000_000 ? 1000 : 200
    console.log(
      `search ${count(messages)} messages: first after restart ${ms(figures.first)} (${figures.rareResults} found), common word ${ms(figures.common)} (${figures.commonResults} in the first page); heap ${mb(figures.heapBefore)} → ${mb(figures.heapAfter)}`,
    )
    console.log(`  goal: first search / ${budget} ms = ${ratio(figures.first / budget)} (≤ 1); heap after / before = ${ratio(figures.heapAfter / figures.heapBefore)} (≤ 1.2)`)
  }

  // 3. Thousands of sessions.
  const [few, ...many] = (PARTS.has('sessions') ? SIZES.sessions : []) as number[]
  if (few !== undefined) {
    const base = await sessionTimes(root, few)
    console.log(`${count(few)} sessions: read sessions ${ms(base.read)} (${kb(base.bytes)}), session_create ${ms(base.create)}`)
    for (const sessions of many) {
      const figures = await sessionTimes(root, sessions)
      console.log(`${count(sessions)} sessions: read sessions ${ms(figures.read)} (${kb(figures.bytes)}), session_create ${ms(figures.create)}`)
      console.log(`  goal: session_create ${count(sessions)} / ${count(few)} = ${ratio(figures.create / base.create)} (≤ 1.3); sessions read ${ratio(figures.read / base.read)}`)
    }
  }
  console.log(`(whole run ${(performance.now() - began) / 1000 | 0} s)`)
})
