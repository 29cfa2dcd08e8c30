/** Every approval names who asks, in the same words in main's messages and in the window. */
import { describe, expect, it } from 'vitest'
import { CallerSchema, callerAsks, callerWords, describeCaller, type Caller } from '../../src/shared/callerKind'

describe('who asks, in words', () => {
  it.each<[Caller, string, string]>([
    [{ kind: 'person' }, 'you', 'You asked'],
    [{ kind: 'model', sessionId: 's1', sessionTitle: 'Trip plans' }, 'the model in “Trip plans”', 'The model in “Trip plans” asks'],
    [{ kind: 'model', sessionId: 's1' }, 'the model', 'The model asks'],
    [{ kind: 'model', sessionTitle: '   ' }, 'the model', 'The model asks'],
    [{ kind: 'agent-chain', chain: ['Assistant', 'Researcher'] }, 'agent Researcher (via Assistant → Researcher)', 'Agent Researcher (via Assistant → Researcher) asks'],
    [{ kind: 'connected-app', name: 'Cursor' }, 'Cursor (a connected app)', 'Cursor (a connected app) asks'],
    [{ kind: 'mcp-app', app: 'Get Time', extensionName: 'Basic' }, 'the App “Get Time” of extension Basic', 'The App “Get Time” of extension Basic asks'],
    [{ kind: 'hook', name: 'Audit' }, 'hook “Audit”', 'Hook “Audit” asks'],
    [{ kind: 'routine', name: 'Morning digest' }, 'routine “Morning digest”', 'Routine “Morning digest” asks'],
    [{ kind: 'extension', name: 'Everything' }, 'the extension “Everything”', 'The extension “Everything” asks'],
  ])('%j reads "%s"', (caller, inText, atStart) => {
    expect(describeCaller(caller)).toBe(inText)
    expect(callerAsks(caller)).toBe(atStart)
  })

  it('a connected app named like the agent still reads as a connected app, and its own name is never recased', () => {
    expect(callerAsks({ kind: 'connected-app', name: 'Assistant' })).toBe('Assistant (a connected app) asks')
    expect(callerAsks({ kind: 'connected-app', name: 'cursor' })).toBe('cursor (a connected app) asks')
    expect(callerAsks({ kind: 'agent-chain', chain: ['Assistant', 'assistant'] })).toBe('Agent assistant (via Assistant → assistant) asks')
  })

  it('sets the name apart from the words around it, for the dialog to emphasize', () => {
    expect(callerWords({ kind: 'connected-app', name: 'Cursor' })).toEqual({ lead: '', name: 'Cursor', tail: ' (a connected app)' })
    expect(callerWords({ kind: 'hook', name: 'Audit' })).toEqual({ lead: 'hook “', name: 'Audit', tail: '”' })
  })

  it('the schema takes every kind and refuses a sub-agent chain of one (that is the model) or an unknown kind', () => {
    for (const kind of ['person', 'model', 'agent-chain', 'connected-app', 'mcp-app', 'hook', 'routine', 'extension'] as const) {
      expect(CallerSchema.options.some((option) => option.shape.kind.value === kind)).toBe(true)
    }
    expect(CallerSchema.safeParse({ kind: 'agent-chain', chain: ['Assistant'] }).success).toBe(false)
    expect(CallerSchema.safeParse({ kind: 'robot', name: 'x' }).success).toBe(false)
  })
})
