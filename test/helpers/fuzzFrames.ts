/** Seeded garbage for transport fuzzing: random bytes, random JSON, and mutated valid JSON-RPC. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const methods = ['initialize', 'ping', 'tools/call', 'tools/list', 'resources/read', 'resources/subscribe', 'notifications/cancelled', 'x/unknown', '', 'rpc.discover']

export function garbageFrames(count: number, seed = 1): unknown[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const randomString = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join('')
  const randomValue = (depth: number): unknown => {
    const kind = Math.floor(random() * (depth > 2 ? 5 : 7))
    switch (kind) {
      case 0: return null
      case 1: return random() * 1e12 - 5e11
      case 2: return randomString(20)
      case 3: return random() < 0.5
      case 4: return Math.floor(random() * 100)
      case 5: return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1))
      default: return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(['id', 'method', 'params', 'result', 'error', 'jsonrpc', randomString(5)]), randomValue(depth + 1)]))
    }
  }
  const mutatedMessage = (): unknown => {
    const message: Record<string, unknown> = { jsonrpc: pick(['2.0', '2.0', '1.0', 2]), id: pick([1, 'a', null, {}, -1, 1.5, undefined]) }
    if (random() < 0.7) message.method = pick(methods)
    if (random() < 0.5) message.params = randomValue(0)
    if (random() < 0.2) message.result = randomValue(0)
    if (random() < 0.2) message.error = pick([{ code: 1, message: 'x' }, randomValue(0)])
    return message
  }
  return Array.from({ length: count }, () => {
    switch (Math.floor(random() * 5)) {
      case 0: return randomString(200)
      case 1: return JSON.stringify(randomValue(0))
      case 2: return JSON.stringify(mutatedMessage())
      case 3: return JSON.stringify(mutatedMessage()).slice(0, Math.floor(random() * 40))
      default: return pick([42, null, { not: 'text' }, new Uint8Array([1, 2, 3]), '', '[]', '{}', '"\\u0000"'])
    }
  })
}
