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
  samples.sort()
  return { p50: samples[Math.floor(rounds * 0.5)] ?? 0, p99: samples[Math.floor(rounds * 0.99)] ?? 0 }
}
