/** The one wording for sizes and durations. */
import { describe, expect, it } from 'vitest'
import { formatBytes, formatCost, formatDuration, formatUsage, formatWhole } from '../../src/shared/format'

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [100, '100 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [5000, '4.9 KiB'],
    [4 * 1024 * 1024, '4 MiB'],
    [3_000_000, '2.9 MiB'],
    [1.25 * 1024 ** 3, '1.3 GiB'],
    [5 * 1024 ** 4, '5120 GiB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [250, '250 ms'],
    [999.6, '1 s'],
    [1000, '1 s'],
    [1234, '1.23 s'],
    [15_000, '15 s'],
    [15_550, '15.6 s'],
    [60_000, '1 min'],
    [65_000, '1 min 5 s'],
    [119_800, '2 min'],
    [300_000, '5 min'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('formatCost and formatUsage', () => {
  it.each([
    [0, '$0.00'],
    [0.00004, '< $0.0001'],
    [0.0054, '$0.0054'],
    [0.4219, '$0.422'],
    [12.345, '$12.35'],
  ])('%d dollars → %s', (usd, text) => {
    expect(formatCost(usd)).toBe(text)
  })

  it('says the tokens both ways, and the cost only when it is known', () => {
    expect(formatUsage({ input: 1200, output: 300, cost: 0.0054 })).toBe('1,200 in · 300 out tokens · $0.0054')
    expect(formatUsage({ input: 1200, output: 300 })).toBe('1,200 in · 300 out tokens')
  })
})

describe('formatWhole', () => {
  it.each([0, 7, 999, 1000, 20_000, 123_456, 1_234_567, 98_765_432_100, -1234, 1234.6])('%d is written as toLocaleString("en-US") writes it', (value) => {
    expect(formatWhole(value)).toBe(Math.round(value).toLocaleString('en-US'))
  })
})
