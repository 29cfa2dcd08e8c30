/**
 * Persistence benchmark (docs/architecture.md §9, performance budgets: "one durable write per committed message, never per token"):
 * committed-message write latency, p50 and p99, measured while agent turns stream replies in the
 * same process, against a plain fdatasync'd append of a line of the same size to an open file,
 * measured in the same run and interleaved with it, so both see the same disk and event loop.
 * Also counts fdatasync calls per commit and per streamed token.
 * Run: npx tsx bench/persistence.ts
 */
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import { runTurn } from '../src/main/agent/agentLoop'
import { createLanguageModel } from '../src/main/agent/providers'
import { openSessionIndex } from '../src/main/agent/session/sessionIndex'
import { openSessionStore } from '../src/main/agent/session/sessionStore'
import { STORED_MESSAGE_VERSION, type MessageDraft } from '../src/main/agent/session/storedMessage'
import { setLogSink } from '../src/main/log/log'
import { startScriptedModelServer } from '../test/fixtures/modelServer/scriptedModelServer'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400)
const WARMUP = 20
const MESSAGE_CHARS = 1000
const CHUNKS_PER_REPLY = 2000

setLogSink(() => {}, 'error')

function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: sorted[Math.floor(sorted.length * 0.5)] ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 }
}
const ms = (value: number) => `${value.toFixed(3)} ms`

const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-persistence-'))
const server = await startScriptedModelServer()
try {
  const index = await openSessionIndex(dir)
  const store = await openSessionStore({ dataDir: dir, index })
  const measured = await index.create('measured')
  const streaming = await index.create('streaming')
  const model = createLanguageModel({ id: 'bench', kind: 'openai-compatible', baseUrl: server.baseUrl }, 'scripted-model', { getSecret: async () => 'key' })

  // Count every fdatasync in the process (all FileHandles share one prototype).
  const probe = await open(join(dir, 'probe'), 'w')
  const prototype = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> }
  await probe.close()
  const datasync = prototype.datasync
  let syncs = 0
  prototype.datasync = function (this: unknown) {
    syncs++
    return datasync.call(this)
  }

  // The stream: turns of 2,000 chunks, one after another, until the measurement is done.
  let streamingDone = false
  let replies = 0
  let streamCommits = 0
  const background = (async () => {
    while (!streamingDone) {
      server.push({ type: 'text', chunks: Array.from({ length: CHUNKS_PER_REPLY }, (_, i) => `tok${i} `) })
      const history = (await store.load(streaming.id)).messages.slice(-4)
      const result = await runTurn({
        sessionId: streaming.id,
        history,
        userText: 'stream',
        model,
        tools: [],
        mode: 'autonomous',
        authorize: () => Promise.reject(new Error('no tools')),
        dispatch: () => Promise.reject(new Error('no tools')),
        store,
        onProgress: () => {},
      })
      streamCommits += result.committed.length
      if (result.status === 'done') replies++
    }
  })()
  // Let the first stream get going.
  await new Promise((resolve) => setTimeout(resolve, 100))

  const text = 'x'.repeat(MESSAGE_CHARS)
  const draft: MessageDraft = { kind: 'assistant', turnId: 'bench', step: 1, text, toolCalls: [], end: 'complete' }
  // The same bytes the store writes: a stored message line of the same size.
  const baselineLine = Buffer.from(
    `${JSON.stringify({ ...draft, v: STORED_MESSAGE_VERSION, id: '00000000-0000-0000-0000-000000000000', at: new Date().toISOString() })}\n`,
  )
  const baseline = await open(join(dir, 'baseline.jsonl'), 'a')
  const storeSamples: number[] = []
  const baselineSamples: number[] = []
  const syncsBefore = syncs
  let measuredCommits = 0
  const repliesBefore = replies
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    let began = performance.now()
    await store.append(measured.id, draft)
    const storeMs = performance.now() - began
    measuredCommits++
    began = performance.now()
    await baseline.write(baselineLine)
    await baseline.datasync()
    const baselineMs = performance.now() - began
    if (round >= WARMUP) {
      storeSamples.push(storeMs)
      baselineSamples.push(baselineMs)
    }
  }
  streamingDone = true
  await background
  const totalSyncs = syncs - syncsBefore
  prototype.datasync = datasync
  await baseline.close()
  await store.close()

  const committed = percentiles(storeSamples)
  const plain = percentiles(baselineSamples)
  const baselineSyncs = WARMUP + ROUNDS
  const storeSyncs = totalSyncs - baselineSyncs
  console.log(`Persistence: ${ROUNDS} committed messages of ${baselineLine.length} bytes, measured while ${replies - repliesBefore} replies of ${CHUNKS_PER_REPLY} tokens streamed`)
  console.log('   committed message (SessionStore.append), p50 (p99)')
  console.log(`   sessions store          ${ms(committed.p50)} (${ms(committed.p99)})`)
  console.log(`   plain append+fdatasync  ${ms(plain.p50)} (${ms(plain.p99)})`)
  console.log(`   ratio p50 ${(committed.p50 / plain.p50).toFixed(2)}, p99 ${(committed.p99 / plain.p99).toFixed(2)}`)
  console.log(
    `   fdatasync calls by the store: ${storeSyncs} for ${measuredCommits + streamCommits} committed messages ` +
      `(${(storeSyncs / (measuredCommits + streamCommits)).toFixed(2)} per message; index saves included), 0 per token`,
  )
} finally {
  await server.stop()
  await rm(dir, { recursive: true, force: true })
}
