/**
 * Latency of an async call, sampled one call after another: `warmup` unmeasured calls, then `rounds`
 * timed ones. `afterEach` runs untimed after every call (e.g. waiting for work the call left running).
 */
export interface Latency {
  p50: number
  p99: number
}

export async function measureLatency(run: () => Promise<unknown>, rounds: number, warmup = 0, afterEach?: () => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < warmup; i++) {
    await run()
    await afterEach?.()
  }
  const samples = new Float64Array(rounds)
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await run()
    samples[i] = performance.now() - start
    await afterEach?.()
  }
  return percentiles(samples)
}

/**
 * Several calls timed in alternating blocks of `block` calls each (a block keeps its processes warm, as a
 * run of one call after another does; alternating spreads a busy spell of the machine over every variant):
 * each variant's p50 and p99 over all its calls, and the median of each block, for paired comparisons.
 */
export async function measureInBlocks<K extends string>(
  variants: Record<K, () => Promise<unknown>>,
  rounds: number,
  warmup = 0,
  block = 50,
): Promise<Record<K, Latency & { blockMedians: Float64Array }>> {
  const names = Object.keys(variants) as K[]
  for (const name of names) for (let i = 0; i < warmup; i++) await variants[name]()
  const blocks = Math.max(1, Math.round(rounds / block))
  const samples = Object.fromEntries(names.map((name) => [name, new Float64Array(blocks * block)])) as Record<K, Float64Array>
  const blockMedians = Object.fromEntries(names.map((name) => [name, new Float64Array(blocks)])) as Record<K, Float64Array>
  for (let b = 0; b < blocks; b++) {
    for (const name of names) {
      const times = samples[name].subarray(b * block, (b + 1) * block)
      for (let i = 0; i < block; i++) {
        const start = performance.now()
        await variants[name]()
        times[i] = performance.now() - start
      }
      blockMedians[name][b] = percentiles(times).p50
    }
  }
  return Object.fromEntries(names.map((name) => [name, { ...percentiles(samples[name]), blockMedians: blockMedians[name] }])) as Record<K, Latency & { blockMedians: Float64Array }>
}

/** The median of the block-by-block differences a[i] − b[i] (robust to spells that slow both). */
export function medianDifference(a: Float64Array, b: Float64Array): number {
  return percentiles(a.map((value, i) => value - (b[i] ?? 0))).p50
}

function percentiles(values: Float64Array): Latency {
  const sorted = Float64Array.from(values).sort()
  return { p50: sorted[Math.floor(sorted.length * 0.5)] ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 }
}
