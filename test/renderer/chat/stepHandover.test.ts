/**
 * A step leaves the progress before the history that holds it arrives: the progress on screen stays
 * until the history holds the step, so the step's row (its cards, its Apps) is never drawn anew.
 */
import { describe, expect, it } from 'vitest'
import type { ChatMessageView, ToolCallView } from '../../../src/shared/hostApi'
import { historyHoldsStep, waitsForHistory } from '../../../src/renderer/components/chat/stepHandover'
import type { Turn } from '../../../src/renderer/components/chat/liveTurn'

const call = (state: ToolCallView['state'], result?: ToolCallView['result']): ToolCallView => ({ callId: 'c1', toolName: 'basic__get-time', arguments: {}, state, ...(result ? { result } : {}) })
const done = call('done', { content: [{ type: 'text', text: '12:00' }], isError: false })
const turn = (change: Partial<Turn> = {}): Turn => ({ turnId: 't1', step: 1, status: 'running-tools', text: 'Checking.', toolCalls: [call('running')], ...change })
const asked: ChatMessageView = { id: 'u1', role: 'user', text: 'time?', created: '2026-01-01T00:00:00.000Z' }
const step1 = (toolCalls: ToolCallView[]): ChatMessageView => ({ id: 'a1', role: 'assistant', text: 'Checking.', created: '2026-01-01T00:00:00.000Z', turnId: 't1', step: 1, toolCalls })

describe('waitsForHistory', () => {
  const running = turn()
  const committed = turn({ status: 'waiting-for-model', text: '', toolCalls: [] })
  const nextStep = turn({ step: 2, status: 'streaming', text: 'It is noon.', toolCalls: [] })

  it('keeps the step on screen when the progress drops it before the history holds it', () => {
    expect(waitsForHistory(running, committed, [asked])).toBe(true)
    expect(waitsForHistory(running, nextStep, [asked])).toBe(true)
    expect(waitsForHistory(running, committed, null)).toBe(true)
  })

  it('waits for the history read after the results, not one read while the calls ran', () => {
    expect(historyHoldsStep([asked, step1([call('cancelled')])], running)).toBe(false)
    expect(waitsForHistory(running, committed, [asked, step1([call('cancelled')])])).toBe(true)
  })

  it('lets the progress through once the history holds the step', () => {
    expect(historyHoldsStep([asked, step1([done])], running)).toBe(true)
    expect(waitsForHistory(running, committed, [asked, step1([done])])).toBe(false)
    expect(waitsForHistory(running, nextStep, [asked, step1([done])])).toBe(false)
  })

  it('lets through a progress that still shows the step, one that shows nothing yet, and the end of the turn', () => {
    expect(waitsForHistory(running, turn({ toolCalls: [done] }), [asked])).toBe(false)
    expect(waitsForHistory(turn({ text: '', toolCalls: [] }), nextStep, [asked])).toBe(false)
    expect(waitsForHistory(null, committed, [asked])).toBe(false)
    expect(waitsForHistory(running, null, [asked])).toBe(false)
  })
})
