// Builds the app with electron-vite when out/ is missing or older than any source file.
// Build output goes to stderr so that stdout stays machine-readable for `npm run host`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

const outputs = ['out/main/host.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const inputs = ['src', 'package.json', 'electron.vite.config.ts']

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Runs `work` while holding a lock directory, so two test runs in one checkout never build at once. */
function withBuildLock(root, work) {
  const lock = join(root, 'node_modules', '.switchboard-build-lock')
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // A lock older than ten minutes was left by a build that died.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true })
      else sleep(500)
    }
  }
  try {
    work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

export function buildIfStale(root) {
  withBuildLock(root, () => buildWhenStale(root))
}

function buildWhenStale(root) {
  const built = outputs.map((file) => join(root, file))
  const fresh =
    built.every((file) => existsSync(file)) &&
    Math.min(...built.map((file) => statSync(file).mtimeMs)) >= Math.max(...inputs.map((input) => newestMtime(join(root, input))))
  if (fresh) return
  process.stderr.write('Building Switchboard (electron-vite build)…\n')
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  })
  if (result.status !== 0) {
    process.stderr.write('The build failed; see the messages above.\n')
    process.exit(result.status ?? 1)
  }
}

// Run directly (`node scripts/build-if-stale.mjs`), it builds when needed and exits.
if (import.meta.url === `file://${process.argv[1]}`) buildIfStale(join(import.meta.dirname, '..'))
