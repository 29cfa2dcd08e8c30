/** Which SDK errors are the benign late progress of an answered request, and which still are warnings. */
import { describe, expect, it } from 'vitest'
import { LateProgressFilter } from '../../../../src/main/extensions/connection/lateProgress'

const unknownToken = (token: unknown) =>
  new Error(`Received a progress notification for an unknown token: ${JSON.stringify({ method: 'notifications/progress', params: { progress: 3, total: 3, progressToken: token } })}`)

describe('late progress', () => {
  it('recognises progress for a request whose answer (result or error) already came', () => {
    const filter = new LateProgressFilter()
    filter.note({ jsonrpc: '2.0', id: 8, result: { content: [] } })
    filter.note({ jsonrpc: '2.0', id: 9, error: { code: -32000, message: 'failed' } })
    expect(filter.isLateProgress(unknownToken(8))).toBe(true)
    expect(filter.isLateProgress(unknownToken(9))).toBe(true)
  })

  it('keeps every other error a warning: tokens never answered, requests and notifications, other messages, bad JSON', () => {
    const filter = new LateProgressFilter()
    filter.note({ jsonrpc: '2.0', id: 8, method: 'roots/list' })
    filter.note({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 10, progress: 1 } })
    expect(filter.isLateProgress(unknownToken(8))).toBe(false)
    expect(filter.isLateProgress(unknownToken(10))).toBe(false)
    expect(filter.isLateProgress(unknownToken(null))).toBe(false)
    expect(filter.isLateProgress(new Error('Received a response for an unknown message ID: {"id":8}'))).toBe(false)
    expect(filter.isLateProgress(new Error('Received a progress notification for an unknown token: {not json'))).toBe(false)
  })

  it('remembers only recent answers', () => {
    const filter = new LateProgressFilter()
    for (let id = 1; id <= 100; id++) filter.note({ jsonrpc: '2.0', id, result: {} })
    expect(filter.isLateProgress(unknownToken(1))).toBe(false)
    expect(filter.isLateProgress(unknownToken(100))).toBe(true)
  })
})
