/** The renderer's side of progress deltas: what it asks for, and how it puts the text back together. */
import { describe, expect, it } from 'vitest'
import { parseProgressSince, progressUri, type ProgressResource } from '../../../src/shared/hostApi'
import { ProgressReader } from '../../../src/renderer/components/chat/progressReader'

const progress = (text: string, textFrom?: number, step = 1): ProgressResource => ({
  sessionId: 's1',
  turn: { turnId: 't1', step, status: 'streaming', text, toolCalls: [], ...(textFrom === undefined ? {} : { textFrom }) },
})
const sinceOf = (uri: string) => parseProgressSince(new URL(uri).searchParams.get('since') ?? '')

describe('ProgressReader', () => {
  it('asks for what follows the text it holds, and appends what comes', () => {
    const reader = new ProgressReader('s1')
    expect(reader.readUri()).toBe(progressUri('s1'))
    expect(reader.accept(progress('Hello'))?.turn?.text).toBe('Hello')
    expect(sinceOf(reader.readUri())).toEqual({ turnId: 't1', step: 1, length: 5 })
    const next = reader.accept(progress(' there', 5))
    expect(next?.turn).toMatchObject({ text: 'Hello there', textFrom: undefined })
    expect(sinceOf(reader.readUri())).toEqual({ turnId: 't1', step: 1, length: 11 })
    // A whole text (a new step, or the host's answer to a mismatch) replaces what is held.
    expect(reader.accept(progress('Step two', undefined, 2))?.turn?.text).toBe('Step two')
    expect(reader.accept({ sessionId: 's1', turn: null })).toEqual({ sessionId: 's1', turn: null })
    expect(reader.readUri()).toBe(progressUri('s1'))
  })

  it('skips a partial text that does not continue what it holds, and asks for everything next', () => {
    const reader = new ProgressReader('s1')
    reader.accept(progress('Hello'))
    expect(reader.accept(progress('xyz', 9))).toBeNull()
    expect(reader.readUri()).toBe(progressUri('s1'))
    expect(reader.accept(progress('Hello there, friend'))?.turn?.text).toBe('Hello there, friend')
    expect(sinceOf(reader.readUri())?.length).toBe(19)
  })
})
