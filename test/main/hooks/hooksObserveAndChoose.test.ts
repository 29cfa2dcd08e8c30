/** Observing hooks run alongside the step they watch; session-start and user-message hooks choose the turn's extensions. */
import { describe, expect, it } from 'vitest'
import type { ToolResultMessage, UserMessage } from '../../../src/main/agent/session/storedMessage'
import { toolNamesSent, until } from '../agent/agentTestKit'
import { hook, hookWorld } from './hookWorld'

const echoTurn = (text: string) => [{ type: 'tool-calls' as const, calls: [{ name: 'fx__echo', args: { text } }] }, { type: 'text' as const, chunks: ['Done.'] }]
const noticeTexts = (messages: readonly { kind: string }[]) => messages.flatMap((m) => (m.kind === 'notice' ? [(m as unknown as { text: string }).text] : []))

describe('observing hooks', () => {
  it('the step does not wait for an observer: the call runs and the model answers while the observer is still busy', async () => {
    const world = await hookWorld([hook('Busy watcher', 'tool-call', '!mutate:hk__hold', { timeoutMs: 60_000 })], { turns: echoTurn('go on') })
    const turn = world.turn('Echo')
    // The second model request carries the echo result: the call ran although the observer has not answered.
    await until(() => world.server.modelRequests.length === 2, 'the tool call to run while its observer is busy')
    expect(await world.call('release')).toBe('released')
    const result = await turn
    expect(result.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')).toMatchObject({ status: 'ok', content: [{ text: 'go on' }] })
  })

  it('an observer can never refuse; its failures and refusals are warnings in the turn, recorded before it ends', async () => {
    const world = await hookWorld(
      [hook('Nay-sayer', 'tool-call', '!mutate:hk__deny'), hook('Dawdler', 'tool-call', '!mutate:hk__slow', { timeoutMs: 200 }), hook('Gate watcher', 'user-message', '!mutate:hk__deny')],
      { turns: echoTurn('still runs') },
    )
    const result = await world.turn('Echo')
    expect(result.status).toBe('done')
    expect(result.committed[0]).toMatchObject({ kind: 'user', text: 'Echo' })
    expect((result.committed[0] as UserMessage).refusedBy).toBeUndefined()
    expect(result.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'ok', content: [{ text: 'still runs' }] })
    const notices = noticeTexts(result.committed)
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Observing hook "Nay-sayer" answered "deny" at tool-call (not on my watch); a hook that only observes cannot refuse'),
        expect.stringMatching(/^Observing hook "Dawdler" failed at tool-call: it did not answer within/),
        expect.stringContaining('Observing hook "Gate watcher" answered "deny" at user-message'),
      ]),
    )
    // Recorded before the turn ended: the last committed message is not the reply but the observers' notices.
    expect(result.committed.at(-1)?.kind).toBe('notice')
  })
})

describe('hooks choosing the extensions of a turn', () => {
  it('a user-message hook narrows the tools offered to the extensions it chose, names the unknown one, and the trail records it', async () => {
    const world = await hookWorld([hook('Picker', 'user-message', 'hk__choose')], { turns: [{ type: 'text', chunks: ['Sure.'] }] })
    const result = await world.turn('hello')
    const offered = toolNamesSent(world.server.modelRequests[0]?.body)
    expect(offered.length).toBeGreaterThan(0)
    expect(offered.every((name) => name.startsWith('fx__'))).toBe(true)
    const user = result.committed[0] as UserMessage
    expect(user).toMatchObject({ text: 'hello', hookChanges: [{ hook: 'Picker', field: 'extensions', reason: 'fixtures only' }] })
    // Choosing tools does not change the message: the model is not told its message was changed.
    const sentUser = (world.server.modelRequests[0]?.body as { messages: { role: string; content: unknown }[] }).messages.find((m) => m.role === 'user')
    expect(sentUser?.content).toBe('hello')
    expect(noticeTexts(result.committed)).toEqual([expect.stringContaining('Hook "Picker" chose extensions that are not running here: ghost. This turn offers the tools of fx.')])
  })

  it('a session-start hook chooses for the first turn, with the search offer too (find_tools searches only the chosen ones)', async () => {
    const world = await hookWorld([hook('Starter', 'session-start', 'hk__choose')], {
      toolOffer: 'search',
      turns: [
        { type: 'tool-calls', calls: [{ name: 'find_tools', args: { query: 'redact e-mail addresses' } }] },
        { type: 'text', chunks: ['Found.'] },
        { type: 'text', chunks: ['Second.'] },
      ],
    })
    const first = await world.turn('find a hook tool')
    expect((first.committed[0] as UserMessage).hookChanges).toEqual([{ hook: 'Starter', field: 'extensions', reason: 'fixtures only' }])
    const found = first.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')
    expect(JSON.stringify(found?.content)).not.toContain('hk__')
    // A session starts once: the next turn offers every extension again.
    await world.turn('again', { toolOffer: 'all' })
    expect(toolNamesSent(world.server.modelRequests[2]?.body).some((name) => name.startsWith('hk__'))).toBe(true)
  })
})
