/** The one trailing throttle: turn progress and tool progress both go through it. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTrailingThrottle } from '../../src/shared/trailingThrottle'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('trailing throttle', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('delivers the first value at once, then at most one per interval, and always the last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const delivered: { value: number; at: number }[] = []
    const throttle = createTrailingThrottle((value: number) => delivered.push({ value, at: performance.now() }), 30)
    const began = performance.now()
    for (let i = 1; i <= 10_000; i++) throttle.push(i)
    expect(delivered).toEqual([{ value: 1, at: began }])
    // Nothing more until the interval has passed; then only the latest value.
    await vi.advanceTimersByTimeAsync(29)
    expect(delivered.map((d) => d.value)).toEqual([1])
    await vi.advanceTimersByTimeAsync(1)
    expect(delivered).toEqual([{ value: 1, at: began }, { value: 10_000, at: began + 30 }])
    // A value pushed 10 ms after a delivery waits the remaining 20 ms.
    await vi.advanceTimersByTimeAsync(10)
    throttle.push(10_001)
    throttle.push(10_002)
    const closed = throttle.close()
    await vi.advanceTimersByTimeAsync(19)
    expect(delivered.at(-1)?.value).toBe(10_000)
    await vi.advanceTimersByTimeAsync(1)
    await closed
    expect(delivered.at(-1)).toEqual({ value: 10_002, at: began + 60 })
    // Closed: later values are not delivered.
    throttle.push(10_003)
    await vi.advanceTimersByTimeAsync(100)
    expect(delivered.map((d) => d.value)).toEqual([1, 10_000, 10_002])
  })

  it('flush delivers the pending value now; cancel drops it', async () => {
    const delivered: string[] = []
    const throttle = createTrailingThrottle((value: string) => delivered.push(value), 10_000)
    throttle.push('first')
    throttle.push('second')
    throttle.push('third')
    expect(delivered).toEqual(['first'])
    throttle.flush()
    expect(delivered).toEqual(['first', 'third'])
    throttle.flush()
    throttle.push('fourth')
    throttle.cancel()
    throttle.push('fifth')
    await pause(20)
    expect(delivered).toEqual(['first', 'third'])
  })

})
