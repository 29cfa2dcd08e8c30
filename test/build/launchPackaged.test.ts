/**
 * scripts/launchPackaged.mjs: where electron-builder leaves the runnable app on each OS, and the launch the
 * release workflow runs after packaging — ready only when the data folder is opened and the process stays
 * up, stopped afterwards, each failure named. The packaged Electron app cannot be built here; stand-in
 * binaries (shell scripts) take its place and behave as a good and as each kind of broken build would.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { appNames, launchOnce, packagedBinary, READY_FILE } from '../../scripts/launchPackaged.mjs'

const names = appNames(parse(readFileSync('build/electron-builder.yml', 'utf8')) as Record<string, unknown>, JSON.parse(readFileSync('package.json', 'utf8')) as { name: string })

describe('where the packaged app is', () => {
  it('names the product from build/electron-builder.yml and the Linux executable from package.json', () => {
    expect(names).toEqual({ productName: 'Switchboard', executableName: 'switchboard' })
  })

  it('finds the unpacked app electron-builder leaves for each OS and architecture', () => {
    expect(packagedBinary('dist', { platform: 'linux', arch: 'x64', ...names })).toBe(join('dist', 'linux-unpacked', 'switchboard'))
    expect(packagedBinary('dist', { platform: 'linux', arch: 'arm64', ...names })).toBe(join('dist', 'linux-arm64-unpacked', 'switchboard'))
    expect(packagedBinary('dist', { platform: 'darwin', arch: 'arm64', ...names })).toBe(join('dist', 'mac-arm64', 'Switchboard.app', 'Contents', 'MacOS', 'Switchboard'))
    expect(packagedBinary('dist', { platform: 'darwin', arch: 'x64', ...names })).toBe(join('dist', 'mac', 'Switchboard.app', 'Contents', 'MacOS', 'Switchboard'))
    expect(packagedBinary('dist', { platform: 'win32', arch: 'x64', ...names })).toBe(join('dist', 'win-unpacked', 'Switchboard.exe'))
  })
})

// The stand-in binaries are POSIX shell scripts (#!/bin/sh): a Windows machine has no /bin/sh to run them.
// CI runs here on Linux; on Windows the release workflow launches the real packaged app instead.
describe.skipIf(process.platform === 'win32')('launching it once', () => {
  const fast = { readyTimeoutMs: 3_000, settleMs: 300, pollMs: 20, stopTimeoutMs: 1_500 }
  function standIn(body: string) {
    const dir = mkdtempSync(join(tmpdir(), 'launch-packaged-'))
    const binary = join(dir, 'switchboard')
    writeFileSync(binary, `#!/bin/sh\n${body}\n`)
    chmodSync(binary, 0o755)
    return { binary, dataDir: mkdtempSync(join(tmpdir(), 'launch-packaged-data-')) }
  }
  const opensData = `echo '{}' > "$SWITCHBOARD_DATA_DIR/${READY_FILE}"`
  const staysUp = 'while :; do sleep 0.05; done'

  it('a build that opens its data folder, stays up and stops on SIGTERM passes', async () => {
    const result = await launchOnce({ ...standIn(`trap 'exit 0' TERM\n${opensData}\necho started\n${staysUp}`), ...fast })
    expect(result).toMatchObject({ ok: true })
    expect(result.output).toContain('started')
  })

  it('the data folder it opens is the one given, not the person’s', async () => {
    const app = standIn(`trap 'exit 0' TERM\n${opensData}\n${staysUp}`)
    expect((await launchOnce({ ...app, ...fast })).ok).toBe(true)
    expect(readFileSync(join(app.dataDir, READY_FILE), 'utf8').trim()).toBe('{}')
  })

  it('each broken build fails, naming what went wrong and keeping its output', async () => {
    const crashes = await launchOnce({ ...standIn('echo "asar integrity check failed" >&2\nexit 3'), ...fast })
    expect(crashes).toMatchObject({ ok: false, problem: expect.stringContaining('exited before it was ready (code 3') })
    expect(crashes.output).toContain('asar integrity check failed')

    const crashesLater = await launchOnce({ ...standIn(`${opensData}\nexit 4`), ...fast })
    expect(crashesLater).toMatchObject({ ok: false, problem: expect.stringContaining('opened its data folder, then exited (code 4') })

    const neverReady = await launchOnce({ ...standIn(staysUp), ...fast })
    expect(neverReady).toMatchObject({ ok: false, problem: expect.stringContaining(`wrote no ${READY_FILE}`) })

    const wontStop = await launchOnce({ ...standIn(`trap '' TERM\n${opensData}\n${staysUp}`), ...fast })
    expect(wontStop).toMatchObject({ ok: false, problem: expect.stringContaining('did not stop') })

    const missing = await launchOnce({ binary: join(tmpdir(), 'no-such-dir', 'switchboard'), dataDir: tmpdir() })
    expect(missing).toMatchObject({ ok: false, problem: expect.stringContaining('No packaged app at') })
  })
})
