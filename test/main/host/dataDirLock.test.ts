/**
 * One writer per data folder (src/main/host/dataDirLock.ts): a second `npm run host` on a folder in use
 * stops with one line naming the running one; a lock left by a process that is gone is taken over;
 * stopping releases it.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../../src/main/host/dataDirLock'
import { startHost, type HostProcess } from '../../e2e/hostProcess'
import { root } from '../../e2e/appPage'
import { tempDir } from '../../helpers/tempDir'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function folder(): Promise<string> {
  const dir = await tempDir()
  cleanups.push(dir.remove)
  return dir.path
}

/** A pid that no process has any more: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid
}

/** Runs `npm run host` to its end (a refused start ends at once). */
function runHostToEnd(dataDir: string, args: string[] = []): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'host', '--', '--data-dir', dataDir, ...args], { cwd: root, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    )
  })
}

describe('the data folder lock', () => {
  it('refuses a second npm run host (or browser mode) on a folder in use with one line naming the running one, and is released on stop', async () => {
    const dataDir = await folder()
    const first: HostProcess = await startHost(root, dataDir)
    cleanups.push(() => first.stop())
    const holder = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number; entryPoint: string }
    expect(holder.entryPoint).toBe('npm run host')
    // The holder is the host process itself, in the group the first `npm run host` started.
    expect(Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(holder.pid)], { encoding: 'utf8' }).trim())).toBe(first.pid)

    for (const args of [[], ['--browser']]) {
      const second = await runHostToEnd(dataDir, args)
      expect(second.code).toBe(1)
      expect(second.stdout).toBe('')
      const line = `Another Switchboard \\(npm run host, pid ${holder.pid}, since [^)]+\\) is using the data folder ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; stop it first or pass another --data-dir\\.`
      expect(second.stderr.trim()).toMatch(new RegExp(`^${line}$`))
    }

    await first.stop()
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
    // And the folder is free again.
    const next = await startHost(root, dataDir)
    cleanups.push(() => next.stop())
    expect(next.info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/)
  })

  it('refuses a second lock in the same process, naming its entry point', async () => {
    const dataDir = await folder()
    const lock = await lockDataDir(dataDir, { entryPoint: 'browser mode', elsewhere: 'pass another --data-dir' })
    cleanups.push(() => lock.release())
    const refused = lockDataDir(dataDir, { entryPoint: 'the desktop app', elsewhere: 'start this one with SWITCHBOARD_DATA_DIR set to another folder' })
    await expect(refused).rejects.toBeInstanceOf(DataDirInUseError)
    await expect(refused).rejects.toThrow(
      new RegExp(`^Another Switchboard \\(browser mode, pid ${process.pid}, since .+\\) is using the data folder .+; stop it first or start this one with SWITCHBOARD_DATA_DIR set to another folder\\.$`),
    )
  })

  it('takes over a lock whose process is gone, a garbled one, and one naming its own pid from an earlier run', async () => {
    const dataDir = await folder()
    const file = join(dataDir, LOCK_FILE)
    for (const leftover of [
      JSON.stringify({ pid: deadPid(), entryPoint: 'the desktop app', started: new Date().toISOString() }),
      '',
      JSON.stringify({ pid: process.pid, entryPoint: 'npm run host', started: new Date().toISOString() }),
    ]) {
      writeFileSync(file, leftover)
      const lock = await lockDataDir(dataDir, { entryPoint: 'npm run host', elsewhere: 'pass another --data-dir' })
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, entryPoint: 'npm run host' })
      lock.release()
      expect(existsSync(file)).toBe(false)
    }
  })

  it('release leaves a lock alone that is no longer its own', async () => {
    const dataDir = await folder()
    const file = join(dataDir, LOCK_FILE)
    const lock = await lockDataDir(dataDir, { entryPoint: 'npm run host', elsewhere: 'pass another --data-dir' })
    const other = JSON.stringify({ pid: process.pid, entryPoint: 'browser mode', started: '2000-01-01T00:00:00.000Z' })
    writeFileSync(file, other)
    lock.release()
    expect(readFileSync(file, 'utf8')).toBe(other)
  })
})
