/**
 * The search index's background pass (searchWorker.ts) writes many sessions per transaction: a data
 * folder from before the index existed is taken in by slices of messages, not one transaction per
 * session (which made the first build of 1,000,000 messages take longer than 600 s). Counted, not timed:
 * the slice's time limit is set out of reach, so only the number of messages ends a slice.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSqlite, type FromWorker, type SearchWorkerData } from '../../../../src/main/services/chat/searchWorker'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const SESSIONS = 400
const PER_SESSION = 10

async function folder(): Promise<{ dir: string; sessions: string[] }> {
  const dir = await tempDir()
  cleanups.push(dir.remove)
  await mkdir(join(dir.path, 'sessions'))
  const sessions: string[] = []
  for (let s = 0; s < SESSIONS; s++) {
    const id = randomUUID()
    sessions.push(id)
    const lines = Array.from({ length: PER_SESSION }, (_, i) =>
      JSON.stringify({ v: 1, id: randomUUID(), at: '2025-01-01T00:00:00.000Z', kind: i % 2 === 0 ? 'user' : 'assistant', turnId: 't', text: `message ${s}-${i} about orchards` }),
    )
    await writeFile(join(dir.path, 'sessions', `${id}.jsonl`), `${lines.join('\n')}\n`)
  }
  return { dir: dir.path, sessions }
}

/** Runs the worker over the folder until it has caught up; resolves with its last state. */
async function catchUp(dir: string, sessions: string[], batchMessages: number): Promise<Extract<FromWorker, { type: 'state' }>> {
  const data: SearchWorkerData = { dbPath: join(dir, 'index.sqlite'), sessionsDir: join(dir, 'sessions'), batch: { messages: batchMessages, ms: 3_600_000 } }
  const worker = new Worker(new URL('../../../../src/main/services/chat/searchWorker.ts', import.meta.url), { workerData: data })
  cleanups.push(() => worker.terminate())
  return new Promise((done, fail) => {
    worker.on('error', fail)
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'opened') worker.postMessage({ type: 'sync', sessions })
      if (message.type === 'state' && !message.catchingUp) done(message)
      if (message.type === 'problem') fail(new Error(message.message))
    })
  })
}

describe('the search index’s background pass', () => {
  it('writes many sessions per transaction, every message indexed', async () => {
    const { dir, sessions } = await folder()
    // 4,000 messages in slices of 1,000: four transactions (one per session would be 400).
    const state = await catchUp(dir, sessions, 1000)
    expect(state).toMatchObject({ done: SESSIONS, total: SESSIONS, transactions: SESSIONS * PER_SESSION / 1000 })
    const db = new (loadSqlite().DatabaseSync)(join(dir, 'index.sqlite'), { readOnly: true })
    try {
      expect(db.prepare('SELECT count(*) AS n FROM docs').get()).toEqual({ n: SESSIONS * PER_SESSION })
      expect(db.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: SESSIONS })
      expect(db.prepare(`SELECT count(*) AS n FROM messages WHERE messages MATCH 'orchards'`).get()).toEqual({ n: SESSIONS * PER_SESSION })
    } finally {
      db.close()
    }
    // Started again on the same folder: nothing changed, nothing is written again (one empty slice).
    const again = await catchUp(dir, sessions, 1000)
    expect(again).toMatchObject({ done: SESSIONS, transactions: 1 })
  })
})
