/** Latency of an async call, sampled one call after another: `warmup` unmeasured calls, then `rounds` timed ones. */
export interface Latency {
  p50: number
  p99: number
}

export async function measureLatency(run: () => Promise<unknown>, rounds: number, warmup = 0): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await run()
  const samples = new Float64Array(rounds)
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await run()
    samples[i] = performance.now() - start
  }
  samples.sort()
  return { p50: samples[Math.floor(rounds * 0.5)] ?? 0, p99: samples[Math.floor(rounds * 0.99)] ?? 0 }
}
