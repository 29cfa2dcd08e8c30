/**
 * The search index's first build (issue 43): how long the index worker (src/main/services/chat/searchWorker.ts,
 * a worker_threads worker writing SQLite FTS5) takes to take in a data folder written before the index
 * existed — sessions of 100 messages, as bench/scale.ts writes them. The worker runs exactly as the
 * host runs it (posted `sync`, finished when it reports it caught up); the figure is messages per second.
 *
 * BENCH_MESSAGES: the size (default 100,000). BENCH_BASELINE_WORKER: another copy of the worker (e.g.
 * `git show <rev>:src/main/services/chat/searchWorker.ts > /tmp/before.ts`), run on the same folder in
 * the same run, turn about, for a ratio. BENCH_BATCH_MS / BENCH_BATCH_MESSAGES: another slice than the
 * worker's own (to try one). It prints, it does not judge.
 * Run: npx tsx bench/searchIndexBuild.ts
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { STORED_MESSAGE_VERSION, type StoredMessage } from '../src/main/agent/session/storedMessage'
import type { FromWorker, SearchWorkerData, ToWorker } from '../src/main/services/chat/searchWorker'
import { count, median, ratio, root, runBench, type Cleanup } from './support/browserBench'
import { paragraph, seeded } from './support/markdownText'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000)
const PER_SESSION = 100
const RUNS = Number(process.env.BENCH_RUNS ?? 1)

async function dataFolder(dir: string): Promise<string[]> {
  await mkdir(join(dir, 'sessions'), { recursive: true })
  const random = seeded(43)
  let clock = Date.parse('2024-01-01T00:00:00Z')
  const ids: string[] = []
  for (let s = 0; s < Math.ceil(MESSAGES / PER_SESSION); s++) {
    const id = randomUUID()
    ids.push(id)
    const lines: string[] = []
    for (let i = 0; i < PER_SESSION; i++) {
      const at = new Date((clock += 1000)).toISOString()
      const message: StoredMessage =
        i % 2 === 0
          ? { v: STORED_MESSAGE_VERSION, id: randomUUID(), at, kind: 'user', turnId: `t${i >> 1}`, text: paragraph(random, 1) }
          : { v: STORED_MESSAGE_VERSION, id: randomUUID(), at, kind: 'assistant', turnId: `t${i >> 1}`, step: 1, text: paragraph(random, 3), toolCalls: [], end: 'complete' }
      lines.push(JSON.stringify(message))
    }
    const handle = await open(join(dir, 'sessions', `${id}.jsonl`), 'w', 0o600)
    await handle.write(`${lines.join('\n')}\n`)
    await handle.close()
  }
  return ids
}

/** Builds the index of `sessions` from nothing with the worker at `entry`; resolves with the milliseconds it took. */
async function build(entry: string, dir: string, sessions: string[], name: string): Promise<number> {
  const dbPath = join(dir, `${name}.sqlite`)
  for (const suffix of ['', '-wal', '-shm']) await rm(`${dbPath}${suffix}`, { force: true })
  const batch = process.env.BENCH_BATCH_MS ? { batch: { ms: Number(process.env.BENCH_BATCH_MS), messages: Number(process.env.BENCH_BATCH_MESSAGES ?? 20_000) } } : {}
  const data: SearchWorkerData = { dbPath, sessionsDir: join(dir, 'sessions'), ...batch }
  const worker = new Worker(pathToFileURL(entry), { workerData: data })
  try {
    return await new Promise<number>((done, fail) => {
      let began = 0
      worker.on('error', fail)
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'opened') {
          began = performance.now()
          worker.postMessage({ type: 'sync', sessions } satisfies ToWorker)
        } else if (message.type === 'state' && !message.catchingUp) done(performance.now() - began)
        else if (message.type === 'problem') fail(new Error(message.message))
      })
    })
  } finally {
    await worker.terminate()
  }
}

await runBench('bench/searchIndexBuild.ts', async (cleanup: Cleanup) => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-index-'))
  cleanup.add('remove the data folder', () => rm(dir, { recursive: true, force: true }))
  const sessions = await dataFolder(dir)
  const current = resolve(root, 'src/main/services/chat/searchWorker.ts')
  const baseline = process.env.BENCH_BASELINE_WORKER
  const now: number[] = []
  const before: number[] = []
  for (let run = 0; run < RUNS; run++) {
    if (baseline) before.push(await build(resolve(baseline), dir, sessions, 'before'))
    now.push(await build(current, dir, sessions, 'now'))
  }
  const rate = (milliseconds: number) => `${count(Math.round(MESSAGES / (milliseconds / 1000)))} messages/s`
  console.log(`index build, ${count(MESSAGES)} messages in ${count(sessions.length)} sessions: ${(median(now) / 1000).toFixed(1)} s (${rate(median(now))}); 1,000,000 at that rate ≈ ${((median(now) / 1000) * (1_000_000 / MESSAGES)).toFixed(0)} s`)
  if (baseline) {
    console.log(`  baseline worker: ${(median(before) / 1000).toFixed(1)} s (${rate(median(before))})`)
    console.log(`  goal: build now / baseline = ${ratio(median(now) / median(before))} (< 1)`)
  }
})
