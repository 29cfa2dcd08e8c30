/**
 * Crash safety (docs/architecture.md §9 F21): a child process streams replies and commits messages in two
 * sessions; it is killed with SIGKILL at a random moment (after a random number of its commits,
 * plus a random pause), 20 times over the same data dir. After every kill each message the child
 * reported as committed is there on reload, no session is unreadable, and the only damage ever
 * seen is a torn last line (which the next run repairs).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSessionIndex } from '../../../src/main/agent/session/sessionIndex'
import { openSessionStore } from '../../../src/main/agent/session/sessionStore'
import { setLogSink } from '../../../src/main/log/log'
import { tempDir } from '../../helpers/tempDir'
import { scriptedServer } from './providers/providerTestKit'
import type { ScriptedTurn } from '../../fixtures/modelServer/script'

const childScript = fileURLToPath(new URL('../../fixtures/agent/crashChild.ts', import.meta.url))
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
const KILLS = 20

let restoreLog: () => void
let childDir: string | undefined
/** The child, bundled once: each of the 20 starts then loads one file instead of compiling the agent's sources again (tsx took ~6 s a start on a busy 2-core machine). */
let childEntry: string
beforeAll(async () => {
  restoreLog = setLogSink(() => {}, 'error')
  // Inside the project (node_modules/.cache), so that the packages left external resolve as they did under tsx.
  await mkdir(join(projectRoot, 'node_modules/.cache'), { recursive: true })
  childDir = await mkdtemp(join(projectRoot, 'node_modules/.cache/crash-child-'))
  childEntry = join(childDir, 'crashChild.mjs')
  await build({ entryPoints: [childScript], outfile: childEntry, bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'error' })
})
afterAll(async () => {
  restoreLog()
  if (childDir) await rm(childDir, { recursive: true, force: true })
})

/** A long streamed reply: 120 chunks, 2 ms apart. */
function longReply(n: number): ScriptedTurn {
  return { type: 'text', chunks: Array.from({ length: 120 }, (_, i) => `reply ${n} chunk ${i} with some words `), delayMs: 2 }
}

/** A started child: it has loaded its code and waits for its go (crashChild.ts) before opening the data dir. */
interface Child {
  process: ChildProcessWithoutNullStreams
  exited: Promise<unknown[]>
  stderr(): string
}

function startChild(dataDir: string, baseUrl: string): Child {
  const child = spawn(process.execPath, [childEntry, `--data-dir=${dataDir}`, `--base-url=${baseUrl}`], { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
  return { process: child, exited: once(child, 'exit'), stderr: () => stderr }
}

describe('crash safety', () => {
  it(`keeps every committed message through ${KILLS} kill -9s at random moments`, async () => {
    const dir = await tempDir('switchboard-crash-')
    const server = await scriptedServer()
    const committed = new Map<string, Set<string>>()
    const tornTails: number[] = []
    let served = 0
    // Each child is started while the one before it still runs: starting one (Node, the agent's
    // code, the tokenizer) takes seconds on a busy machine, and it opens the data dir only on its go.
    let next: Child | undefined = startChild(dir.path, server.baseUrl)
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        while (server.remainingTurns < 200) server.push(longReply(served++))
        const current: Child = next!
        const child = current.process
        const exited = current.exited
        // The kill waits for work, not for time: after 3–6 of this child's commits, then 0–300 ms more
        // (during a stream, between commits, or in the middle of one), however slow the machine is.
        const commitsBeforeKill = 3 + Math.floor(Math.random() * 4)
        let commitsSeen = 0
        let enoughCommits: () => void = () => {}
        const hasCommitted = new Promise<void>((resolve) => (enoughCommits = resolve))
        createInterface({ input: child.stdout }).on('line', (line) => {
          const event = JSON.parse(line) as { ready?: true; committed?: string; session?: string }
          if (event.committed && event.session) {
            const ids = committed.get(event.session) ?? new Set<string>()
            ids.add(event.committed)
            committed.set(event.session, ids)
            if (++commitsSeen === commitsBeforeKill) enoughCommits()
          }
        })
        child.stdin.write('go\n')
        next = kill + 1 < KILLS ? startChild(dir.path, server.baseUrl) : undefined
        await Promise.race([hasCommitted, exited.then(() => Promise.reject(new Error(`the child exited before ${commitsBeforeKill} commits: ${current.stderr()}`)))])
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 300))
        child.kill('SIGKILL')
        const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null]
        expect({ code, signal, stderr: current.stderr() }).toMatchObject({ signal: 'SIGKILL' })

        // Reload as the app would after a restart.
        const index = await openSessionIndex(dir.path)
        const store = await openSessionStore({ dataDir: dir.path, index })
        for (const [sessionId, ids] of committed) {
          const loaded = await store.load(sessionId)
          const present = new Set(loaded.messages.map((message) => message.id))
          const missing = [...ids].filter((id) => !present.has(id))
          expect(missing, `committed messages missing from session ${sessionId} after kill ${kill + 1}`).toEqual([])
          expect(loaded.problems.filter((problem) => problem.kind !== 'torn-tail')).toEqual([])
          tornTails.push(...loaded.problems.map((problem) => problem.line))
          expect(index.get(sessionId)?.messageCount).toBe(loaded.messages.length)
        }
        await store.close()
      }
    } finally {
      if (next) {
        next.process.kill('SIGKILL')
        await next.exited
      }
      await dir.remove()
    }
    const total = [...committed.values()].reduce((sum, ids) => sum + ids.size, 0)
    // Every child committed at least 3 messages before its kill, each with a new id.
    expect(total).toBeGreaterThanOrEqual(KILLS * 3)
    console.log(`crash safety: ${KILLS} kills, ${total} committed messages all present, ${tornTails.length} torn last lines skipped`)
  }, 600_000)
})
