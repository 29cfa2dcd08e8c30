import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { locateElectron } from '../../../scripts/start.mjs'
import { tempDir } from '../../helpers/tempDir'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')

describe('locateElectron (fake electron package)', () => {
  const exists = (path: string) => path === '/opt/electron/electron'

  it('finds the binary the package names when the file exists', () => {
    expect(locateElectron(() => '/opt/electron/electron', exists)).toEqual({ found: true, path: '/opt/electron/electron' })
  })

  it('reports a package whose binary was never downloaded (require throws)', () => {
    const requireElectron = () => {
      throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again')
    }
    expect(locateElectron(requireElectron, exists)).toEqual({ found: false, reason: 'the electron package has no downloaded binary' })
  })

  it('reports a missing package', () => {
    const requireElectron = () => {
      throw Object.assign(new Error("Cannot find module 'electron'"), { code: 'MODULE_NOT_FOUND' })
    }
    expect(locateElectron(requireElectron, exists)).toEqual({ found: false, reason: 'the electron package is not installed' })
  })

  it('reports a named binary that is not on disk', () => {
    expect(locateElectron(() => '/gone/electron', exists)).toEqual({ found: false, reason: 'no binary at /gone/electron' })
  })

  it.each([undefined, '', 42, {}])('reports a package that names no binary (%j)', (value) => {
    expect(locateElectron(() => value, exists)).toMatchObject({ found: false })
  })
})

describe('locateElectron on this machine', () => {
  it('agrees with the file system', () => {
    const result = locateElectron()
    if (result.found) expect(result.path).toMatch(/electron/i)
    else expect(result.reason).toMatch(/electron|binary/)
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
})
