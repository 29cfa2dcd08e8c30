/**
 * Fault fixtures (docs/architecture.md §9) against the manager, cache and dispatcher. Every test also checks
 * that a well-behaved sibling extension keeps working, and that no child is left running.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { setLogSink } from '../../../src/main/log/log'
import { toModelResult, type CallOutcome } from '../../../src/main/extensions/dispatch/toolDispatch'
import { config, expectNoChildren, fixture, stopAllManagers, testCore, testTimeouts, until, untilStatus } from './harness'

afterEach(async () => {
  await stopAllManagers()
  await expectNoChildren()
})

function text(outcome: CallOutcome): string {
  return toModelResult(outcome)
    .content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
}

type Core = ReturnType<typeof testCore>

async function expectSiblingWorks(core: Core): Promise<void> {
  await untilStatus(core.manager, 'sibling', 'ready')
  await until(() => core.cache.lookup('sibling__echo') !== undefined, 'sibling tools')
  expect(text(await core.dispatcher.call({ name: 'sibling__echo', arguments: { text: 'fine' } }))).toBe('fine')
}

const logText = (core: Core, id: string) => core.manager.log(id).map((entry) => entry.text).join('\n')
const sibling = () => fixture('sibling')
const noRestarts = { restartPolicy: { maxCrashes: 1 } }

describe('faults at start', () => {
  it('F1: a server that never answers initialize errors after the init timeout, is killed, and gets no cancellation', async () => {
    const core = testCore([fixture('mute', 'never-init', [], { timeouts: { ...testTimeouts, initMs: 500 } }), sibling()], noRestarts)
    await untilStatus(core.manager, 'mute', 'error')
    const error = core.manager.get('mute')?.error ?? ''
    expect(error).toMatch(/did not answer "initialize" within 500 ms/)
    expect(error).toMatch(/waiting forever/) // the stderr tail
    expect(logText(core, 'mute')).not.toMatch(/^cancelled/m)
    await expectSiblingWorks(core)
  })

  it('F2: a server that exits 1 at start shows the exit code and its last stderr lines', async () => {
    const core = testCore([fixture('dies', 'exit-at-start'), sibling()], noRestarts)
    await untilStatus(core.manager, 'dies', 'error')
    expect(core.manager.get('dies')?.error).toMatch(/exited with code 1 .*fatal: the fixture was told to fail at start/)
    await expectSiblingWorks(core)
  })

  it('F2: a missing command is a config error and is not restarted', async () => {
    const core = testCore([config({ id: 'missing', name: 'Missing', type: 'stdio', command: 'switchboard-no-such-command-4711', timeouts: testTimeouts }), sibling()])
    await untilStatus(core.manager, 'missing', 'needs-config')
    expect(core.manager.get('missing')?.error).toMatch(/"switchboard-no-such-command-4711" was not found\. Install it, or set "command" to its full path/)
    await new Promise((resolve) => setTimeout(resolve, 500)) // several backoff periods of the test policy
    expect(core.manager.log('missing').filter((entry) => entry.text === 'starting')).toHaveLength(1)
    expect(core.manager.get('missing')?.restartAt).toBeUndefined()
    await expectSiblingWorks(core)
  })

  it('F4: a crash loop restarts with backoff and then stops for the person; Restart starts over', async () => {
    const core = testCore([fixture('loop', 'crash-after-init', ['--crash-after-ms=30']), sibling()], {
      restartPolicy: { baseDelayMs: 50, maxDelayMs: 200, maxCrashes: 3, windowMs: 30_000, stableAfterMs: 10_000 },
    })
    await until(() => /crashed 3 times/.test(core.manager.get('loop')?.error ?? ''), 'the breaker to stop the loop')
    expect(core.manager.get('loop')).toMatchObject({ status: 'error', restartAt: undefined })
    const delays = core.manager.log('loop').flatMap((entry) => /restarting in (\d+) ms/.exec(entry.text)?.[1] ?? []).map(Number)
    expect(delays).toEqual([50, 100])
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(core.manager.log('loop').filter((entry) => entry.text === 'starting')).toHaveLength(3)
    await core.manager.restart('loop')
    await until(() => core.manager.log('loop').filter((entry) => entry.text === 'starting').length === 4, 'a manual restart')
    await expectSiblingWorks(core)
  })
})

describe('faults while running', () => {
  it('F7: non-JSON lines on stdout are dropped and counted; the extension keeps working', async () => {
    const core = testCore([fixture('noisy', 'noisy'), sibling()])
    await untilStatus(core.manager, 'noisy', 'ready')
    await core.cache.idle()
    for (let i = 0; i < 5; i++) expect(text(await core.dispatcher.call({ name: 'noisy__echo', arguments: { text: `x${i}` } }))).toBe(`x${i}`)
    expect(logText(core, 'noisy')).toMatch(/dropped a line that is not JSON from stdout \(\d+ so far\): this is not JSON/)
    await expectSiblingWorks(core)
  })

  it('F8: valid JSON that is not valid JSON-RPC is dropped and logged; nothing throws', async () => {
    const core = testCore([fixture('odd', 'invalid-rpc'), sibling()])
    await untilStatus(core.manager, 'odd', 'ready')
    await core.cache.idle()
    expect(text(await core.dispatcher.call({ name: 'odd__echo', arguments: { text: 'works' } }))).toBe('works')
    const lines = logText(core, 'odd')
    expect(lines).toMatch(/JSON that is not a JSON-RPC message/)
    expect(lines).toMatch(/unknown message ID/i)
    expect(core.manager.get('odd')?.status).toBe('ready')
    await expectSiblingWorks(core)
  })

  it('F9: a line over the size cap closes the transport with "message too large"; memory stays bounded', async () => {
    const core = testCore([fixture('big', 'normal'), sibling()], { maxMessageBytes: 1024 * 1024, ...noRestarts })
    await untilStatus(core.manager, 'big', 'ready')
    await core.cache.idle()
    const rssBefore = process.memoryUsage().rss
    const outcome = await core.dispatcher.call({ name: 'big__long_line', arguments: { bytes: 64 * 1024 * 1024 } })
    expect(outcome.status).toBe('failed')
    await untilStatus(core.manager, 'big', 'error')
    expect(core.manager.get('big')?.error).toMatch(/message too large/)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024)
    await expectSiblingWorks(core)
  })

  it('F11: a stderr flood goes into the bounded ring and never blocks the server', async () => {
    const core = testCore([fixture('loud', 'stderr-flood'), sibling()], { logRing: { maxEntries: 200 } })
    await untilStatus(core.manager, 'loud', 'ready')
    await core.cache.idle()
    for (let i = 0; i < 3; i++) expect(text(await core.dispatcher.call({ name: 'loud__echo', arguments: { text: 'heard' } }))).toBe('heard')
    // The flood goes on as fast as the pipe takes it: far more lines go through than are kept.
    await until(() => (core.manager.log('loud').at(-1)?.seq ?? 0) > 1000, 'more than 1,000 lines of the flood')
    const entries = core.manager.log('loud')
    expect(entries.length).toBeLessThanOrEqual(200)
    await expectSiblingWorks(core)
  })

  // How much the flood delays the event loop is measured by bench/extensions.ts (a ratio against a quiet
  // call); here, what bounds the work: the rate limits, the coalescing, and the reader's per-turn budget
  // (units.test.ts, bounded line reader).
  it('F12: a notification flood is rate limited and list_changed coalesced', async () => {
    const core = testCore([fixture('flood'), sibling()])
    await untilStatus(core.manager, 'flood', 'ready')
    await core.cache.idle()
    const statsBefore = await core.dispatcher.call({ name: 'flood__stats' })
    const listsBefore = (statsBefore.status === 'ok' && (statsBefore.result.structuredContent as { toolsList: number }).toolsList) || 0
    let progressCalls = 0
    const outcome = await core.dispatcher.call({ name: 'flood__flood', arguments: { count: 20_000 } }, { onProgress: () => progressCalls++ })
    await core.cache.idle()
    expect(text(outcome)).toBe('flooded')
    expect(progressCalls).toBeLessThan(200)
    await until(() => /dropped \d+ log notifications/.test(logText(core, 'flood')), 'the summary of dropped log notifications')
    expect(core.manager.log('flood').filter((entry) => entry.text.startsWith('flood ')).length).toBeLessThan(400)
    const statsAfter = await core.dispatcher.call({ name: 'flood__stats' })
    const listsAfter = (statsAfter.status === 'ok' && (statsAfter.result.structuredContent as { toolsList: number }).toolsList) || 0
    expect(listsAfter - listsBefore).toBeLessThanOrEqual(5) // 2,000 list_changed notifications
    await expectSiblingWorks(core)
  })

  it('F14: a request we did not declare gets a JSON-RPC error, not a hang; roots are answered', async () => {
    const core = testCore([fixture('asks'), sibling()])
    await untilStatus(core.manager, 'asks', 'ready')
    await core.cache.idle()
    const sampling = await core.dispatcher.call({ name: 'asks__ask_client', arguments: { method: 'sampling/createMessage' } })
    expect(JSON.parse(text(sampling))).toMatchObject({ error: { code: -32601 } })
    const roots = await core.dispatcher.call({ name: 'asks__ask_client', arguments: { method: 'roots/list' } })
    expect(JSON.parse(text(roots))).toEqual({ result: { roots: [] } })
    await expectSiblingWorks(core)
  })
})

describe('faults in lists', () => {
  it('F16: endless pagination is cut at the page limit; a repeated cursor stops the loop', async () => {
    const core = testCore([fixture('endless', 'endless-pages'), fixture('repeat', 'repeat-cursor'), sibling()], { cache: { coalesceMs: 30, fetch: { maxPages: 5 } } })
    await untilStatus(core.manager, 'endless', 'ready')
    await untilStatus(core.manager, 'repeat', 'ready')
    await until(() => core.cache.counts('endless').tools === 5 && core.cache.counts('repeat').tools === 2, 'bounded lists')
    expect(logText(core, 'endless')).toMatch(/more than 5 pages of tools/)
    expect(logText(core, 'repeat')).toMatch(/repeated a tools page cursor; stopped after page 2/)
    await expectSiblingWorks(core)
  })

  it('F17: garbage tool definitions are dropped with a warning naming the extension', async () => {
    const lines: string[] = []
    const restore = setLogSink((line) => lines.push(line), 'warn')
    try {
      const core = testCore([fixture('junk', 'garbage-tools'), sibling()])
      await untilStatus(core.manager, 'junk', 'ready')
      await until(() => core.cache.counts('junk').tools > 0, 'the valid tools of junk')
      await core.cache.idle()
      const names = core.cache.catalog().tools.filter((tool) => tool.extensionId === 'junk').map((tool) => tool.name)
      expect(names).toHaveLength(2)
      expect(names[0]).toBe('junk__echo')
      expect(names[1]).toMatch(/^junk__weird_name_[0-9a-f]{8}$/)
      const warnings = lines.filter((line) => line.includes('[extensions] junk:'))
      expect(warnings.some((line) => /empty name/.test(line))).toBe(true)
      expect(warnings.some((line) => /10000 characters long/.test(line))).toBe(true)
      expect(warnings.some((line) => /"no_schema"/.test(line))).toBe(true)
      expect(warnings.some((line) => /"bad_schema"/.test(line))).toBe(true)
      expect(warnings.some((line) => /"bad_properties"/.test(line))).toBe(true)
      expect(warnings.some((line) => /duplicate/.test(line))).toBe(true)
      expect(warnings.length).toBeGreaterThanOrEqual(8)
      await expectSiblingWorks(core)
    } finally {
      restore()
    }
  })
})
