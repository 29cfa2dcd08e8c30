/**
 * The PATH the person's terminal has, for an app started from Finder, the Dock or a Linux desktop
 * launcher. Those get the session's bare PATH (`/usr/bin:/bin:/usr/sbin:/sbin` on macOS), without what
 * the login shell adds (Homebrew, nvm, Volta, cargo, ~/.local/bin), so stdio extensions started with
 * `npx`, `uvx`, `node` or `docker` fail with "not found". At start the packaged app asks the login
 * shell for its PATH once, in the background and with a timeout; where that fails, the folders these
 * tools usually live in are added instead. Stdio extensions and command hooks started meanwhile wait
 * for it (`whenSpawnPathReady`), at most the timeout. Electron-free: index.ts only starts it.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Long enough for a slow shell start (oh-my-zsh, nvm); a hung rc file costs no more than this. */
export const LOGIN_SHELL_TIMEOUT_MS = 3_000

/** Brackets the PATH in the shell's output: rc files may print banners, prompts or escape codes around it. */
export const PATH_MARKER = '__SWITCHBOARD_PATH__'

/** The arguments for the login shell: interactive and login, so both .zshrc/.bashrc and .zprofile/.profile run. */
export function loginShellArgs(): string[] {
  // The markers as arguments of their own: "$PATH__…" would name another variable, and fish has no ${PATH}.
  return ['-ilc', `printf '%s%s%s' '${PATH_MARKER}' "$PATH" '${PATH_MARKER}'`]
}

/** The PATH between the last pair of markers in a shell's output, or undefined when there is none. */
export function parseShellPath(output: string): string | undefined {
  const end = output.lastIndexOf(PATH_MARKER)
  if (end <= 0) return undefined
  const start = output.lastIndexOf(PATH_MARKER, end - 1)
  if (start < 0) return undefined
  const path = output.slice(start + PATH_MARKER.length, end).trim()
  // A PATH is absolute folders; anything else (an rc file that broke the quoting) is not used.
  return path.split(delimiter).some((folder) => folder.startsWith('/')) ? path : undefined
}

/** Where npx, uvx, node and docker usually are when no login shell tells: those of them that exist. */
export function knownFolders(home: string, exists: (path: string) => boolean = existsSync): string[] {
  const folders = [
    '/opt/homebrew/bin',
    '/opt/homebrew/sbin',
    '/usr/local/bin',
    join(home, '.local/bin'),
    join(home, '.cargo/bin'),
    join(home, '.volta/bin'),
    // nvm's "current" link (NVM_SYMLINK_CURRENT) names the version the person chose.
    join(home, '.nvm/current/bin'),
    '/snap/bin',
  ]
  return folders.filter((folder) => exists(folder))
}

/** PATH lists joined in order, each folder once, empty entries dropped. */
export function mergePaths(...paths: Array<string | undefined>): string {
  const folders = paths.flatMap((path) => (path ?? '').split(delimiter)).filter((folder) => folder !== '')
  return [...new Set(folders)].join(delimiter)
}

export interface LoginShellOptions {
  /** The person's shell ($SHELL); without one there is nothing to ask. */
  shell: string | undefined
  timeoutMs?: number
  env?: NodeJS.ProcessEnv
}

/**
 * Runs the login shell once (no shell of ours in between: `spawn` without `shell`) and reads its PATH;
 * undefined when it fails, prints no marker, or takes longer than the timeout (then its whole process
 * group is killed, so an rc file that started something leaves nothing behind).
 */
export function readLoginShellPath({ shell, timeoutMs = LOGIN_SHELL_TIMEOUT_MS, env = process.env }: LoginShellOptions): Promise<string | undefined> {
  if (!shell || !shell.startsWith('/')) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let output = ''
    let settled = false
    const finish = (path: string | undefined) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(path)
    }
    // Its own process group: the timeout kills the shell and whatever its rc files started.
    const child = spawn(shell, loginShellArgs(), { env, stdio: ['ignore', 'pipe', 'ignore'], detached: true })
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
      finish(undefined)
    }, timeoutMs)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      // Only the tail can hold the answer; a chatty rc file cannot grow this without bound.
      output = (output + chunk).slice(-64_000)
    })
    child.on('error', () => finish(undefined))
    child.on('close', () => finish(parseShellPath(output)))
  })
}

/** Whether this start came from a desktop launch that lacks the login shell's PATH: the packaged app on macOS or Linux. */
export function needsLoginShellPath({ platform, isPackaged }: { platform: NodeJS.Platform; isPackaged: boolean }): boolean {
  return isPackaged && (platform === 'darwin' || platform === 'linux')
}

export interface DesktopPathOptions extends LoginShellOptions {
  home: string
  /** The PATH the app was started with. */
  currentPath: string | undefined
  exists?: (path: string) => boolean
}

/** The PATH for the processes the app starts: the login shell's, else the known folders that exist; the start PATH after either. */
export async function desktopPath(options: DesktopPathOptions): Promise<{ path: string; source: 'login shell' | 'known folders' }> {
  const shellPath = await readLoginShellPath(options)
  if (shellPath !== undefined) return { path: mergePaths(shellPath, options.currentPath), source: 'login shell' }
  return { path: mergePaths(options.currentPath, knownFolders(options.home, options.exists).join(delimiter)), source: 'known folders' }
}

let pending: Promise<void> | undefined

/**
 * Starts reading the desktop PATH and puts it into `env` (the app's own environment, which extensions
 * and hooks inherit PATH from) when it is there. Never rejects; `whenSpawnPathReady` waits for it.
 */
export function startDesktopPath(options: DesktopPathOptions, env: NodeJS.ProcessEnv = process.env, report?: (source: string) => void): Promise<void> {
  pending = desktopPath(options).then(
    ({ path, source }) => {
      env.PATH = path
      report?.(source)
    },
    () => undefined,
  )
  return pending
}

/** Resolves once the desktop PATH is in place (at once when none is being read). Spawners await this. */
export function whenSpawnPathReady(): Promise<void> {
  return pending ?? Promise.resolve()
}
