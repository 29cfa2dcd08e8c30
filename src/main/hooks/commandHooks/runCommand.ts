/**
 * Runs one command hook: the person's approved command line through the shell (Node's `shell: true`:
 * `/bin/sh -c` or `cmd.exe /d /s /c`), the event JSON on stdin, with the minimal environment
 * extensions get (envPolicy.ts) and a timeout after which the whole process group is killed.
 */
import { spawn } from 'node:child_process'
import { childEnvironment } from '../../extensions/config/envPolicy'
import { whenSpawnPathReady } from '../../extensions/connection/loginShellPath'
import type { CommandExit } from './claudeFormat'

/** More than any hook answer; output beyond it is dropped, not buffered. */
const OUTPUT_LIMIT = 1_000_000

export interface RunCommandOptions {
  cwd: string
  input: string
  timeoutMs: number
  /** Added to the minimal environment (`CLAUDE_PROJECT_DIR`). */
  env: Record<string, string>
}

export async function runCommand(line: string, options: RunCommandOptions): Promise<CommandExit> {
  // A desktop launch is still reading the login shell's PATH; bounded by its timeout.
  await whenSpawnPathReady()
  return new Promise((resolve) => {
    const posix = process.platform !== 'win32'
    let child: ReturnType<typeof spawn>
    try {
      // Its own process group on POSIX, so a timeout also stops what the shell started.
      child = spawn(line, { shell: true, cwd: options.cwd, env: childEnvironment(options.env), stdio: ['pipe', 'pipe', 'pipe'], detached: posix, windowsHide: true })
    } catch (error) {
      resolve({ code: null, stdout: '', stderr: '', timedOut: false, startError: (error as Error).message })
      return
    }
    const out = { stdout: '', stderr: '' }
    const collect = (key: keyof typeof out) => (chunk: Buffer) => {
      if (out[key].length < OUTPUT_LIMIT) out[key] += chunk.toString('utf8')
    }
    child.stdout?.on('data', collect('stdout'))
    child.stderr?.on('data', collect('stderr'))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        if (posix && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
        else child.kill('SIGKILL')
      } catch {
        // Already gone.
      }
    }, options.timeoutMs)
    let startError: string | undefined
    child.on('error', (error) => (startError = error.message))
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, ...out, timedOut, ...(startError ? { startError } : {}) })
    })
    // A command that does not read its stdin closes the pipe early: that is not an error.
    child.stdin?.on('error', () => {})
    child.stdin?.end(options.input)
  })
}
