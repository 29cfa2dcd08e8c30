/** The pieces the host wires to chat_send / chat_cancel and the history and progress resources. */
import { describe, expect, it } from 'vitest'
import { historyPayload } from '../../../src/main/agent/session/historyPayload'
import { createTurnRegistry, TurnInProgressError } from '../../../src/main/agent/turn/turnRegistry'
import { agentWorld, until } from './agentTestKit'

describe('turn registry', () => {
  it('one turn per session: begin returns the id at once, cancel stops it, the final progress stays readable', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'stall', chunks: ['Thinking'] }] })
    const registry = createTurnRegistry()
    const changed: string[] = []
    registry.onProgress((sessionId) => changed.push(sessionId))
    expect(registry.progress(world.sessionId)).toEqual({ sessionId: world.sessionId, status: 'idle' })

    const { turnId, done } = registry.begin(world.sessionId, (turn) => world.turn('Hello', { turnId: turn.turnId, signal: turn.signal, onProgress: turn.onProgress }))
    expect(registry.isRunning(world.sessionId)).toBe(true)
    expect(() => registry.begin(world.sessionId, () => done)).toThrow(TurnInProgressError)
    await until(() => (registry.progress(world.sessionId) as { text?: string }).text === 'Thinking', 'the streamed text in the progress')
    expect(registry.progress(world.sessionId)).toMatchObject({ turnId, status: 'streaming' })

    expect(registry.cancel(world.sessionId)).toBe(true)
    expect(await done).toMatchObject({ turnId, status: 'cancelled' })
    expect(registry.isRunning(world.sessionId)).toBe(false)
    expect(registry.cancel(world.sessionId)).toBe(false)
    expect(registry.progress(world.sessionId)).toMatchObject({ turnId, status: 'cancelled', text: 'Thinking' })
    expect(changed.every((id) => id === world.sessionId) && changed.length >= 2).toBe(true)
    await registry.stop()
  })

  it('publishes a starting state before begin returns, replacing the last turn\'s end state', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks: ['one'] }, { type: 'stall' }] })
    const registry = createTurnRegistry()
    const changed: string[] = []
    registry.onProgress((sessionId) => changed.push(sessionId))
    const first = registry.begin(world.sessionId, (turn) => world.turn('Hi', { turnId: turn.turnId, signal: turn.signal, onProgress: turn.onProgress }))
    // Read synchronously: the turn itself has not run a line yet.
    expect(registry.progress(world.sessionId)).toMatchObject({ turnId: first.turnId, status: 'streaming', step: 1, text: '', toolCalls: [] })
    expect(changed).toEqual([world.sessionId])
    expect(await first.done).toMatchObject({ status: 'done' })
    expect(registry.progress(world.sessionId)).toMatchObject({ turnId: first.turnId, status: 'done' })

    const second = registry.begin(world.sessionId, (turn) => world.turn('Again', { turnId: turn.turnId, signal: turn.signal, onProgress: turn.onProgress }))
    expect(registry.progress(world.sessionId)).toMatchObject({ turnId: second.turnId, status: 'streaming', text: '' })
    await registry.stop()
  })

  it('stop cancels every running turn and waits for them', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'stall', chunks: ['a'] }] })
    const registry = createTurnRegistry()
    const { done } = registry.begin(world.sessionId, (turn) => world.turn('Hi', { signal: turn.signal, turnId: turn.turnId, onProgress: turn.onProgress }))
    await until(() => world.server.modelRequests.length === 1, 'the model request')
    await registry.stop()
    expect((await done).status).toBe('cancelled')
  })
})

describe('history payload', () => {
  it('folds each tool result into its call', async () => {
    const world = await agentWorld({
      turns: [
        {
          type: 'tool-calls',
          text: ['Two calls. '],
          calls: [
            { name: 'fx__echo', args: { text: 'one' } },
            { name: 'fx__echo', args: { text: 2 } },
          ],
        },
        { type: 'text', chunks: ['Done.'] },
      ],
    })
    await world.turn('Go')
    const history = historyPayload(world.sessionId, await world.store.load(world.sessionId))
    expect(history.problems).toEqual([])
    expect(history.messages.map((m) => m.kind)).toEqual(['user', 'assistant', 'assistant'])
    expect(history.messages[1]).toMatchObject({
      text: 'Two calls. ',
      toolCalls: [
        { name: 'fx__echo', arguments: { text: 'one' }, result: { status: 'ok', content: [{ type: 'text', text: 'one' }] } },
        { name: 'fx__echo', arguments: { text: 2 }, result: { status: 'error', errorKind: 'invalid-arguments' } },
      ],
    })
  })

  it('a turn runs without a progress listener or a signal; its result carries the final progress', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks: ['ok'] }] })
    const result = await world.turn('Hi', { onProgress: undefined, signal: undefined })
    expect(result.progress).toMatchObject({ status: 'done', text: 'ok' })
  })
})
