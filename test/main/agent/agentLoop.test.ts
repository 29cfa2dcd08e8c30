/** The agent loop against the scripted model server and the fixture MCP server, over real HTTP and stdio. */
import { describe, expect, it } from 'vitest'
import type { ToolResultMessage } from '../../../src/main/agent/session/storedMessage'
import { fixture } from '../extensions/harness'
import { agentWorld, toolNamesSent, toolResultsSent, until } from './agentTestKit'

describe('agent loop: replies and tools', () => {
  it('plain reply: streams, commits the user message and the reply, titles the session', async () => {
    const world = await agentWorld({ turns: [{ type: 'text', chunks: ['Hel', 'lo ', 'there'] }], extensions: [] })
    const result = await world.turn('Say hello please')
    expect(result.status).toBe('done')
    expect(result.committed.map((m) => m.kind)).toEqual(['user', 'assistant'])
    const { messages, problems } = await world.store.load(world.sessionId)
    expect(problems).toEqual([])
    expect(messages).toMatchObject([
      { kind: 'user', text: 'Say hello please' },
      { kind: 'assistant', text: 'Hello there', toolCalls: [], end: 'complete' },
    ])
    expect(world.index.get(world.sessionId)).toMatchObject({ title: 'Say hello please', messageCount: 2 })
    expect(world.progress.at(-1)).toMatchObject({ status: 'done', text: 'Hello there', assistantMessageId: messages[1]?.id })
    // No tools in the request when no extension offers any.
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toEqual([])
  })

  it('a second turn sends the whole conversation', async () => {
    const world = await agentWorld({ turns: [{ type: 'text', chunks: ['One.'] }, { type: 'text', chunks: ['Two.'] }], extensions: [] })
    await world.turn('first')
    await world.turn('second')
    const sent = (world.server.modelRequests[1]?.body as { messages: { role: string; content: unknown }[] }).messages
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['user', 'first'],
      ['assistant', 'One.'],
      ['user', 'second'],
    ])
  })

  it('one tool call: validated, authorized, dispatched, result fed back', async () => {
    const world = await agentWorld({
      turns: [{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'ping' } }] }, { type: 'text', chunks: ['The echo said ping.'] }],
    })
    const result = await world.turn('Echo ping')
    expect(result.status).toBe('done')
    expect(result.committed.map((m) => m.kind)).toEqual(['user', 'assistant', 'tool-result', 'assistant'])
    expect(result.committed[2]).toMatchObject({ kind: 'tool-result', status: 'ok', name: 'fx__echo', content: [{ type: 'text', text: 'ping' }] })
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toContain('fx__echo')
    expect(toolResultsSent(world.server.modelRequests[1]?.body)).toEqual([{ id: expect.any(String), text: 'ping' }])
  })

  it('parallel tool calls run at once; results reach the model in the order of the calls', async () => {
    const world = await agentWorld({
      turns: [
        {
          type: 'tool-calls',
          calls: [
            { name: 'fx__sleep', args: { ms: 300 } },
            { name: 'fx__echo', args: { text: 'quick' } },
          ],
        },
        { type: 'text', chunks: ['Both done.'] },
      ],
    })
    const result = await world.turn('Sleep and echo')
    expect(result.status).toBe('done')
    // Committed as each finished: the quick echo first (one after the other, the sleep would end first).
    const results = result.committed.filter((m): m is ToolResultMessage => m.kind === 'tool-result')
    expect(results.map((m) => m.name)).toEqual(['fx__echo', 'fx__sleep'])
    // Sent in the model's order.
    expect(toolResultsSent(world.server.modelRequests[1]?.body).map((r) => r.text)).toEqual(['slept', 'quick'])
  })

  it('invalid arguments go back to the model naming the field, and it corrects them', async () => {
    const world = await agentWorld({
      turns: [
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 42 } }] },
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'fixed' } }] },
        { type: 'text', chunks: ['Done.'] },
      ],
    })
    const result = await world.turn('Echo something')
    expect(result.status).toBe('done')
    const [bad] = toolResultsSent(world.server.modelRequests[1]?.body)
    expect(bad?.text).toMatch(/Invalid arguments for fx__echo: "text" must be string/)
    expect(toolResultsSent(world.server.modelRequests[2]?.body).at(-1)?.text).toBe('fixed')
    expect(result.committed.filter((m) => m.kind === 'tool-result')).toMatchObject([
      { status: 'error', errorKind: 'invalid-arguments' },
      { status: 'ok' },
    ])
  })

  it('an unknown tool name is an error the model can fix', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__nope', args: {} }] }, { type: 'text', chunks: ['Sorry.'] }] })
    const result = await world.turn('Use a tool')
    expect(result.status).toBe('done')
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toMatch(/Unknown tool "fx__nope"/)
  })

  it('denied by the person through the approval broker: the model gets the inspector\'s message', async () => {
    const world = await agentWorld({
      mode: 'ask',
      turns: [{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'secret plan' } }] }, { type: 'text', chunks: ['Understood.'] }],
    })
    const pending = world.turn('Echo it')
    await until(() => world.permissions.broker.list().length === 1, 'the approval to appear')
    const approval = world.permissions.broker.list()[0]!
    expect(approval).toMatchObject({ toolName: 'fx__echo', sessionId: world.sessionId, arguments: { text: 'secret plan' } })
    await until(() => world.progress.at(-1)?.toolCalls[0]?.state === 'pending-approval', 'the progress to show the call waiting')
    expect(world.progress.at(-1)).toMatchObject({ status: 'running-tools', toolCalls: [{ callId: approval.callId, name: 'fx__echo', extensionId: 'fx' }] })
    await world.permissions.broker.respond(approval.id, 'deny')
    const result = await pending
    expect(result.status).toBe('done')
    expect(result.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied' })
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toMatch(/^Not run: the person declined this call to fx__echo/)
    expect(world.core?.manager.log('fx').some((entry) => entry.text.includes('secret plan'))).toBe(false)
  })

  it('denied by a "never" policy without asking', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'x' } }] }, { type: 'text', chunks: ['OK.'] }] })
    await world.permissions.setToolPolicy('fx__echo', 'never')
    const result = await world.turn('Echo')
    expect(result.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied', errorKind: 'denied' })
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toMatch(/"never"/)
  })

  it('a huge result reaches the model truncated with a marker; the full result is kept', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__huge', args: { bytes: 300_000 } }] }, { type: 'text', chunks: ['Big.'] }] })
    const result = await world.turn('Something big')
    const stored = result.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')!
    expect(stored.truncated).toMatchObject({ originalSize: 300_000, fullResultFile: `${stored.id}.json` })
    const sent = toolResultsSent(world.server.modelRequests[1]?.body)[0]!.text
    expect(sent.length).toBeLessThan(101_000)
    expect(sent).toMatch(/\[truncated: the full result is 293 KiB/)
    const full = await world.store.fullResult(world.sessionId, stored.id)
    expect((full?.content[0] as { text: string }).text.length).toBe(300_000)
  })

  it('a crashed extension ends the turn with a message for the person', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__crash', args: {} }] }, { type: 'text', chunks: ['never sent'] }] })
    const result = await world.turn('Crash it')
    expect(result.status).toBe('failed')
    expect(result.error).toMatchObject({ source: 'extension', kind: 'extension-unavailable' })
    expect(result.error?.message).toMatch(/extension crashed.*Settings → Extensions/)
    expect(world.server.modelRequests).toHaveLength(1)
    expect(result.committed.at(-1)).toMatchObject({ kind: 'notice', reason: 'turn-failed', errorKind: 'extension-unavailable' })
  })

  it('above the tool limit: commits a note for the person and offers only the tools that fit', async () => {
    const world = await agentWorld({ extensions: [fixture('fx', 'normal', ['--tools=40'])], turns: [{ type: 'text', chunks: ['ok'] }] })
    const result = await world.turn('Hi')
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toHaveLength(40)
    expect(result.committed.map((message) => message.kind)).toEqual(['user', 'notice', 'assistant'])
    expect(result.committed[1]).toMatchObject({ kind: 'notice', reason: 'tool-limit', text: expect.stringMatching(/53 tools, more than the 40 a model is offered at once\. This turn offers some tools of fx/) })
    // Choosing the session's extensions is the person's way out; an empty choice offers nothing.
    world.server.push({ type: 'text', chunks: ['ok'] })
    await world.turn('Again', { activeExtensions: [] })
    expect(toolNamesSent(world.server.modelRequests[1]?.body)).toEqual([])
  })

  it('offers no tools in chat-only mode', async () => {
    const world = await agentWorld({ mode: 'chat-only', turns: [{ type: 'text', chunks: ['Just talk.'] }] })
    await world.turn('Hi')
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toEqual([])
  })

  it('stops at the step limit with a clear final note', async () => {
    const call = { type: 'tool-calls' as const, calls: [{ name: 'fx__echo', args: { text: 'again' } }] }
    const world = await agentWorld({ turns: [call, call, call, call] })
    const result = await world.turn('Loop forever', { stepLimit: 3 })
    expect(result.status).toBe('step-limit')
    expect(world.server.modelRequests).toHaveLength(3)
    expect(result.committed.at(-1)).toMatchObject({ kind: 'notice', reason: 'step-limit' })
    expect((result.committed.at(-1) as { text: string }).text).toMatch(/Stopped after 3 steps.*continue/)
    expect(world.progress.at(-1)).toMatchObject({ status: 'step-limit', step: 3 })
  })

  it('works the same through the Anthropic dialect', async () => {
    const world = await agentWorld({
      kind: 'anthropic',
      turns: [{ type: 'tool-calls', text: ['Let me check. '], calls: [{ name: 'fx__echo', args: { text: 'hi' } }] }, { type: 'text', chunks: ['It said hi.'] }],
    })
    const result = await world.turn('Echo hi')
    expect(result.status).toBe('done')
    const body = JSON.stringify(world.server.modelRequests[1]?.body)
    expect(body).toContain('"tool_result"')
    expect(result.committed.at(-1)).toMatchObject({ kind: 'assistant', text: 'It said hi.' })
  })
})

describe('agent loop: a call the model is still writing', () => {
  it('shows its arguments as far as they have arrived, then runs it whole', async () => {
    const args = { text: 'a fairly long text to echo back, long enough to arrive in several pieces' }
    const world = await agentWorld({
      turns: [
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args, id: 'c1', pieces: 6 }], holdBeforeEnd: 'writing' },
        { type: 'text', chunks: ['Echoed.'] },
      ],
    })
    const turn = world.turn('Echo it', { progressIntervalMs: 0 })
    // Every argument piece has arrived, but the model has not ended its step: the call is being written.
    await until(() => world.progress.some((p) => p.toolCalls.some((call) => call.state === 'writing' && (call.arguments as { text?: string }).text === args.text)), 'the whole arguments while writing')
    const writing = world.progress.flatMap((p) => p.toolCalls).filter((call) => call.callId === 'c1' && call.state === 'writing')
    // Each snapshot is valid, closed JSON of what had arrived, and it grows.
    expect(writing.length).toBeGreaterThan(1)
    expect(writing[0]!.arguments).not.toEqual(args)
    expect(writing.at(-1)).toMatchObject({ name: 'fx__echo', arguments: args })
    const texts = writing.map((call) => (call.arguments as { text?: string }).text ?? '')
    texts.forEach((text, i) => expect(args.text.startsWith(text) && text.length >= (texts[i - 1]?.length ?? 0)).toBe(true))
    expect(world.server.modelRequests).toHaveLength(1)

    world.server.release('writing')
    const result = await turn
    expect(result.status).toBe('done')
    expect(result.committed[2]).toMatchObject({ kind: 'tool-result', status: 'ok', name: 'fx__echo' })
    // Once the step is read the call leaves "writing" for good.
    const after = world.progress.slice(world.progress.findIndex((p) => p.status === 'running-tools'))
    expect(after.flatMap((p) => p.toolCalls).some((call) => call.state === 'writing')).toBe(false)
  })

  it('drops a call the model never finished writing when the person stops the turn', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'never sent' }, pieces: 4 }], holdBeforeEnd: 'never' }] })
    const stop = new AbortController()
    const turn = world.turn('Echo it', { progressIntervalMs: 0, signal: stop.signal })
    await until(() => world.progress.some((p) => p.toolCalls.some((call) => call.state === 'writing')), 'a call being written')
    stop.abort()
    const result = await turn
    expect(result.status).toBe('cancelled')
    expect(world.progress.at(-1)!.toolCalls).toEqual([])
    expect(result.committed.map((m) => m.kind)).toEqual(['user', 'assistant'])
  })
})

describe('agent loop: failures the person must fix', () => {
  it('429, then success: the provider layer retries and the turn completes', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'error', status: 429, headers: { 'retry-after': '0' } }, { type: 'text', chunks: ['Fine now.'] }] })
    const result = await world.turn('Hello')
    expect(result.status).toBe('done')
    expect(world.server.modelRequests).toHaveLength(2)
    expect(result.committed.at(-1)).toMatchObject({ kind: 'assistant', text: 'Fine now.' })
  })

  it('401: the turn ends with a message naming where to set the key', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'error', status: 401 }] })
    const result = await world.turn('Hello')
    expect(result.status).toBe('failed')
    expect(result.error).toMatchObject({ source: 'provider', kind: 'auth', retryable: false })
    expect(result.error?.message).toMatch(/rejected the API key \(HTTP 401\).*Settings → Models & keys/)
    const { messages } = await world.store.load(world.sessionId)
    expect(messages.map((m) => m.kind)).toEqual(['user', 'notice'])
    expect(world.progress.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'auth' } })
  })

  it('a disconnect mid-stream keeps the text so far and says the connection broke', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'disconnect', afterChunks: 2, chunks: ['Half ', 'a reply'] }] })
    const result = await world.turn('Hello')
    expect(result.status).toBe('failed')
    expect(result.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.error?.message).toMatch(/broke off in the middle of the reply/)
    expect(result.committed.map((m) => m.kind)).toEqual(['user', 'assistant', 'notice'])
    expect(result.committed[1]).toMatchObject({ text: 'Half a reply', end: 'failed' })
  })

  it('a reply cut off mid-stream is replayed to the model with a line saying it was cut off', async () => {
    const world = await agentWorld({
      extensions: [],
      turns: [{ type: 'text', chunks: ['Whole.'] }, { type: 'disconnect', afterChunks: 2, chunks: ['Half ', 'a reply'] }, { type: 'text', chunks: ['Done.'] }],
    })
    expect((await world.turn('Hello')).status).toBe('done')
    expect((await world.turn('More')).status).toBe('failed')
    expect((await world.turn('Go on')).status).toBe('done')
    const replayed = JSON.stringify(world.server.modelRequests.at(-1)?.body)
    expect(replayed).toContain('Half a reply')
    expect(replayed).toContain('This reply was cut off: the model stream failed before it finished.')
    // The whole reply carries no such line: only one marker, after the cut-off text.
    expect(replayed.match(/This reply was/g)).toHaveLength(1)
    expect(replayed.indexOf('Whole.')).toBeLessThan(replayed.indexOf('Half a reply'))
  })

  it('a save that fails ends the turn with a storage message', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks: ['lost'] }] })
    await world.index.remove(world.sessionId)
    const result = await world.turn('Hello')
    expect(result).toMatchObject({ status: 'failed', error: { source: 'storage' }, committed: [] })
    expect(world.server.modelRequests).toHaveLength(0)
  })
})

describe('agent loop: cancel', () => {
  it('during the stream: the stream is aborted and the partial text committed as stopped', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'stall', chunks: ['Partial ', 'answer'] }] })
    const controller = new AbortController()
    const pending = world.turn('Tell me', { signal: controller.signal })
    await until(() => world.progress.at(-1)?.text === 'Partial answer', 'the partial text')
    // The stalled stream never ends by itself: without the abort, the turn would hang into the test timeout.
    controller.abort()
    const result = await pending
    expect(world.server.modelRequests[0]?.clientHungUp).toBe(true)
    expect(result.status).toBe('cancelled')
    expect(result.committed.at(-1)).toMatchObject({ kind: 'assistant', text: 'Partial answer', end: 'stopped' })
    expect(world.progress.at(-1)).toMatchObject({ status: 'cancelled' })
  })

  it('during a tool call: the MCP call is cancelled at once and the server hears about it', async () => {
    const world = await agentWorld({ turns: [{ type: 'tool-calls', calls: [{ name: 'fx__hang', args: {} }] }, { type: 'text', chunks: ['never'] }] })
    const controller = new AbortController()
    const pending = world.turn('Hang', { signal: controller.signal })
    await until(() => world.progress.at(-1)?.toolCalls[0]?.state === 'running', 'the call to run')
    // fx__hang never answers: without the cancel, the call would only end at its timeout ("timed-out", not "cancelled").
    controller.abort()
    const result = await pending
    expect(result.status).toBe('cancelled')
    expect(result.committed.at(-1)).toMatchObject({ kind: 'tool-result', status: 'cancelled' })
    expect(world.progress.at(-1)?.toolCalls[0]?.state).toBe('cancelled')
    await until(() => world.core!.manager.log('fx').some((entry) => /^cancelled \d+/.test(entry.text)), 'the fixture to log the cancellation')
    expect(world.server.modelRequests).toHaveLength(1)
  })

  it('while waiting for approval: the approval is withdrawn and the call recorded as cancelled', async () => {
    const world = await agentWorld({ mode: 'ask', turns: [{ type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'x' } }] }] })
    const controller = new AbortController()
    const pending = world.turn('Echo', { signal: controller.signal })
    await until(() => world.permissions.broker.list().length === 1, 'the approval')
    controller.abort()
    const result = await pending
    expect(result.status).toBe('cancelled')
    expect(result.committed.at(-1)).toMatchObject({ kind: 'tool-result', status: 'cancelled' })
    await until(() => world.permissions.broker.list().length === 0, 'the approval to be withdrawn')
  })
})

describe('agent loop: trying again', () => {
  it('without new text, a turn after a failure asks the model to continue the committed conversation', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'error', status: 401 }, { type: 'text', chunks: ['Now it works.'] }] })
    expect((await world.turn('Hello')).status).toBe('failed')
    const retried = await world.turn('unused', { userText: undefined })
    expect(retried.status).toBe('done')
    expect(retried.committed.map((m) => m.kind)).toEqual(['assistant'])
    const sent = (world.server.modelRequests[1]?.body as { messages: { role: string; content: unknown }[] }).messages
    expect(sent).toEqual([{ role: 'user', content: 'Hello' }])
  })
})
