// Builds the app with electron-vite when out/ is missing or older than any source file.
// Build output goes to stderr so that stdout stays machine-readable for `npm run host`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const outputs = ['out/main/host.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const inputs = ['src', 'package.json', 'electron.vite.config.ts']

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

export function buildIfStale(root) {
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
