// `npm start`: the Electron app, or browser mode when this machine has no Electron binary (design.md §2).
import { spawn } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'

/**
 * Where the Electron binary is, or why there is none. In plain Node, `require('electron')` returns
 * the binary's path, and throws when the package's postinstall never downloaded it; a path to a
 * deleted file is caught by the existence check.
 * @param {(id: string) => unknown} requireElectron
 * @param {(path: string) => boolean} exists
 * @returns {{ found: true, path: string } | { found: false, reason: string }}
 */
export function locateElectron(requireElectron = createRequire(import.meta.url), exists = existsSync) {
  let path
  try {
    path = requireElectron('electron')
  } catch (error) {
    const notInstalled = error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND'
    return { found: false, reason: notInstalled ? 'the electron package is not installed' : 'the electron package has no downloaded binary' }
  }
  if (typeof path !== 'string' || path === '') return { found: false, reason: 'the electron package did not name a binary' }
  if (!exists(path)) return { found: false, reason: `no binary at ${path}` }
  return { found: true, path }
}

/** Runs a child with our stdio, passes Ctrl+C / SIGTERM on, and exits with its status. */
function runForwarding(command, args, env = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('error', (error) => {
    process.stderr.write(`Could not start ${command}: ${error.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const args = process.argv.slice(2)
  buildIfStale(root)
  const electron = locateElectron()
  if (electron.found) {
    // ELECTRON_RUN_AS_NODE inherited from a parent tool would make the binary a plain Node and skip the app.
    const { ELECTRON_RUN_AS_NODE: _ignored, ...env } = process.env
    runForwarding(electron.path, [root, ...args], env)
    return
  }
  process.stderr.write(`Electron is not installed on this machine (${electron.reason}); starting browser mode instead.\n`)
  runForwarding(process.execPath, [join(root, 'out/main/host.js'), '--browser', ...args])
}

// Run only as a script, so that tests can import locateElectron.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) main()
