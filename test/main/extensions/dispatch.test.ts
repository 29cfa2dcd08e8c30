/** Integration: tool dispatch — timeouts (F5), cancellation (F6), crashes (F3), size caps (F10), groups (F13). */
import { afterEach, describe, expect, it } from 'vitest'
import { toModelResult, type CallOutcome } from '../../../src/main/extensions/dispatch/toolDispatch'
import { config, expectNoChildren, fixture, stopAllManagers, testCore, testTimeouts, until, untilStatus } from './harness'

afterEach(async () => {
  await stopAllManagers()
  await expectNoChildren()
})

async function readyCore(...configs: Parameters<typeof testCore>[0]) {
  const core = testCore(configs)
  for (const extension of configs) await untilStatus(core.manager, extension.id, 'ready')
  await core.cache.idle()
  return core
}

function text(outcome: CallOutcome): string {
  const result = toModelResult(outcome)
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')
}

async function cancelledIds(core: Awaited<ReturnType<typeof readyCore>>, id: string): Promise<unknown[]> {
  const outcome = await core.dispatcher.call({ name: `${id}__stats` })
  if (outcome.status !== 'ok') throw new Error(text(outcome))
  return (outcome.result.structuredContent as { cancelled: unknown[] }).cancelled
}

describe('tool dispatch', () => {
  it('calls a namespaced tool and tags the outcome with extension and tool', async () => {
    const core = await readyCore(fixture('fx'))
    const outcome = await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'hello' } })
    expect(outcome).toMatchObject({ status: 'ok', name: 'fx__echo', extensionId: 'fx', tool: 'echo', truncated: false })
    expect(text(outcome)).toBe('hello')
  })

  it("keeps the caller tokens of _meta from outside servers: only Switchboard's own servers are told who asks", async () => {
    const core = await readyCore(fixture('fx', 'normal', ['--log-meta']))
    const outcome = await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'hi' }, _meta: { 'io.switchboard/caller-turn': 'turn-token', 'io.switchboard/caller': 'call-token' } })
    expect(text(outcome)).toBe('hi')
    await until(() => core.manager.log('fx').some((entry) => entry.text.startsWith('tools/call _meta')), 'the server to log the call')
    const logged = core.manager.log('fx').filter((entry) => entry.text.startsWith('tools/call _meta')).map((entry) => entry.text)
    expect(logged).toEqual(['tools/call _meta '])
    expect(JSON.stringify(core.manager.log('fx'))).not.toMatch(/turn-token|call-token|io\.switchboard/)
  })

  it('reports an unknown tool and a stopped extension as failures the model can read', async () => {
    const core = await readyCore(fixture('fx'))
    expect(text(await core.dispatcher.call({ name: 'nope__echo' }))).toMatch(/Unknown tool "nope__echo"/)
    const lookup = core.cache.lookup('fx__echo')!
    await core.manager.setEnabled('fx', false)
    const outcome = await new (core.dispatcher.constructor as typeof import('../../../src/main/extensions/dispatch/toolDispatch').ToolDispatcher)({
      lookup: () => lookup,
      connection: (id) => core.manager.connection(id),
      config: (id) => core.manager.config(id),
      get: (id) => core.manager.get(id),
    }).call({ name: 'fx__echo' })
    expect(outcome.status).toBe('failed')
    expect(text(outcome)).toMatch(/not running \(disabled\)/)
  })

  it('times out a hanging call, sends notifications/cancelled, and the sibling keeps working (F5)', async () => {
    const core = await readyCore(fixture('fx', 'normal', [], { timeouts: { ...testTimeouts, callMs: 300 } }), fixture('sibling'))
    const outcome = await core.dispatcher.call({ name: 'fx__hang' })
    expect(outcome.status).toBe('timed-out')
    expect(text(outcome)).toMatch(/timed out/)
    await until(() => core.manager.log('fx').some((entry) => /^cancelled \d+/.test(entry.text)), 'the server to log the cancellation')
    expect((await cancelledIds(core, 'fx')).length).toBe(1)
    expect(text(await core.dispatcher.call({ name: 'sibling__echo', arguments: { text: 'still here' } }))).toBe('still here')
  })

  it('lets progress extend a call past its timeout, up to the hard cap, which also cancels (F5)', async () => {
    // callMs is 10× the progress interval, so a busy machine that delays a few notifications does not end the call.
    const core = await readyCore(fixture('fx', 'normal', [], { timeouts: { initMs: 5000, callMs: 1000, hardCapMs: 4000 } }))
    const progress: number[] = []
    // 2 s of work with progress every 100 ms: longer than callMs, shorter than the hard cap.
    const extended = await core.dispatcher.call(
      { name: 'fx__sleep', arguments: { ms: 2000, progressEveryMs: 100 } },
      { onProgress: (update) => progress.push(update.progress) },
    )
    expect(extended.status).toBe('ok')
    expect(progress.length).toBeGreaterThan(2)
    // The SDK handles notifications a microtask late, so the very last one can lose to the result.
    expect(progress.at(-1)).toBeGreaterThanOrEqual(1800)
    // Endless work with progress: only the hard cap ends it, and the server hears about it.
    const capped = await core.dispatcher.call({ name: 'fx__sleep', arguments: { ms: 600_000, progressEveryMs: 100 } }, { onProgress: () => {} })
    expect(capped.status).toBe('timed-out')
    expect(text(capped)).toMatch(/hard cap/)
    await until(() => core.manager.log('fx').some((entry) => /^cancelled \d+/.test(entry.text)), 'the cancellation at the server')
  })

  it('keeps a cancel by the person apart from a timeout and ignores the late result (F6)', async () => {
    const core = await readyCore(fixture('fx'))
    const controller = new AbortController()
    const pending = core.dispatcher.call({ name: 'fx__late', arguments: { ms: 300 } }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const outcome = await pending
    expect(outcome.status).toBe('cancelled')
    expect(text(outcome)).toMatch(/cancelled/)
    expect(text(outcome)).not.toMatch(/timed out/)
    // The late answer arrives and is dropped (logged as a response for an unknown id), not delivered.
    await until(() => core.manager.log('fx').some((entry) => /unknown message ID/i.test(entry.text)), 'the late response to be dropped')
    expect((await cancelledIds(core, 'fx')).length).toBe(1)
    expect(text(await core.dispatcher.call({ name: 'fx__echo', arguments: { text: 'after' } }))).toBe('after')
  })

  it('fails pending calls with "extension crashed" when it crashes, not at their timeout, and the sibling is unaffected (F3)', async () => {
    const core = await readyCore(fixture('fx'), fixture('sibling'))
    // fx__hang never answers: only the crash can end it before its timeout (which would say "timed out").
    const hanging = core.dispatcher.call({ name: 'fx__hang' })
    const crashing = await core.dispatcher.call({ name: 'fx__crash' })
    const stranded = await hanging
    for (const outcome of [crashing, stranded]) {
      expect(outcome.status).toBe('failed')
      expect(text(outcome)).toMatch(/extension crashed/)
    }
    expect(text(await core.dispatcher.call({ name: 'sibling__echo', arguments: { text: 'ok' } }))).toBe('ok')
    await untilStatus(core.manager, 'fx', 'ready') // restarted by the policy
  })

  it('truncates a huge result for the model with a marker and keeps the full one (F10)', async () => {
    const core = await readyCore(fixture('fx'))
    const outcome = await core.dispatcher.call({ name: 'fx__huge', arguments: { bytes: 3_000_000 } })
    expect(outcome.status).toBe('ok')
    if (outcome.status !== 'ok') return
    expect(outcome.truncated).toBe(true)
    const shown = text(outcome)
    expect(shown.length).toBeLessThan(101_000)
    expect(shown).toMatch(/\[truncated: the full result is 2\.9 MiB/)
    expect((outcome.fullResult?.content[0] as { text: string }).text).toHaveLength(3_000_000)
  })

  it('runs 100 concurrent calls across extensions, each result matching its call (F13)', async () => {
    const core = await readyCore(fixture('a'), fixture('b'), config({ id: 'system', name: 'System', type: 'builtin', builtin: 'system' }))
    const requests = Array.from({ length: 100 }, (_, i) => ({ name: `${i % 2 ? 'a' : 'b'}__echo`, arguments: { text: `call ${i}` } }))
    const outcomes = await core.dispatcher.all(requests)
    outcomes.forEach((outcome, i) => {
      expect(outcome.extensionId).toBe(i % 2 ? 'a' : 'b')
      expect(text(outcome)).toBe(`call ${i}`)
    })
  })

  it('any: the first success wins and the rest are cancelled; race: the first outcome wins', async () => {
    const core = await readyCore(fixture('a'), fixture('b'))
    const any = await core.dispatcher.any([
      { name: 'a__hang' },
      { name: 'b__sleep', arguments: { ms: 100 } },
      { name: 'missing__tool' },
    ])
    expect(any.winner).toMatchObject({ extensionId: 'b', tool: 'sleep', status: 'ok' })
    expect(any.outcomes.map((outcome) => outcome.status)).toEqual(['cancelled', 'ok', 'failed'])
    await until(() => core.manager.log('a').some((entry) => /^cancelled \d+/.test(entry.text)), 'the loser to be cancelled at its server')

    const race = await core.dispatcher.race([{ name: 'a__sleep', arguments: { ms: 2000 } }, { name: 'b__crash' }])
    expect(race.first).toMatchObject({ extensionId: 'b', status: 'failed' })
    expect(race.outcomes[0]?.status).toBe('cancelled')
  })

  it('validates structured content against the outputSchema (system builtin)', async () => {
    const core = await readyCore(config({ id: 'system', name: 'System', type: 'builtin', builtin: 'system' }))
    const outcome = await core.dispatcher.call({ name: 'system__get_current_time', arguments: { timeZone: 'Asia/Tokyo' } })
    expect(outcome.status).toBe('ok')
    if (outcome.status !== 'ok') return
    expect(outcome.result.structuredContent).toMatchObject({ timeZone: 'Asia/Tokyo', utcOffset: '+09:00' })
  })
})
