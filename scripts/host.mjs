// `npm run host -- --data-dir DIR [--port N]`: the headless host; prints one JSON line {url, mcp, token}.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { runForwarding } from './runChild.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
buildIfStale(root)
runForwarding(process.execPath, [join(root, 'out/main/host.js'), ...process.argv.slice(2)])
