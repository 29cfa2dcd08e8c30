/**
 * A turn with nothing wasted (issue 33 item 1): the time the host adds to a one-tool turn, against a
 * bare script doing the same in the same run. Both sides play the same scripted turn
 * (support/turnSteps.ts) from the scripted model server (OpenAI-compatible, over HTTP) and call echo of
 * the fixture stdio server:
 * - the host: the real host entry (`out/main/host.js`, as `npm run host`), a window client over its
 *   WebSocket sending `chat_send` and waiting for the final answer in the session's history;
 * - the floor: the AI SDK (`streamText`, the openai-compatible provider, as the host uses) and an SDK
 *   client over stdio, one step at a time, with one write + fdatasync per committed message, as the
 *   design requires (the same commits as the host's: support/turnSteps.ts COMMITS_PER_TURN).
 * Per turn, from timestamps the model server and the fixture server take on arrival (wall clock with
 * fractions, comparable across processes):
 *   (a) send → the first model request arrives; (b) the tool-call reply ended → `tools/call` arrives at
 *   the server; (c) the tool result sent → the next model request arrives; (d) the whole turn, send →
 *   the committed answer (the host: the window has read it from the history).
 * Medians of BENCH_TURNS turns a side (default 60), host and floor alternating, with the data on this
 * machine's disk (the temp folder) and on tmpfs (/dev/shm, Linux). Goal: each ≤ 1.3× the floor, and
 * under 10 ms added per tool round.
 * Run: npx tsx bench/turn.ts (the host must be built: npm run build).
 */
import { mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { jsonSchema, streamText, tool, type ModelMessage } from 'ai'
import { ElicitationsResourceSchema, HistoryResourceSchema, HostResource, ToolsResourceSchema, historyUri } from '../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../test/fixtures/modelServer/scriptedModelServer'
import { poll, read } from '../test/helpers/hostCalls'
import { callHost, connectHostClient, median, ms, ratio, root, runBench, type Cleanup } from './support/browserBench'
import { startHostEntry } from './support/hostStart'
import { COMMITS_PER_TURN, MODEL_REQUESTS_PER_TURN, TURN_TEXT, scriptedTurn } from './support/turnSteps'

const TURNS = Number(process.env.BENCH_TURNS ?? 60)
const WARMUP = 5
const fixtureServer = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const epochMs = () => performance.timeOrigin + performance.now()
const PHASES = ['send → model request', 'tool-call end → tools/call', 'tool result → next request', 'whole turn → committed answer'] as const
type Phases = [number, number, number, number]

/** The last `tools/call` the fixture server logged (--call-times): when it arrived and when it replied. */
async function lastCall(file: string): Promise<{ arrived: number; replied: number }> {
  const last = (await readFile(file, 'utf8')).trim().split('\n').at(-1) ?? ''
  const [arrived, replied] = last.split(' ').map(Number)
  return { arrived: arrived!, replied: replied! }
}

/** The four figures of one turn from the servers' timestamps; `firstRequest`: the index of its first model request. */
async function phases(model: ScriptedModelServer, firstRequest: number, callTimes: string, sent: number, done: number): Promise<Phases> {
  // Written after the reply, so the line may trail the answer by a moment.
  await new Promise((settle) => setTimeout(settle, 2))
  const [toolStep, answerStep] = [model.modelRequests[firstRequest], model.modelRequests[firstRequest + 1]]
  if (!toolStep?.repliedAt || !answerStep || model.modelRequests.length !== firstRequest + MODEL_REQUESTS_PER_TURN) throw new Error('bench: a turn did not make its two model requests')
  const call = await lastCall(callTimes)
  return [toolStep.arrivedAt - sent, call.arrived - toolStep.repliedAt, answerStep.arrivedAt - call.replied, done - sent]
}

/** The floor: the AI SDK and an SDK client doing the turn step by step, one fdatasync'd append per committed message. */
async function bareSide(cleanup: Cleanup, model: ScriptedModelServer, dir: string) {
  const callTimes = join(dir, 'bare-calls.log')
  const client = new Client({ name: 'bare-turn', version: '0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixtureServer, `--call-times=${callTimes}`], stderr: 'ignore' }))
  cleanup.add('close the bare client', () => client.close())
  const listed = (await client.listTools()).tools.find((entry) => entry.name === 'echo')
  if (!listed) throw new Error('bench: the fixture server lists no echo tool')
  const provider = createOpenAICompatible({ name: 'scripted', baseURL: model.baseUrl, includeUsage: true })
  // No execute: the script calls the tool itself, between the commits, as the host's turn does.
  const tools = { echo: tool({ description: listed.description ?? '', inputSchema: jsonSchema(listed.inputSchema as never) }) }
  let turn = 0

  return {
    /** Durable writes made so far (the test compares them with the host's). */
    writes: 0,
    async turn(): Promise<Phases> {
      const firstRequest = model.modelRequests.length
      model.push(...scriptedTurn('echo'))
      const sent = epochMs()
      const file = await open(join(dir, `bare-${++turn}.jsonl`), 'a')
      const commit = async (message: Record<string, unknown>) => {
        await file.write(`${JSON.stringify(message)}\n`)
        await file.datasync()
        this.writes++
      }
      const messages: ModelMessage[] = [{ role: 'user', content: TURN_TEXT }]
      await commit({ kind: 'user', text: TURN_TEXT })
      for (;;) {
        const step = streamText({ model: provider('scripted-model'), messages, tools })
        const text = await step.text
        const calls = await step.toolCalls
        await commit({ kind: 'assistant', text, toolCalls: calls })
        messages.push(...(await step.response).messages)
        if (calls.length === 0) break
        for (const call of calls) {
          const result = await client.callTool({ name: call.toolName, arguments: call.input as Record<string, unknown> })
          await commit({ kind: 'tool-result', toolCallId: call.toolCallId, result })
          messages.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'json', value: result as never } }] })
        }
      }
      await file.close()
      return phases(model, firstRequest, callTimes, sent, epochMs())
    },
  }
}

/** The host: its entry as a process on `dir`, the echo server as an extension, a window client sending each turn. */
async function hostSide(cleanup: Cleanup, model: ScriptedModelServer, dir: string) {
  const callTimes = join(dir, 'host-calls.log')
  const dataDir = join(dir, 'host-data')
  const flags = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const host = await startHostEntry(dataDir, flags, { SWITCHBOARD_KEYCHAIN_SERVICE: `Switchboard-bench-${randomUUID()}` })
  cleanup.add('stop the host', () => host.stop())
  const window = await connectHostClient(host, 'bench-window')
  cleanup.add('close the window client', () => window.close())
  await callHost(window, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
  await callHost(window, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
  await callHost(window, 'extension_add', { config: { id: 'echo', name: 'Echo', type: 'stdio', command: process.execPath, args: [fixtureServer, `--call-times=${callTimes}`] } })
  const [consent] = (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
  await callHost(window, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
  await poll(() => read(window, HostResource.tools, ToolsResourceSchema), ({ tools }) => tools.some((entry) => entry.name === 'echo__echo'), 'the echo tool', 60_000)
  await callHost(window, 'permission_set', { tool: 'echo__echo', policy: 'always' })
  await callHost(window, 'tool_set_always_offer', { name: 'echo__echo', alwaysOffer: true })

  /** Resolves once the window has read the turn's final answer from the history (on its update notification). */
  let updated: (() => void) | undefined
  window.setNotificationHandler('notifications/resources/updated', () => updated?.())
  const answered = async (sessionId: string) => {
    for (;;) {
      const next = new Promise<void>((settle) => (updated = settle))
      const { messages } = await read(window, historyUri(sessionId), HistoryResourceSchema)
      const last = messages.at(-1)
      if (last?.role === 'assistant' && (last.toolCalls ?? []).length === 0 && messages.length > 1) return
      await Promise.race([next, new Promise((settle) => setTimeout(settle, 50))])
    }
  }

  return {
    dataDir,
    async turn(): Promise<Phases> {
      const firstRequest = model.modelRequests.length
      model.push(...scriptedTurn('echo__echo'))
      const sent = epochMs()
      const { sessionId } = await callHost<{ sessionId: string }>(window, 'chat_send', { text: TURN_TEXT })
      await window.subscribeResource({ uri: historyUri(sessionId) })
      await answered(sessionId)
      const done = epochMs()
      await window.unsubscribeResource({ uri: historyUri(sessionId) })
      return phases(model, firstRequest, callTimes, sent, done)
    },
    /** Durable writes the host made: the lines of its session files. */
    async writes(): Promise<number> {
      const sessions = join(dataDir, 'sessions')
      let lines = 0
      for (const name of await readdir(sessions)) if (name.endsWith('.jsonl')) lines += (await readFile(join(sessions, name), 'utf8')).split('\n').filter(Boolean).length
      return lines
    },
  }
}

async function onDisk(cleanup: Cleanup, model: ScriptedModelServer, label: string, parent: string) {
  const dir = await mkdtemp(join(parent, 'switchboard-bench-turn-'))
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }))
  const bare = await bareSide(cleanup, model, dir)
  const host = await hostSide(cleanup, model, dir)
  for (let i = 0; i < WARMUP; i++) {
    await bare.turn()
    await host.turn()
  }
  const bareWritesBefore = bare.writes
  const hostWritesBefore = await host.writes()
  const figures = { host: [] as Phases[], bare: [] as Phases[] }
  for (let i = 0; i < TURNS; i++) {
    figures.host.push(await host.turn())
    figures.bare.push(await bare.turn())
  }
  await new Promise((settle) => setTimeout(settle, 200)) // the host's last commits reach the file
  const hostWrites = (await host.writes()) - hostWritesBefore
  const bareWrites = bare.writes - bareWritesBefore
  console.log(`one-tool turn, data on ${label} (${parent}), ${TURNS} turns a side after ${WARMUP} warm ones, medians`)
  console.log(`   ${''.padEnd(34)} ${'floor'.padStart(9)} ${'host'.padStart(9)} ${'added'.padStart(9)}  ratio (goal ≤ 1.30)`)
  PHASES.forEach((phase, index) => {
    const floor = median(figures.bare.map((turn) => turn[index]))
    const hosted = median(figures.host.map((turn) => turn[index]))
    const value = hosted / floor
    console.log(`   ${phase.padEnd(34)} ${ms(floor).padStart(9)} ${ms(hosted).padStart(9)} ${ms(hosted - floor).padStart(9)}  ${ratio(value)} ${value <= 1.3 ? 'within' : 'OVER'}`)
  })
  const added = median(figures.host.map((turn) => turn[3])) - median(figures.bare.map((turn) => turn[3]))
  console.log(`   added per tool round (one round a turn): ${ms(added)} (goal < 10 ms: ${added < 10 ? 'within' : 'OVER'})`)
  console.log(`   durable writes per turn: host ${ratio(hostWrites / TURNS)}, floor ${ratio(bareWrites / TURNS)} (the design: ${COMMITS_PER_TURN.length}, one per committed message)`)
}

await runBench('turn', async (cleanup) => {
  if (!existsSync(join(root, 'out/main/host.js'))) throw new Error('bench/turn.ts runs the built host: run `npm run build` first')
  const model = await startScriptedModelServer()
  cleanup.add('stop the model server', () => model.stop())
  await onDisk(cleanup, model, 'this machine’s disk', tmpdir())
  if (existsSync('/dev/shm')) await onDisk(cleanup, model, 'tmpfs', '/dev/shm')
  else console.log('tmpfs: skipped (no /dev/shm)')
})
