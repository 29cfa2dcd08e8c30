/** The one trailing throttle: turn progress and tool progress both go through it. */
import { describe, expect, it } from 'vitest'
import { createTrailingThrottle } from '../../src/shared/trailingThrottle'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('trailing throttle', () => {
  it('delivers the first value at once, then at most one per interval, and always the last', async () => {
    const delivered: { value: number; at: number }[] = []
    const throttle = createTrailingThrottle((value: number) => delivered.push({ value, at: performance.now() }), 30)
    for (let i = 1; i <= 10_000; i++) throttle.push(i)
    expect(delivered.map((d) => d.value)).toEqual([1])
    await pause(50)
    expect(delivered.map((d) => d.value)).toEqual([1, 10_000])
    throttle.push(10_001)
    throttle.push(10_002)
    await throttle.close()
    expect(delivered.at(-1)?.value).toBe(10_002)
    for (let i = 1; i < delivered.length; i++) expect(delivered[i]!.at - delivered[i - 1]!.at).toBeGreaterThanOrEqual(28)
    // Closed: later values are not delivered.
    throttle.push(10_003)
    await pause(40)
    expect(delivered.at(-1)?.value).toBe(10_002)
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
