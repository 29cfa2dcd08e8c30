/** Starts `npm run host` as its own process group and stops the whole group again. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createInterface } from 'node:readline'

export interface HostInfo {
  url: string
  mcp: string
  token: string
  /** The connected apps' endpoint while it is on, else null. */
  gateway?: string | null
}

export interface HostProcess {
  info: HostInfo
  pid: number
  /** SIGTERM to the group, SIGKILL after a grace period; resolves once the host has exited. */
  stop(): Promise<void>
}

export function groupIsAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** `env`: variables for this host only, on top of the test process's (e.g. a config folder, a missing session bus); `args`: more host options. */
export async function startHost(root: string, dataDir: string, timeoutMs = 120_000, env: Record<string, string> = {}, args: string[] = []): Promise<HostProcess> {
  // detached: a process group of our own (npm → node scripts/host.mjs → node out/main/host.js), stopped as one.
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'host', '--', '--data-dir', dataDir, ...args], {
    cwd: root,
    // One keychain service per data folder: a restart on the same folder sees its secrets, other tests do not.
    env: { ...process.env, SWITCHBOARD_KEYCHAIN_SERVICE: `Switchboard-e2e-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('npm run host did not start')
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (!groupIsAlive(pid)) return
    process.kill(-pid, 'SIGTERM')
    const timer = setTimeout(() => groupIsAlive(pid) && process.kill(-pid, 'SIGKILL'), 5000)
    await exited
    // The group outlives npm by a moment while its children finish.
    for (let waited = 0; groupIsAlive(pid) && waited < 6000; waited += 50) await new Promise((r) => setTimeout(r, 50))
    clearTimeout(timer)
  }

  const lines = createInterface({ input: child.stdout! })
  const info = await new Promise<HostInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run host printed nothing in ${timeoutMs} ms:\n${stderr}`)), timeoutMs)
    child.once('exit', (code) => reject(new Error(`npm run host exited (${code}) before printing its address:\n${stderr}`)))
    lines.once('line', (line) => {
      clearTimeout(timer)
      try {
        resolve(JSON.parse(line) as HostInfo)
      } catch {
        reject(new Error(`npm run host printed something other than one JSON line: ${line}`))
      }
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { info, pid, stop }
}

/** The command lines of the host's process group (its extensions) that contain `text`. */
export function hostChildren(host: HostProcess, text: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' }).split('\n')
  return lines.filter((line) => line.trim().startsWith(`${host.pid} `) && line.includes(text) && !line.includes('ps -eo'))
}
