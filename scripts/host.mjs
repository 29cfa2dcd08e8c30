// `npm run host -- --data-dir DIR [--port N]`: the headless host; prints one JSON line {url, mcp, token}.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
buildIfStale(root)
const child = spawn(process.execPath, [join(root, 'out/main/host.js'), ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
