/**
 * Shared setup for extension tests: configs for the fixture server and the real npm servers, a
 * manager with an in-memory store and secret map, and the check that no child is left running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { createBuiltinRegistry } from '../../../src/main/builtins'
import type { ExtensionConfig, ExtensionConfigInput } from '../../../src/main/extensions/config/extensionConfig'
import { ExtensionConfigSchema } from '../../../src/main/extensions/config/extensionConfig'
import { ExtensionManager, type ExtensionManagerOptions } from '../../../src/main/extensions/extensionManager'
import { createExtensionsCore, type ExtensionsCore } from '../../../src/main/extensions'
import type { ExtensionStatus } from '../../../src/shared/hostApi'

export const fixtureServerPath = fileURLToPath(new URL('../../fixtures/servers/fixtureServer.mjs', import.meta.url))
const modules = fileURLToPath(new URL('../../../node_modules/@modelcontextprotocol/', import.meta.url))
export const everythingPath = `${modules}server-everything/dist/index.js`
export const filesystemPath = `${modules}server-filesystem/dist/index.js`
export const memoryPath = `${modules}server-memory/dist/index.js`

/** Short timeouts: tests must not wait for the production defaults. */
export const testTimeouts = { initMs: 5000, callMs: 5000, hardCapMs: 20_000 }

export function config(input: ExtensionConfigInput): ExtensionConfig {
  return ExtensionConfigSchema.parse(input)
}

/** A stdio config running the fixture server in `mode` with extra flags. */
export function fixture(id: string, mode = 'normal', flags: string[] = [], extra: Partial<ExtensionConfigInput> = {}): ExtensionConfig {
  return config({
    id,
    name: `Fixture ${id}`,
    type: 'stdio',
    command: process.execPath,
    args: [fixtureServerPath, `--mode=${mode}`, ...flags],
    timeouts: testTimeouts,
    ...extra,
  } as ExtensionConfigInput)
}

/** A stdio config running a real npm server with node. */
export function npmServer(id: string, script: string, args: string[] = [], env: Record<string, string> = {}): ExtensionConfig {
  return config({ id, name: id, type: 'stdio', command: process.execPath, args: [script, ...args], env, timeouts: testTimeouts })
}

export interface TestManager {
  manager: ExtensionManager
  saved: ExtensionConfig[][]
  secrets: Map<string, string>
}

const running: ExtensionManager[] = []

function managerOptions(configs: ExtensionConfig[], overrides: Partial<ExtensionManagerOptions>) {
  const saved: ExtensionConfig[][] = []
  const secrets = new Map<string, string>()
  const options: ExtensionManagerOptions = {
    configs,
    store: { save: (next) => void saved.push(next) },
    resolveSecrets: async (values) =>
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          value.replace(/\$\{secret:([^}]*)\}/g, (_m, name: string) => {
            const secret = secrets.get(name)
            if (secret === undefined) throw new Error(`The secret "${name}" is not set; add it under Settings → Secrets.`)
            return secret
          }),
        ]),
      ),
    builtins: createBuiltinRegistry({ appVersion: '0.1.0-test' }),
    clientInfo: { name: 'switchboard-test', version: '0.0.0' },
    restartPolicy: { baseDelayMs: 100, maxDelayMs: 400, maxCrashes: 4, windowMs: 30_000, stableAfterMs: 10_000 },
    stopGraceMs: { afterStdinClose: 300, afterTerm: 300 },
    ...overrides,
  }
  return { saved, secrets, options }
}

/** A manager with test defaults; `stopAllManagers` ends it after the test. */
export function testManager(configs: ExtensionConfig[], overrides: Partial<ExtensionManagerOptions> = {}): TestManager {
  const { saved, secrets, options } = managerOptions(configs, overrides)
  const manager = new ExtensionManager(options)
  running.push(manager)
  return { manager, saved, secrets }
}

export async function stopAllManagers(): Promise<void> {
  await Promise.all([...running.splice(0).map((manager) => manager.stop()), ...cores.splice(0).map((core) => core.stop())])
}

/** Pids of this process's children (`pgrep -P`; works on Linux and macOS). */
export function childPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return [] // pgrep exits 1 when nothing matches.
  }
}

/** Waits (polling) until `check` holds; fails naming `what`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export async function untilStatus(manager: ExtensionManager, id: string, status: ExtensionStatus, timeoutMs = 10_000): Promise<void> {
  await until(() => manager.get(id)?.status === status, `${id} to be ${status} (is ${manager.get(id)?.status}: ${manager.get(id)?.error ?? ''})`, timeoutMs)
}

/** Waits for the children to go, then asserts none is left. */
export async function expectNoChildren(): Promise<void> {
  await until(() => childPids().length === 0, `no child processes (left: ${childPids().join(', ')})`, 8000)
}

const cores: ExtensionsCore[] = []

/** Manager + cache + dispatcher with test defaults, started; `stopAllManagers` also stops these. */
export function testCore(configs: ExtensionConfig[], overrides: Partial<Parameters<typeof createExtensionsCore>[0]> = {}): ExtensionsCore & { secrets: Map<string, string> } {
  const { secrets, options } = managerOptions(configs, overrides)
  const core = createExtensionsCore({ cache: { coalesceMs: 30 }, ...options })
  cores.push(core)
  core.start()
  return Object.assign(core, { secrets })
}

const httpFixturePath = fileURLToPath(new URL('../../fixtures/servers/httpFixtureServer.mjs', import.meta.url))
const httpFixtures: ChildProcess[] = []

export interface HttpFixture {
  url: string
  /** Every request the fixture saw, with its Authorization header. */
  requests: { method: string; authorization?: string }[]
  control: (query: string) => Promise<void>
  child: ChildProcess
}

/** Starts test/fixtures/servers/httpFixtureServer.mjs on a loopback port; `stopHttpFixtures` ends it. */
export async function startHttpFixture(): Promise<HttpFixture> {
  const child = spawn(process.execPath, [httpFixturePath], { stdio: ['ignore', 'pipe', 'inherit'] })
  httpFixtures.push(child)
  const requests: HttpFixture['requests'] = []
  let port = 0
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const parsed = JSON.parse(line) as { port?: number; method?: string; authorization?: string }
    if (parsed.port) port = parsed.port
    else requests.push(parsed as HttpFixture['requests'][number])
  })
  await until(() => port > 0, 'the HTTP fixture to listen')
  const base = `http://127.0.0.1:${port}`
  return { url: `${base}/mcp`, requests, child, control: async (query) => void (await fetch(`${base}/control?${query}`)) }
}

export async function stopHttpFixtures(): Promise<void> {
  await Promise.all(
    httpFixtures.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    }),
  )
}
