// `npm run host -- --data-dir DIR [--port N]`: the headless host; prints one JSON line {url, mcp, token}.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { requireNodeVersion } from './nodeVersion.mjs'
import { runForwarding } from './runChild.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// First: on an older Node the app would crash while loading, with a message that names neither the cause nor the fix.
requireNodeVersion(root)
buildIfStale(root)
runForwarding(process.execPath, [join(root, 'out/main/host.js'), ...process.argv.slice(2)])
