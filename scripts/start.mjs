// `npm start`: the Electron app, or browser mode when this machine has no Electron binary (docs/architecture.md §2, "Processes and sessions").
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { locateElectron } from './electronBinary.mjs'
import { requireNodeVersion } from './nodeVersion.mjs'
import { runForwarding } from './runChild.mjs'

/** Ubuntu 23.10+ sets this to 1: unprivileged user namespaces (Chromium's sandbox) need an AppArmor profile. */
const USERNS_RESTRICTION = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns'

/** Whether AppArmor restricts unprivileged user namespaces here; undefined when the kernel has no such switch. */
function restrictsUserNamespaces() {
  try {
    return readFileSync(USERNS_RESTRICTION, 'utf8').trim() === '1'
  } catch {
    return undefined
  }
}

/**
 * What to tell the person when Electron died of SIGTRAP on Linux: Chromium aborts that way (a failed
 * CHECK) when it cannot start its sandbox, which is what happens on Ubuntu 23.10+ where AppArmor blocks
 * the user namespaces it needs and the SUID helper in node_modules is not set up. Never suggests
 * --no-sandbox: the renderer shows text from models and extensions.
 * @param {{ code: number | null, signal: NodeJS.Signals | null, platform: NodeJS.Platform, binaryPath: string, restrictsUserNamespaces: boolean | undefined }} exit
 * @returns {string | undefined}
 */
export function sandboxAbortHelp({ signal, platform, binaryPath, restrictsUserNamespaces }) {
  if (signal !== 'SIGTRAP' || platform !== 'linux') return undefined
  const helper = join(dirname(binaryPath), 'chrome-sandbox')
  if (!restrictsUserNamespaces) {
    return `Electron aborted (SIGTRAP). If its messages above mention the SUID sandbox helper, see "Electron stops at start on Linux" in docs/guide/troubleshooting.md.`
  }
  return [
    'Electron aborted (SIGTRAP): Chromium could not start its sandbox. This system (Ubuntu 23.10 or later)',
    'lets AppArmor block the user namespaces the sandbox uses. Fix it once, in either way:',
    `  - give Electron an AppArmor profile that allows them (docs/guide/troubleshooting.md: "Electron stops at start on Linux"), or`,
    `  - make the sandbox helper setuid root: sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`,
    '    (again after each reinstall of the electron package).',
    'Do not start Electron with --no-sandbox.',
  ].join('\n')
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  // First: on an older Node the build and the app would fail later with a message that says neither why nor how to fix it.
  requireNodeVersion(root)
  const args = process.argv.slice(2)
  buildIfStale(root)
  const electron = locateElectron()
  if (electron.found) {
    // ELECTRON_RUN_AS_NODE inherited from a parent tool would make the binary a plain Node and skip the app.
    const { ELECTRON_RUN_AS_NODE: _ignored, ...env } = process.env
    const explainExit = ({ code, signal }) =>
      sandboxAbortHelp({ code, signal, platform: process.platform, binaryPath: electron.path, restrictsUserNamespaces: restrictsUserNamespaces() })
    runForwarding(electron.path, [root, ...args], { env, explainExit })
    return
  }
  process.stderr.write(`Electron is not installed on this machine (${electron.reason}); starting browser mode instead.\n`)
  runForwarding(process.execPath, [join(root, 'out/main/host.js'), '--browser', ...args])
}

// Run only as a script, so that tests can import its functions.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) main()
