/** Hooks on the model request and around the turn: tools taken away, messages replaced, warnings where nothing can be refused. */
import { describe, expect, it } from 'vitest'
import type { AssistantMessage } from '../../../src/main/agent/session/storedMessage'
import { toolNamesSent } from '../agent/agentTestKit'
import { hook, hookWorld } from './hookWorld'

type Body = { messages: { role: string; content: unknown }[] }

describe('hooks on the model request and the turn', () => {
  it('a model-request hook trims tools and messages for that request; the reply records it and the model is told', async () => {
    const world = await hookWorld([hook('Focus', 'model-request', 'hk__only_echo')], { turns: [{ type: 'text', chunks: ['One.'] }, { type: 'text', chunks: ['Two.'] }] })
    await world.turn('first')
    const result = await world.turn('second')
    const body = world.server.modelRequests[1]?.body as Body
    expect(toolNamesSent(body).filter((name) => name.startsWith('fx__'))).toEqual(['fx__echo'])
    expect(body.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['second'])
    expect(JSON.stringify(body.messages.find((m) => m.role === 'system'))).toMatch(/hook \\"Focus\\" changed tools \(focus\); hook \\"Focus\\" changed messages \(focus\)/)
    const reply = result.committed.find((m): m is AssistantMessage => m.kind === 'assistant')
    expect(reply?.hookChanges).toEqual([
      { hook: 'Focus', field: 'tools', reason: 'focus' },
      { hook: 'Focus', field: 'messages', reason: 'focus' },
    ])
  })

  it('a system message a model-request hook adds goes into the system prompt: the turn goes on, the reply records it', async () => {
    const world = await hookWorld([hook('French', 'model-request', 'hk__add_system')], { turns: [{ type: 'text', chunks: ['Bonjour.'] }] })
    const result = await world.turn('hello')
    expect(result.status).toBe('done')
    const body = world.server.modelRequests[0]?.body as Body
    const system = body.messages.filter((m) => m.role === 'system')
    // One system prompt, holding what the hook added; the conversation itself is unchanged.
    expect(system).toHaveLength(1)
    expect(JSON.stringify(system[0]?.content)).toContain('Answer in French.')
    expect(body.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['hello'])
    const reply = result.committed.find((m): m is AssistantMessage => m.kind === 'assistant')
    expect(reply).toMatchObject({ text: 'Bonjour.', hookChanges: [{ hook: 'French', field: 'system', reason: 'house language' }] })
  })

  it('a hook that leaves the request without messages: that change is refused with a warning, the turn goes on', async () => {
    const world = await hookWorld([hook('Terse', 'model-request', 'hk__only_system')], { turns: [{ type: 'text', chunks: ['Short.'] }] })
    const result = await world.turn('hello')
    expect(result.status).toBe('done')
    const body = world.server.modelRequests[0]?.body as Body
    expect(body.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['hello'])
    expect(JSON.stringify(body.messages.find((m) => m.role === 'system')?.content)).toContain('Be brief.')
    expect(result.committed.find((m) => m.kind === 'notice')).toMatchObject({ reason: 'hook', text: expect.stringContaining('Hook "Terse" left the model request without messages') })
    expect(result.committed.find((m): m is AssistantMessage => m.kind === 'assistant')?.hookChanges).toEqual([{ hook: 'Terse', field: 'system', reason: 'terse' }])
  })

  it('a refusing session-start or turn-end hook is a warning in the turn; the turn goes on', async () => {
    const world = await hookWorld([hook('Start gate', 'session-start', 'hk__deny'), hook('End gate', 'turn-end', 'hk__deny')], { turns: [{ type: 'text', chunks: ['Fine.'] }, { type: 'text', chunks: ['Again.'] }] })
    const first = await world.turn('hello')
    expect(first.status).toBe('done')
    expect(first.committed.map((m) => (m.kind === 'notice' ? m.text : m.kind))).toEqual([
      'user',
      expect.stringContaining('Hook "Start gate" refused at session-start: not on my watch. The turn went on.'),
      'assistant',
      expect.stringContaining('Hook "End gate" refused at turn-end'),
    ])
    // Only a new session starts: the second turn has no session-start warning.
    const second = await world.turn('again')
    expect(second.committed.filter((m) => m.kind === 'notice')).toHaveLength(1)
  })
})
