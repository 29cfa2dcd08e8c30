/**
 * The login shell's PATH for desktop launches (issue 34 item 2): read for real from a fake login
 * shell ($SHELL is a tiny sh script that prints rc-file noise around the answer), the timeout with a
 * shell that hangs, the known-folder fallback, and the gate stdio extensions wait on.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  desktopPath,
  knownFolders,
  mergePaths,
  needsLoginShellPath,
  parseShellPath,
  PATH_MARKER,
  readLoginShellPath,
  startDesktopPath,
  whenSpawnPathReady,
} from '../../../../src/main/extensions/connection/loginShellPath'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'login-shell-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A login shell: its rc "files" set PATH and print noise, then it runs the command it was given ($1 is -ilc). */
function fakeShell(body: string): string {
  const file = join(dir, 'fake-shell')
  writeFileSync(file, `#!/bin/sh\n${body}\n`)
  chmodSync(file, 0o755)
  return file
}

describe.skipIf(process.platform === 'win32')('the login shell PATH', () => {
  it("reads the PATH the person's login shell sets, past the noise its rc files print", async () => {
    const shell = fakeShell([
      'echo "Welcome to your shell"; printf "\\033]0;title\\007"',
      'PATH=/opt/homebrew/bin:/Users/me/.volta/bin:/usr/bin:/bin; export PATH',
      'test "$1" = "-ilc" || exit 3',
      '/bin/sh -c "$2"',
      'echo "goodbye from .zlogout"',
    ].join('\n'))
    expect(await readLoginShellPath({ shell, timeoutMs: 10_000 })).toBe('/opt/homebrew/bin:/Users/me/.volta/bin:/usr/bin:/bin')
  })

  it('gives up on a shell that hangs, after the timeout, and kills it', async () => {
    const pidFile = join(dir, 'pid')
    const shell = fakeShell(`echo $$ > '${pidFile}'\nexec sleep 600`)
    expect(await readLoginShellPath({ shell, timeoutMs: 300 })).toBeUndefined()
    const pid = Number(readFileSync(pidFile, 'utf8'))
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow())
  })

  it('reads nothing from a shell that fails, prints no marker, or is not an absolute path', async () => {
    expect(await readLoginShellPath({ shell: fakeShell('echo "no marker here"'), timeoutMs: 10_000 })).toBeUndefined()
    expect(await readLoginShellPath({ shell: join(dir, 'missing-shell'), timeoutMs: 10_000 })).toBeUndefined()
    expect(await readLoginShellPath({ shell: 'zsh', timeoutMs: 10_000 })).toBeUndefined()
    expect(await readLoginShellPath({ shell: undefined })).toBeUndefined()
  })

  it('falls back to the known folders that exist, after the start PATH', async () => {
    for (const folder of ['.cargo/bin', '.local/bin']) mkdirSync(join(dir, 'home', folder), { recursive: true })
    const home = join(dir, 'home')
    const result = await desktopPath({ shell: fakeShell('exit 1'), home, currentPath: '/usr/bin:/bin', timeoutMs: 10_000, exists: (path) => path.startsWith(home) && existsSync(path) })
    expect(result).toEqual({ path: `/usr/bin:/bin:${home}/.local/bin:${home}/.cargo/bin`, source: 'known folders' })
  })

  it('puts the login PATH first and keeps the start PATH after it; spawners wait until it is in place', async () => {
    const env: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' }
    const shell = fakeShell('PATH=/opt/homebrew/bin:/usr/bin; export PATH\n/bin/sh -c "$2"')
    let ready = false
    const started = startDesktopPath({ shell, home: dir, currentPath: env.PATH, timeoutMs: 10_000 }, env)
    const waited = whenSpawnPathReady().then(() => (ready = true))
    expect(ready).toBe(false)
    await started
    await waited
    expect(env.PATH).toBe('/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin')
  })
})

describe('login shell PATH, the pure parts', () => {
  it('takes the last marked PATH and refuses one that is no list of folders', () => {
    expect(parseShellPath(`noise ${PATH_MARKER}/a:/b${PATH_MARKER} more`)).toBe('/a:/b')
    expect(parseShellPath(`${PATH_MARKER}/old${PATH_MARKER}\n${PATH_MARKER}/new:/usr/bin${PATH_MARKER}`)).toBe('/new:/usr/bin')
    expect(parseShellPath(`${PATH_MARKER}${PATH_MARKER}`)).toBeUndefined()
    expect(parseShellPath(`${PATH_MARKER}not a path${PATH_MARKER}`)).toBeUndefined()
    expect(parseShellPath('/usr/bin')).toBeUndefined()
  })

  it('lists only the known folders that exist, and merges lists keeping the first of each', () => {
    expect(knownFolders('/home/me', (path) => path === '/usr/local/bin' || path === '/home/me/.volta/bin')).toEqual(['/usr/local/bin', '/home/me/.volta/bin'])
    expect(mergePaths('/a:/b', '/b::/c', undefined)).toBe('/a:/b:/c')
  })

  it('is read only for the packaged app on macOS and Linux (a terminal start already has the PATH)', () => {
    expect(needsLoginShellPath({ platform: 'darwin', isPackaged: true })).toBe(true)
    expect(needsLoginShellPath({ platform: 'linux', isPackaged: true })).toBe(true)
    expect(needsLoginShellPath({ platform: 'darwin', isPackaged: false })).toBe(false)
    expect(needsLoginShellPath({ platform: 'win32', isPackaged: true })).toBe(false)
  })
})
