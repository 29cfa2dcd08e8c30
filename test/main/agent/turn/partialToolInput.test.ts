/** Tool-call arguments while the model writes them: parsed at most once per interval, and once more when complete. */
import { parsePartialJson } from 'ai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToolInputParser, type PartialParse } from '../../../../src/main/agent/turn/partialToolInput'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function watched(intervalMs = 50) {
  const emitted: Record<string, unknown>[] = []
  const parsed: number[] = []
  const parse: PartialParse = (text) => {
    parsed.push(text.length)
    return parsePartialJson(text)
  }
  const input = new ToolInputParser((partial) => emitted.push(partial), { intervalMs, now: () => Date.now(), parse })
  return { input, emitted, parsed }
}

/** The JSON text of `{ "text": "xxxx…" }` cut into `pieces` deltas. */
function deltas(length: number, pieces: number): { whole: Record<string, unknown>; parts: string[] } {
  const whole = { path: 'notes.md', text: 'x'.repeat(length) }
  const json = JSON.stringify(whole)
  const size = Math.ceil(json.length / pieces)
  return { whole, parts: Array.from({ length: Math.ceil(json.length / size) }, (_, i) => json.slice(i * size, (i + 1) * size)) }
}

describe('arguments being written', () => {
  it('a burst of deltas is parsed once at once and once when the interval is over, not once per delta', async () => {
    const { input, emitted, parsed } = watched()
    const { whole, parts } = deltas(100_000, 2000)
    for (const part of parts) input.add(part)
    await vi.advanceTimersByTimeAsync(0)
    expect(parsed).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(50)
    expect(parsed).toHaveLength(2)
    // The trailing parse saw everything that had arrived.
    expect(emitted.at(-1)).toEqual(whole)
    await input.finish()
    expect(parsed).toHaveLength(2)
  })

  it('always parses the final text when the model finishes writing, even inside the interval', async () => {
    const { input, emitted, parsed } = watched()
    const { whole, parts } = deltas(40, 4)
    input.add(parts[0]!)
    await vi.advanceTimersByTimeAsync(0)
    for (const part of parts.slice(1)) input.add(part)
    await input.finish()
    expect(parsed).toHaveLength(2)
    expect(emitted.at(-1)).toEqual(whole)
    // Nothing more after it is finished, not even from the cancelled timer.
    await vi.advanceTimersByTimeAsync(200)
    input.add('{"late":1}')
    expect(parsed).toHaveLength(2)
  })

  it('parses again once per interval while deltas keep coming', async () => {
    const { input, parsed } = watched()
    const { parts } = deltas(10_000, 100)
    // One delta every 5 ms for 500 ms: about one parse per 50 ms.
    for (const part of parts) {
      input.add(part)
      await vi.advanceTimersByTimeAsync(5)
    }
    expect(parsed.length).toBeGreaterThanOrEqual(9)
    expect(parsed.length).toBeLessThanOrEqual(12)
  })

  it('emits nothing after close (the call was made, or the step ended)', async () => {
    const { input, emitted } = watched()
    input.add('{"a":')
    await vi.advanceTimersByTimeAsync(0)
    input.add('1,"b":2}')
    input.close()
    await vi.advanceTimersByTimeAsync(100)
    expect(emitted).toEqual([{}])
  })
})
