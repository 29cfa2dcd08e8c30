import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_FRAME_BYTES, checkFrame, envelopeProblem, measureJsonValue, parseFrame } from '../../src/shared/frames'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
import { garbageFrames } from '../helpers/fuzzFrames'

describe('parseFrame', () => {
  it('accepts requests, notifications, results and errors', () => {
    const frames = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'a', result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ]
    for (const frame of frames) {
      const parsed = parseFrame(JSON.stringify(frame))
      expect(parsed).toMatchObject({ ok: true, message: frame })
    }
  })

  it('answers malformed JSON with a parse error', () => {
    const parsed = parseFrame('{"jsonrpc":"2.0",')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.reason).toMatch(/malformed JSON/)
    expect(parsed.reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
  })

  it('answers an invalid request that carries an id with Invalid Request for that id', () => {
    const parsed = parseFrame(JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'ping' }))
    expect(parsed).toMatchObject({ ok: false, reply: { id: 7, error: { code: -32600 } } })
  })

  it('drops, without answering, JSON that is no request and has no usable id', () => {
    for (const text of ['42', 'null', '[]', '"x"', '{"jsonrpc":"2.0","id":{},"result":1}', '{"id":3,"result":{},"error":{}}']) {
      const parsed = parseFrame(text)
      expect(parsed.ok, text).toBe(false)
      if (!parsed.ok) expect(parsed.reply, text).toBeUndefined()
    }
  })

  it('refuses non-text frames', () => {
    expect(parseFrame(new Uint8Array([1, 2]))).toMatchObject({ ok: false, reason: expect.stringMatching(/not text/) })
    expect(parseFrame({ jsonrpc: '2.0', method: 'x' })).toMatchObject({ ok: false })
  })

  it('agrees with the SDK JSONRPCMessageSchema on thousands of generated frames', () => {
    let accepted = 0
    for (const frame of garbageFrames(5000, 3)) {
      if (typeof frame !== 'string') continue
      let json: unknown
      try {
        json = JSON.parse(frame)
      } catch {
        continue
      }
      const sdkAccepts = JSONRPCMessageSchema.safeParse(json).success
      expect(envelopeProblem(json) === undefined, frame).toBe(sdkAccepts)
      if (sdkAccepts) accepted++
    }
    expect(accepted).toBeGreaterThan(50)
  })

  it('enforces the size cap in bytes, not characters', () => {
    const frame = (text: string) => JSON.stringify({ jsonrpc: '2.0', method: 'n', params: { text } })
    const ascii = frame('a'.repeat(100))
    expect(parseFrame(ascii, ascii.length).ok).toBe(true)
    expect(parseFrame(ascii, ascii.length - 1)).toMatchObject({ ok: false, reason: expect.stringMatching(/message too large/) })
    // 50 three-byte characters: 50 UTF-16 units but 150 bytes.
    const wide = frame('€'.repeat(50))
    const bytes = new TextEncoder().encode(wide).byteLength
    expect(parseFrame(wide, bytes).ok).toBe(true)
    expect(parseFrame(wide, bytes - 1).ok).toBe(false)
  })

  it('defaults to a 16 MiB cap', () => {
    expect(DEFAULT_MAX_FRAME_BYTES).toBe(16 * 1024 * 1024)
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'n', params: { text: 'x'.repeat(DEFAULT_MAX_FRAME_BYTES) } })
    expect(parseFrame(big)).toMatchObject({ ok: false, reason: expect.stringMatching(/message too large/) })
  })
})

describe('checkFrame (structured-clone frames from message ports)', () => {
  it('accepts plain JSON-RPC objects', () => {
    expect(checkFrame({ jsonrpc: '2.0', id: 1, method: 'ping', params: { a: [1, 'b', null, true] } })).toMatchObject({ ok: true })
  })

  it('refuses values that JSON cannot carry', () => {
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0', method: 'x', params: {} }
    ;(cyclic.params as Record<string, unknown>).self = cyclic.params
    expect(checkFrame(cyclic)).toMatchObject({ ok: false, reason: expect.stringMatching(/cycle/) })
    expect(checkFrame({ jsonrpc: '2.0', method: 'x', params: { m: new Map() } })).toMatchObject({ ok: false, reason: expect.stringMatching(/Map is not JSON/) })
    expect(checkFrame({ jsonrpc: '2.0', method: 'x', params: { n: Number.NaN } })).toMatchObject({ ok: false, reason: expect.stringMatching(/finite/) })
    expect(checkFrame({ jsonrpc: '2.0', method: 'x', params: { b: 10n } })).toMatchObject({ ok: false, reason: expect.stringMatching(/bigint is not JSON/) })
    expect(checkFrame('{"jsonrpc":"2.0","method":"x"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a JSON-RPC object/) })
    expect(checkFrame([1])).toMatchObject({ ok: false })
  })

  it('enforces the size cap and stops measuring past it', () => {
    const frame = { jsonrpc: '2.0', method: 'n', params: { text: 'x'.repeat(1000) } }
    expect(checkFrame(frame, 2000).ok).toBe(true)
    expect(checkFrame(frame, 900)).toMatchObject({ ok: false, reason: expect.stringMatching(/message too large/) })
    const wide = { list: Array.from({ length: 100_000 }, () => 'abcdefgh') }
    const measured = measureJsonValue(wide, 1000)
    expect('size' in measured && measured.size > 1000 && measured.size < 1100).toBe(true)
  })
})
