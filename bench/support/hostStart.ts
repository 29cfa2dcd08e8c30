/**
 * The real host entry (`out/main/host.js`, what `npm run host` runs, without npm in between) started
 * as a child process on a data folder, timed from spawn to its ready line; its resident memory and
 * stderr lines are readable while it runs. Any other Node process the same way (spawnUntilFirstLine:
 * the stack's floor). Used by bench/startup.ts.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { HostInfo } from '../../test/e2e/hostProcess'
import { root } from './browserBench'

export interface StartedHost extends Omit<FirstLine, 'line'> {
  info: HostInfo
  /** CPU time (user + system, all threads) the host had used when it was ready; NaN off Linux. */
  readyCpuMs: number
}

const hostEntry = join(root, 'out', 'main', 'host.js')

/** A Node process spawned with `args`, up to its first stdout line. */
export interface FirstLine {
  pid: number
  line: string
  /** Milliseconds from spawn to the first stdout line. */
  readyMs: number
  /** Every stderr line so far. */
  stderr: string[]
  /** Resolves once a stderr line matches (or rejects after `timeoutMs`). */
  waitForLog(match: (line: string) => boolean, timeoutMs?: number): Promise<void>
  /** SIGTERM, SIGKILL after 5 s; resolves once the process has exited. */
  stop(): Promise<void>
}

/** Spawns `node ...args` and resolves at its first stdout line (rejects if it exits before one). */
export async function spawnUntilFirstLine(args: string[], env: Record<string, string> = {}): Promise<FirstLine> {
  const began = performance.now()
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const pid = child.pid
  if (pid === undefined) throw new Error(`node ${args.join(' ')} did not start`)
  const exited = new Promise<void>((settle) => child.once('exit', () => settle()))
  const stderr: string[] = []
  const waiters = new Set<{ match: (line: string) => boolean; settle: () => void }>()
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line)
    for (const waiter of waiters) if (waiter.match(line)) waiter.settle()
  })
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited (${code}) before it was ready:\n${stderr.join('\n')}`)))
    createInterface({ input: child.stdout }).once('line', resolve)
  })
  const readyMs = performance.now() - began
  return {
    pid,
    line,
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

/** Starts the host on `dataDir`; `nodeFlags` go before the entry (e.g. `--import` of a probe), `hostArgs` after it (e.g. `--port`). */
export async function startHostEntry(dataDir: string, nodeFlags: string[] = [], env: Record<string, string> = {}, hostArgs: string[] = []): Promise<StartedHost> {
  const started = await spawnUntilFirstLine([...nodeFlags, hostEntry, '--data-dir', dataDir, ...hostArgs], env)
  const { line, ...rest } = started
  return { ...rest, info: JSON.parse(line) as HostInfo, readyCpuMs: cpuMs(started.pid) }
}

/** Milliseconds from spawn to exit of `node -e 0`: the floor every Node process pays. */
export async function bareNodeMs(): Promise<number> {
  const began = performance.now()
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' })
  await new Promise((settle) => child.once('exit', settle))
  return performance.now() - began
}

/**
 * CPU milliseconds `node -e 0` uses (user + system, reported by itself at exit). Unlike wall time,
 * CPU time barely changes when other work shares the machine, so it compares starts fairly there.
 */
export async function bareNodeCpuMs(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'process.on("exit", () => { const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000)) })'], { stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  await new Promise((settle) => child.once('exit', settle))
  return Number(out)
}

/** CPU milliseconds (user + system, all threads) process `pid` has used so far (Linux /proc; NaN elsewhere). */
export function cpuMs(pid: number): number {
  if (process.platform !== 'linux') return Number.NaN
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = 100 // USER_HZ, 100 on every Linux Node supports
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000
}

/** The process's resident memory in MB (Linux /proc; children are processes of their own and not in it). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(kb) / 1024
}
