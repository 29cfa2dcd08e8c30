// Preloaded into the host by bench/startup.ts (`node --import`): counts the callbacks the event loop
// runs (timers, immediates, I/O) between two SIGUSR2 signals. The first signal starts the count, the
// second prints it to stderr as one line `wake-probe {"Timeout":n,...}` and stops counting. The
// probe's own signal callback is not counted. Only the probe run carries this hook: async_hooks
// costs memory and time, so the memory figures come from runs without it.
import { createHook } from 'node:async_hooks'

const types = new Map()
let counts = null
createHook({
  init(id, type) {
    types.set(id, type)
  },
  before(id) {
    if (!counts) return
    const type = types.get(id) ?? 'unknown'
    if (type === 'SIGNALWRAP') return
    counts[type] = (counts[type] ?? 0) + 1
  },
  destroy(id) {
    types.delete(id)
  },
}).enable()

process.on('SIGUSR2', () => {
  if (!counts) {
    counts = {}
    return
  }
  const result = counts
  counts = null
  process.stderr.write(`wake-probe ${JSON.stringify(result)}\n`)
})
