/**
 * Integration against the real MCP servers from npm: server-everything over stdio, streamable HTTP
 * and SSE (started on a loopback port), server-filesystem on a temp dir, server-memory.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExtensionConfig } from '../../../src/main/extensions/config/extensionConfig'
import type { ManagerEvent } from '../../../src/main/extensions/extensionManager'
import { toModelResult, type CallOutcome } from '../../../src/main/extensions/dispatch/toolDispatch'
import { freePort } from '../../helpers/freePort'
import { tempDir } from '../../helpers/tempDir'
import { config, everythingPath, expectNoChildren, filesystemPath, memoryPath, npmServer, stopAllManagers, testCore, testTimeouts, until, untilStatus } from './harness'

const servers: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  await stopAllManagers()
  await Promise.all(
    servers.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    }),
  )
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
  await expectNoChildren()
})

function text(outcome: CallOutcome): string {
  return toModelResult(outcome)
    .content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
}

/** Starts server-everything in an HTTP mode on a free port; resolves once it listens. */
async function startEverythingOverHttp(mode: 'streamableHttp' | 'sse'): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, [everythingPath, mode], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
  servers.push(child)
  child.stdout.resume()
  let stderr = ''
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (/listening on port|running on port/i.test(stderr)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited with ${code}: ${stderr}`)))
  })
  return mode === 'sse' ? `http://127.0.0.1:${port}/sse` : `http://127.0.0.1:${port}/mcp`
}

/**
 * [name, config, whether the list_changed that server-everything sends right after initialize can
 * reach us]. Over streamable HTTP it cannot: the server sends it before the client has opened its
 * standalone GET stream, so the server drops it (the tools it announces are in our first list anyway).
 */
const transports: [string, () => Promise<ExtensionConfig>, boolean][] = [
  ['stdio', async () => npmServer('everything', everythingPath, ['stdio']), true],
  ['streamable HTTP', async () => config({ id: 'everything', name: 'Everything', type: 'streamable-http', url: await startEverythingOverHttp('streamableHttp'), timeouts: testTimeouts }), false],
  ['SSE', async () => config({ id: 'everything', name: 'Everything', type: 'sse', url: await startEverythingOverHttp('sse'), timeouts: testTimeouts }), true],
]

describe.each(transports)('server-everything over %s', (_transport, makeConfig, listChangedArrives) => {
  it('connects, lists, calls, reports progress, cancels, and follows list_changed', async () => {
    const core = testCore([await makeConfig()])
    const events: ManagerEvent[] = []
    core.manager.onChange((event) => events.push(event))
    await untilStatus(core.manager, 'everything', 'ready')
    // get-roots-list is registered only after initialize, announced with tools/list_changed.
    await until(() => core.cache.lookup('everything__get-roots-list') !== undefined, 'the conditional tools')
    if (listChangedArrives) expect(events.some((event) => event.type === 'list-changed' && event.kind === 'tools')).toBe(true)
    expect(core.cache.lookup('everything__echo')).toBeDefined()

    expect(text(await core.dispatcher.call({ name: 'everything__echo', arguments: { message: 'hi' } }))).toBe('Echo: hi')

    const progress: number[] = []
    const long = await core.dispatcher.call(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 0.6, steps: 3 } },
      { onProgress: (update) => progress.push(update.progress) },
    )
    expect(long.status).toBe('ok')
    expect(progress.length).toBeGreaterThanOrEqual(2)

    const controller = new AbortController()
    const cancelled = core.dispatcher.call(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 10, steps: 20 } },
      { signal: controller.signal, onProgress: () => controller.abort() },
    )
    const outcome = await cancelled
    expect(outcome.status).toBe('cancelled')
    // The session is still usable after the cancellation.
    expect(text(await core.dispatcher.call({ name: 'everything__get-sum', arguments: { a: 2, b: 3 } }))).toMatch(/5/)
  })
})

describe('server-filesystem and server-memory', () => {
  it('server-filesystem works inside its temp dir and refuses paths outside it', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    await writeFile(join(dir.path, 'hello.txt'), 'hello from disk')
    const core = testCore([npmServer('files', filesystemPath, [dir.path])])
    await untilStatus(core.manager, 'files', 'ready')
    await until(() => core.cache.lookup('files__read_text_file') !== undefined, 'filesystem tools')
    expect(text(await core.dispatcher.call({ name: 'files__read_text_file', arguments: { path: join(dir.path, 'hello.txt') } }))).toBe('hello from disk')
    await core.dispatcher.call({ name: 'files__write_file', arguments: { path: join(dir.path, 'new.txt'), content: 'written' } })
    expect(await readFile(join(dir.path, 'new.txt'), 'utf8')).toBe('written')
    const outside = await core.dispatcher.call({ name: 'files__read_text_file', arguments: { path: '/etc/hostname' } })
    expect(outcomeIsError(outside)).toBe(true)
    expect(core.cache.lookup('files__write_file')?.annotations.readOnlyHint).toBe(false)
  })

  it('server-memory stores and reads a graph in its file', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    const file = join(dir.path, 'memory.jsonl')
    const core = testCore([npmServer('memory', memoryPath, [], { MEMORY_FILE_PATH: file })])
    await untilStatus(core.manager, 'memory', 'ready')
    await until(() => core.cache.lookup('memory__create_entities') !== undefined, 'memory tools')
    const created = await core.dispatcher.call({
      name: 'memory__create_entities',
      arguments: { entities: [{ name: 'Switchboard', entityType: 'app', observations: ['speaks MCP'] }] },
    })
    expect(created.status).toBe('ok')
    expect(text(await core.dispatcher.call({ name: 'memory__read_graph' }))).toMatch(/speaks MCP/)
    expect(await readFile(file, 'utf8')).toMatch(/Switchboard/)
  })
})

function outcomeIsError(outcome: CallOutcome): boolean {
  return outcome.status !== 'ok' || outcome.result.isError === true
}
