/**
 * Hooks benchmark (issue 16 item 8), against a baseline in the same run: a stdio echo call through
 * the dispatcher, with the tool-call and tool-result steps the agent loop runs around it, with no
 * hooks vs one observing (`!mutate:`) tool-call hook whose target is a tool of another stdio server.
 * Goal: ratio ≤ 1.2. A hook is one more MCP round trip by design, so the ratio shows its price.
 * Also: the same call when hooks exist but none matches (the cost of matching alone).
 * Run: npx tsx bench/hooks.ts
 */
import { fileURLToPath } from 'node:url'
import { createBuiltinRegistry } from '../src/main/builtins'
import { createExtensionsCore } from '../src/main/extensions'
import { ExtensionConfigSchema } from '../src/main/extensions/extensionConfig'
import { createHookRunner, type TurnHooks } from '../src/main/hooks'
import { setLogSink } from '../src/main/log/log'
import { HookSchema, type Hook } from '../src/shared/hooksApi'
import { measureLatency } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000)
const WARMUP = 100
const server = (name: string) => fileURLToPath(new URL(`../test/fixtures/servers/${name}`, import.meta.url))
setLogSink(() => {}, 'error')

const config = (id: string, script: string) => ExtensionConfigSchema.parse({ id, name: id, type: 'stdio', command: process.execPath, args: [server(script)] })
const core = createExtensionsCore({
  configs: [config('echo', 'fixtureServer.mjs'), config('hk', 'hookFixtureServer.mjs')],
  store: { save: () => {} },
  resolveSecrets: async (values) => values,
  builtins: createBuiltinRegistry({ appVersion: 'bench' }),
  clientInfo: { name: 'bench', version: '0' },
  stopGraceMs: { afterStdinClose: 500, afterTerm: 500 },
  cache: { coalesceMs: 20 },
})

const hook = (target: string, match: Hook['match'] = {}): Hook => HookSchema.parse({ id: target, name: target, event: 'tool-call', target, observeOnly: true, approvedTarget: target, match })
const runner = (hooks: Hook[]): TurnHooks => createHookRunner({ hooks: () => hooks, dispatch: (request, options) => core.dispatcher.call(request, options) })

/** One call as the tool round makes it: tool-call hooks, the call, tool-result hooks. */
async function hookedCall(hooks: TurnHooks): Promise<void> {
  const payload = { sessionId: 'bench', tool: 'echo__echo', extension: 'echo', arguments: { text: 'x'.repeat(100) } }
  const before = await hooks.run('tool-call', payload)
  const outcome = await core.dispatcher.call({ name: 'echo__echo', arguments: before.payload.arguments }, {})
  if (outcome.status !== 'ok') throw new Error(`bench: the echo call failed: ${outcome.message}`)
  await hooks.run('tool-result', { ...payload, result: outcome.result })
}

const p50 = async (run: () => Promise<unknown>) => (await measureLatency(run, ROUNDS, WARMUP)).p50

async function main(): Promise<void> {
  core.start()
  const deadline = Date.now() + 60_000
  while (!core.cache.lookup('echo__echo') || !core.cache.lookup('hk__allow')) {
    if (Date.now() > deadline) throw new Error('bench: the fixture servers did not start within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const none = await p50(() => hookedCall(runner([])))
  const unmatched = await p50(() => hookedCall(runner([hook('hk__allow', { tool: 'other__*' })])))
  const observed = await p50(() => hookedCall(runner([hook('hk__allow')])))
  console.log('Hooks: a stdio echo call, p50')
  console.log(`   no hooks                         ${none.toFixed(3)} ms`)
  console.log(`   a hook that does not match       ${unmatched.toFixed(3)} ms   ratio ${(unmatched / none).toFixed(2)}`)
  console.log(`   one observing hook (stdio tool)  ${observed.toFixed(3)} ms   ratio ${(observed / none).toFixed(2)} (goal ≤ 1.2)`)
  await core.stop()
}

await main()
