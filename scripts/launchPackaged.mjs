// Starts the packaged app the way a person would, once, before it is released: the binary electron-builder
// left in dist/ (fuses flipped, asar integrity on, packaged-only paths), with a data folder of its own.
// The smoke test (npm run test:electron) runs the unpackaged app; only this shows a packaged build that
// cannot start.
//   node scripts/launchPackaged.mjs [dist]      (the release workflow, after packaging; Linux under xvfb-run)
// Ready means: the host opened the data folder (settings.json written) and the process is still running a
// few seconds later (the window was created and loaded). Then it is stopped. Exits 1 naming what went wrong,
// with the app's output.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

/** The file whose appearance in the data folder says the host started (written by its settings migration). */
export const READY_FILE = 'settings.json'

/**
 * Where electron-builder leaves the runnable app for this platform and architecture:
 * dist/linux-unpacked/<executable>, dist/mac[-arm64]/<Product>.app/Contents/MacOS/<Product>,
 * dist/win-unpacked/<Product>.exe (an arch suffix on the folder for the non-default architecture).
 */
export function packagedBinary(distDir, { platform, arch, productName, executableName }) {
  if (platform === 'darwin') {
    const folder = arch === 'x64' ? 'mac' : `mac-${arch}`
    return join(distDir, folder, `${productName}.app`, 'Contents', 'MacOS', productName)
  }
  if (platform === 'win32') return join(distDir, arch === 'x64' ? 'win-unpacked' : `win-${arch}-unpacked`, `${productName}.exe`)
  return join(distDir, arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked`, executableName)
}

/** productName and the Linux executable's name, as electron-builder derives them from its config and package.json. */
export function appNames(builderConfig, packageJson) {
  const productName = builderConfig.productName ?? packageJson.productName ?? packageJson.name
  const executableName = builderConfig.linux?.executableName ?? builderConfig.executableName ?? packageJson.name
  return { productName, executableName }
}

/**
 * Starts `binary` with SWITCHBOARD_DATA_DIR=dataDir, waits for READY_FILE and then `settleMs` more of the
 * process staying up, stops it. Resolves { ok: true } or { ok: false, problem, output }.
 */
export function launchOnce({ binary, dataDir, readyTimeoutMs = 90_000, settleMs = 5_000, pollMs = 250, stopTimeoutMs = 15_000, args = [] }) {
  if (!existsSync(binary)) return Promise.resolve({ ok: false, problem: `No packaged app at ${binary}: did electron-builder run for this platform and architecture?`, output: '' })
  return new Promise((resolve) => {
    let output = ''
    let exited = null
    const child = spawn(binary, args, { env: { ...process.env, SWITCHBOARD_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] })
    const keep = (chunk) => (output = (output + chunk).slice(-20_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const exitedNow = new Promise((done) => child.on('exit', (code, signal) => done((exited = { code, signal }))))
    child.on('error', (error) => {
      exited = { code: null, signal: null }
      finish({ ok: false, problem: `The packaged app could not be started: ${error.message}` })
    })

    let settled = false
    const timers = []
    function finish(result) {
      if (settled) return
      settled = true
      for (const timer of timers) clearTimeout(timer)
      resolve({ ...result, output })
    }

    const openedThenExited = ({ code, signal }) => `The packaged app opened its data folder, then exited (code ${code}, signal ${signal}).`
    const started = Date.now()
    const poll = () => {
      const opened = existsSync(join(dataDir, READY_FILE))
      if (exited) return finish({ ok: false, problem: opened ? openedThenExited(exited) : `The packaged app exited before it was ready (code ${exited.code}, signal ${exited.signal}).` })
      if (opened) return timers.push(setTimeout(settle, settleMs))
      if (Date.now() - started > readyTimeoutMs) {
        child.kill('SIGKILL')
        return finish({ ok: false, problem: `The packaged app wrote no ${READY_FILE} in ${dataDir} within ${readyTimeoutMs / 1000} s.` })
      }
      timers.push(setTimeout(poll, pollMs))
    }
    const settle = async () => {
      if (exited) return finish({ ok: false, problem: openedThenExited(exited) })
      child.kill('SIGTERM')
      const stopped = await Promise.race([exitedNow, new Promise((done) => timers.push(setTimeout(() => done(null), stopTimeoutMs)))])
      if (!stopped) {
        child.kill('SIGKILL')
        return finish({ ok: false, problem: `The packaged app started, but did not stop within ${stopTimeoutMs / 1000} s of SIGTERM.` })
      }
      finish({ ok: true })
    }
    poll()
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? 'dist'
  const names = appNames(parse(readFileSync('build/electron-builder.yml', 'utf8')), JSON.parse(readFileSync('package.json', 'utf8')))
  const binary = packagedBinary(distDir, { platform: process.platform, arch: process.arch, ...names })
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-packaged-'))
  const result = await launchOnce({ binary, dataDir })
  if (!result.ok) {
    console.error(`::error::${result.problem}`)
    console.error(result.output)
    process.exit(1)
  }
  console.log(`The packaged app (${binary}) started with data in ${dataDir}, was ready, and stopped.`)
}
