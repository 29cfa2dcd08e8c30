/**
 * Entry of the Node host (out/main/host.js). Turns on Node's on-disk compile cache before anything
 * else loads, so a start after the first reuses the compiled code of the host and its dependencies
 * instead of parsing and compiling them again (module.enableCompileCache, Node ≥ 22.1; the cache
 * lives in the OS temp folder, node-compile-cache, and is checked against each file's contents).
 * Everything else is in runHost.ts, imported after it.
 */
import { enableCompileCache } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

enableCompileCache()
const { runHost } = await import('./runHost')
runHost(join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer'))
