/**
 * Hooks benchmark (issue 16 item 8), against a baseline in the same run: a stdio echo call through
 * the dispatcher, with the tool-call and tool-result steps the agent loop runs around it, with no
 * hooks vs one observing (`!mutate:`) tool-call hook whose target is a tool of another stdio server.
 * Goal: ratio ≤ 1.2. The step never waits for an observer: the turn starts the observers once the
 * step is over (hookRunner.ts `observe`, turnHooks.ts), as this bench does after each timed call;
 * what is left in "the step" is running the hook chain. "… and waiting for the observer" times the
 * observer's own round trip after the step too.
 * Also: the same call when hooks exist but none matches (the cost of matching alone).
 * Run: npx tsx bench/hooks.ts
 */
import { fileURLToPath } from 'node:url'
import { createHookRunner, type TurnHooks } from '../src/main/hooks'
import { setLogSink } from '../src/main/log/log'
import { HookSchema, type Hook } from '../src/shared/hooksApi'
import { benchExtensionsCore, stdioConfig } from './support/benchCore'
import { measureLatency } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000)
const WARMUP = 100
const server = (name: string) => fileURLToPath(new URL(`../test/fixtures/servers/${name}`, import.meta.url))
setLogSink(() => {}, 'error')

const core = benchExtensionsCore([stdioConfig('echo', server('fixtureServer.mjs')), stdioConfig('hk', server('hookFixtureServer.mjs'))])

const hook = (target: string, match: Hook['match'] = {}): Hook => HookSchema.parse({ id: target, name: target, event: 'tool-call', target, observeOnly: true, approvedTarget: target, match })
const runner = (hooks: Hook[]): TurnHooks => createHookRunner({ hooks: () => hooks, dispatch: (request, options) => core.dispatcher.call(request, options) })

/** Observing hooks still running after a call: a turn waits for them only before it ends. */
let observing: (() => Promise<unknown>)[] = []
const settleObservers = async () => {
  const started = observing.map((observe) => observe())
  observing = []
  await Promise.all(started)
}

/**
 * One call as the tool round makes it: tool-call hooks, the call, tool-result hooks. `untilObserved`
 * also starts the observers and waits for them; otherwise that happens untimed after the call.
 */
async function hookedCall(hooks: TurnHooks, untilObserved = false): Promise<void> {
  const payload = { sessionId: 'bench', tool: 'echo__echo', extension: 'echo', arguments: { text: 'x'.repeat(100) } }
  const before = await hooks.run('tool-call', payload)
  const outcome = await core.dispatcher.call({ name: 'echo__echo', arguments: before.payload.arguments }, {})
  if (outcome.status !== 'ok') throw new Error(`bench: the echo call failed: ${outcome.message}`)
  const after = await hooks.run('tool-result', { ...payload, result: outcome.result })
  observing.push(before.observe, after.observe)
  if (untilObserved) await settleObservers()
}

const BLOCKS = 5

/**
 * The p50 of each variant, measured in interleaved blocks (A B C D, A B C D, …) and taking the median
 * block: on a busy machine a variant measured alone, early or late, gets a different machine.
 */
async function p50s(variants: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> {
  const blocks: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]))
  for (const run of Object.values(variants)) await measureLatency(run, 0, WARMUP, settleObservers)
  for (let block = 0; block < BLOCKS; block++) {
    for (const [name, run] of Object.entries(variants)) blocks[name]?.push((await measureLatency(run, Math.ceil(ROUNDS / BLOCKS), 0, settleObservers)).p50)
  }
  return Object.fromEntries(Object.entries(blocks).map(([name, values]) => [name, values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0]))
}

async function main(): Promise<void> {
  core.start()
  const deadline = Date.now() + 60_000
  while (!core.cache.lookup('echo__echo') || !core.cache.lookup('hk__allow')) {
    if (Date.now() > deadline) throw new Error('bench: the fixture servers did not start within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const observer = runner([hook('hk__allow')])
  const unmatched = runner([hook('hk__allow', { tool: 'other__*' })])
  const noHooks = runner([])
  const p50 = await p50s({
    none: () => hookedCall(noHooks),
    unmatched: () => hookedCall(unmatched),
    observed: () => hookedCall(observer),
    observedToEnd: () => hookedCall(observer, true),
    // Control: no hooks, but the hook server's tool called untimed after each call, as the observer is.
    noneThenHookTool: async () => {
      await hookedCall(noHooks)
      observing.push(() => core.dispatcher.call({ name: 'hk__allow', arguments: {} }, {}))
    },
  })
  const line = (label: string, value = 0, goal = '') => `   ${label.padEnd(48)} ${value.toFixed(3)} ms   ratio ${(value / (p50.none ?? 1)).toFixed(2)}${goal}`
  console.log('Hooks: a stdio echo call, p50')
  console.log(`   ${'no hooks'.padEnd(48)} ${(p50.none ?? 0).toFixed(3)} ms`)
  console.log(line('a hook that does not match', p50.unmatched))
  console.log(line('one observing hook (stdio tool): the step', p50.observed, ' (goal ≤ 1.2)'))
  console.log(line('… the step and waiting for the observer', p50.observedToEnd))
  // What an untimed call to another stdio server between calls costs the next echo on its own.
  console.log(line('control: no hooks, the hook tool called in between', p50.noneThenHookTool))
  console.log(`   ${'observing hook vs that control'.padEnd(48)} ratio ${((p50.observed ?? 0) / (p50.noneThenHookTool ?? 1)).toFixed(2)}`)
  await core.stop()
}

await main()
