/**
 * The real host entry (`out/main/host.js`, what `npm run host` runs, without npm in between) started
 * as a child process on a data folder, timed from spawn to its ready line; its resident memory and
 * stderr lines are readable while it runs. Used by bench/startup.ts.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { HostInfo } from '../../test/e2e/hostProcess'
import { root } from './browserBench'

export interface StartedHost {
  info: HostInfo
  pid: number
  /** Milliseconds from spawn to the ready line. */
  readyMs: number
  /** Every stderr line so far (the host's log). */
  stderr: string[]
  /** Resolves once a stderr line matches (or rejects after `timeoutMs`). */
  waitForLog(match: (line: string) => boolean, timeoutMs?: number): Promise<void>
  /** SIGTERM, SIGKILL after 5 s; resolves once the host has exited. */
  stop(): Promise<void>
}

const hostEntry = join(root, 'out', 'main', 'host.js')

/** Starts the host on `dataDir`; `nodeFlags` go before the entry (e.g. `--import` of a probe). */
export async function startHostEntry(dataDir: string, nodeFlags: string[] = [], env: Record<string, string> = {}): Promise<StartedHost> {
  const began = performance.now()
  const child = spawn(process.execPath, [...nodeFlags, hostEntry, '--data-dir', dataDir], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const pid = child.pid
  if (pid === undefined) throw new Error('the host did not start')
  const exited = new Promise<void>((settle) => child.once('exit', () => settle()))
  const stderr: string[] = []
  const waiters = new Set<{ match: (line: string) => boolean; settle: () => void }>()
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line)
    for (const waiter of waiters) if (waiter.match(line)) waiter.settle()
  })
  const info = await new Promise<HostInfo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the host exited (${code}) before it was ready:\n${stderr.join('\n')}`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as HostInfo))
  })
  const readyMs = performance.now() - began
  return {
    info,
    pid,
    readyMs,
    stderr,
    waitForLog(match, timeoutMs = 30_000) {
      if (stderr.some(match)) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const waiter = { match, settle: () => (clearTimeout(timer), waiters.delete(waiter), resolve()) }
        const timer = setTimeout(() => (waiters.delete(waiter), reject(new Error(`no log line as expected within ${timeoutMs} ms:\n${stderr.slice(-20).join('\n')}`))), timeoutMs)
        waiters.add(waiter)
      })
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Milliseconds from spawn to exit of `node -e 0`: the floor every Node process pays. */
export async function bareNodeMs(): Promise<number> {
  const began = performance.now()
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' })
  await new Promise((settle) => child.once('exit', settle))
  return performance.now() - began
}

/** The process's resident memory in MB (Linux /proc; children are processes of their own and not in it). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(kb) / 1024
}
