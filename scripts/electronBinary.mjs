// Where the Electron binary of node_modules/electron is, found without loading the package.
// Since Electron 42 the package has no install step: its index.js downloads the binary synchronously
// when it is missing, so `require('electron')` would block `npm start` on a download. The package's
// own installer (`npx install-electron`) writes path.txt (the binary's path inside dist/) and dist/.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** What to run to fetch the binary for the installed electron package. */
export const INSTALL_HINT = 'npx install-electron'

/**
 * @typedef {{ found: true, path: string } | { found: false, reason: string }} ElectronLocation
 * @typedef {{
 *   packageDir?: () => string,
 *   readFile?: (path: string) => string,
 *   exists?: (path: string) => boolean,
 *   env?: Record<string, string | undefined>,
 * }} LocateOptions
 */

const require = createRequire(import.meta.url)

/** The electron package's folder; resolving its package.json runs none of its code. */
function electronPackageDir() {
  return dirname(require.resolve('electron/package.json'))
}

/**
 * Where the Electron binary is, or why there is none (the reason ends with what to run).
 * Mirrors the package's index.js, minus the download: `ELECTRON_OVERRIDE_DIST_PATH` replaces dist/.
 * @param {LocateOptions} [options]
 * @returns {ElectronLocation}
 */
export function locateElectron({ packageDir = electronPackageDir, readFile = (path) => readFileSync(path, 'utf8'), exists = existsSync, env = process.env } = {}) {
  let dir
  try {
    dir = packageDir()
  } catch {
    return { found: false, reason: 'the electron package is not installed; run npm install' }
  }
  let relative
  try {
    relative = readFile(join(dir, 'path.txt')).trim()
  } catch {
    return { found: false, reason: `the Electron binary was never downloaded; run ${INSTALL_HINT}` }
  }
  if (relative === '') return { found: false, reason: `the electron package names no binary; run ${INSTALL_HINT}` }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  const path = override ? join(override, relative) : join(dir, 'dist', relative)
  if (!exists(path)) return { found: false, reason: `no binary at ${path}; run ${INSTALL_HINT}` }
  return { found: true, path }
}
