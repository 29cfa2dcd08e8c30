import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { INSTALL_HINT, locateElectron } from '../../../scripts/electronBinary.mjs'
import { forwardsSignal } from '../../../scripts/runChild.mjs'
import { sandboxAbortHelp } from '../../../scripts/start.mjs'
import { tempDir } from '../../helpers/tempDir'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')

describe('locateElectron (fake electron package)', () => {
  const dir = '/opt/app/node_modules/electron'
  const files: Record<string, string> = { [join(dir, 'path.txt')]: 'electron' }
  const readFile = (path: string) => {
    const text = files[path]
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' })
    return text
  }
  const onDisk = (...paths: string[]) => (path: string) => paths.includes(path)

  it('finds the binary that path.txt names inside dist/', () => {
    const result = locateElectron({ packageDir: () => dir, readFile, exists: onDisk(join(dir, 'dist/electron')), env: {} })
    expect(result).toEqual({ found: true, path: join(dir, 'dist/electron') })
  })

  it('honours ELECTRON_OVERRIDE_DIST_PATH as the package does', () => {
    const result = locateElectron({ packageDir: () => dir, readFile, exists: onDisk('/custom/electron'), env: { ELECTRON_OVERRIDE_DIST_PATH: '/custom' } })
    expect(result).toEqual({ found: true, path: '/custom/electron' })
  })

  it('reports a package whose binary was never downloaded, and says how to fetch it', () => {
    const result = locateElectron({ packageDir: () => dir, readFile: () => readFile('/nowhere'), exists: () => true, env: {} })
    expect(result).toEqual({ found: false, reason: `the Electron binary was never downloaded; run ${INSTALL_HINT}` })
    expect(INSTALL_HINT).toBe('npx install-electron')
  })

  it('reports a missing package', () => {
    const packageDir = () => {
      throw Object.assign(new Error("Cannot find module 'electron/package.json'"), { code: 'MODULE_NOT_FOUND' })
    }
    expect(locateElectron({ packageDir, readFile, exists: () => true, env: {} })).toEqual({ found: false, reason: 'the electron package is not installed; run npm install' })
  })

  it('reports a named binary that is not on disk', () => {
    const result = locateElectron({ packageDir: () => dir, readFile, exists: () => false, env: {} })
    expect(result).toEqual({ found: false, reason: `no binary at ${join(dir, 'dist/electron')}; run ${INSTALL_HINT}` })
  })

  it('reports an empty path.txt', () => {
    expect(locateElectron({ packageDir: () => dir, readFile: () => ' \n', exists: () => true, env: {} })).toMatchObject({ found: false })
  })
})

describe('locateElectron never runs the electron package', () => {
  // Since Electron 42, loading the package downloads the binary when it is missing (and blocks meanwhile).
  it('finds a binary next to a package whose index.js would download', async () => {
    const pkg = await tempDir()
    try {
      const marker = join(pkg.path, 'loaded')
      await writeFile(join(pkg.path, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }))
      await writeFile(join(pkg.path, 'index.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'downloading')`)
      await writeFile(join(pkg.path, 'path.txt'), 'electron')
      await mkdir(join(pkg.path, 'dist'))
      await writeFile(join(pkg.path, 'dist/electron'), '')
      expect(locateElectron({ packageDir: () => pkg.path, env: {} })).toEqual({ found: true, path: join(pkg.path, 'dist/electron') })
      expect(existsSync(marker)).toBe(false)
    } finally {
      await pkg.remove()
    }
  })

  it('on this machine, answers without printing a download line', () => {
    const script = `import(${JSON.stringify(pathToFileURL(join(root, 'scripts/electronBinary.mjs')).href)}).then((m) => process.stdout.write(JSON.stringify(m.locateElectron())))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 })
    expect(run.status).toBe(0)
    const result = JSON.parse(run.stdout) as { found: boolean; path?: string; reason?: string }
    if (result.found) expect(result.path).toMatch(/electron/i)
    else expect(result.reason).toMatch(/electron|binary/i)
    // The package would print "Downloading Electron binary..." (stdout would no longer be bare JSON).
    expect(run.stderr).toBe('')
  })
})

describe('forwardsSignal', () => {
  it('does not pass on a terminal Ctrl+C: the child got the same SIGINT (a second one kills Chromium at once)', () => {
    expect(forwardsSignal('SIGINT', { stdinIsTTY: true })).toBe(false)
  })

  it('passes on SIGINT from outside a terminal and every SIGTERM', () => {
    expect(forwardsSignal('SIGINT', { stdinIsTTY: false })).toBe(true)
    expect(forwardsSignal('SIGTERM', { stdinIsTTY: true })).toBe(true)
    expect(forwardsSignal('SIGTERM', { stdinIsTTY: false })).toBe(true)
  })
})

describe('sandboxAbortHelp', () => {
  const binaryPath = '/app/node_modules/electron/dist/electron'
  const aborted = { code: null, signal: 'SIGTRAP' as const, platform: 'linux' as const, binaryPath }

  it('explains the AppArmor user-namespace restriction with both fixes, never --no-sandbox as advice', () => {
    const help = sandboxAbortHelp({ ...aborted, restrictsUserNamespaces: true })
    expect(help).toMatch(/SIGTRAP/)
    expect(help).toMatch(/AppArmor/)
    expect(help).toContain('sudo chown root:root /app/node_modules/electron/dist/chrome-sandbox && sudo chmod 4755 /app/node_modules/electron/dist/chrome-sandbox')
    expect(help).toMatch(/Do not start Electron with --no-sandbox/)
  })

  it('points to the troubleshooting guide when the restriction is not what is on, and that page has the section', () => {
    expect(sandboxAbortHelp({ ...aborted, restrictsUserNamespaces: undefined })).toContain('"Electron stops at start on Linux" in docs/guide/troubleshooting.md')
    expect(readFileSync(join(root, 'docs/guide/troubleshooting.md'), 'utf8')).toContain('Electron stops at start on Linux')
  })

  it.each([
    { signal: null, code: 1, platform: 'linux' as const },
    { signal: 'SIGTRAP' as const, code: null, platform: 'darwin' as const },
    { signal: 'SIGSEGV' as const, code: null, platform: 'linux' as const },
  ])('says nothing for other exits (%j)', (exit) => {
    expect(sandboxAbortHelp({ ...exit, binaryPath, restrictsUserNamespaces: true })).toBeUndefined()
  })
})

const running: { kill: (signal: NodeJS.Signals) => boolean; exitCode: number | null }[] = []
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('npm start without an Electron binary', () => {
  it.skipIf(locateElectron().found)('says so in one line, serves browser mode, and stops on SIGTERM', async () => {
    const data = await tempDir()
    try {
      const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--data-dir', data.path, '--port', '0'], { cwd: root })
      running.push(child)
      let stdout = ''
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString()
          const match = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(stdout)
          if (match?.[1]) resolve(match[1])
        })
        child.once('exit', (code) => reject(new Error(`start.mjs exited with ${code}\n${stdout}\n${stderr}`)))
      })

      const notices = stderr.split('\n').filter((line) => line.includes('Electron is not installed'))
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatch(/^Electron is not installed on this machine \(.+\); starting browser mode instead\.$/)
      expect(notices[0]).toContain(INSTALL_HINT)
      expect(stdout + stderr).not.toMatch(/Downloading/)
      expect((await fetch(url)).status).toBe(200)

      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const [code] = await exited
      expect(code).toBe(0)
      // The forwarded signal stopped the host too: its port is closed.
      await expect(fetch(url)).rejects.toThrow()
    } finally {
      await data.remove()
    }
  })

  it.skipIf(locateElectron().found)('Ctrl+C (SIGINT) stops it and says so', async () => {
    const data = await tempDir()
    try {
      const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--data-dir', data.path, '--port', '0'], { cwd: root })
      running.push(child)
      let stdout = ''
      child.stderr.resume()
      const exited = once(child, 'exit')
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString()
          if (stdout.includes('press Ctrl+C to stop')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`start.mjs exited with ${code}\n${stdout}`)))
      })
      // Not a terminal here, so start.mjs passes the SIGINT on, as the terminal would have sent it to both.
      child.kill('SIGINT')
      const [code] = await exited
      expect(code).toBe(0)
      const after = stdout.slice(stdout.indexOf('press Ctrl+C to stop'))
      expect(after.split('\n').slice(1)).toEqual(['Stopping Switchboard…', 'Switchboard stopped.', ''])
    } finally {
      await data.remove()
    }
  })
})
