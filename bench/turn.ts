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
 * BENCH_CPU_PROF=DIR starts the host with --cpu-prof into DIR, to see where its part of the turn goes.
 * Run: npx tsx bench/turn.ts (the host must be built: npm run build).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { startScriptedModelServer, type ScriptedModelServer } from '../test/fixtures/modelServer/scriptedModelServer'
import { connectHostClient, median, ms, ratio, root, runBench, type Cleanup } from './support/browserBench'
import { startHostEntry } from './support/hostStart'
import { hostTurns, prepareHost, sessionFileKinds, startBareTurns, type PlayedTurn } from './support/turnSides'
import { COMMITS_PER_TURN, MODEL_REQUESTS_PER_TURN } from './support/turnSteps'

const TURNS = Number(process.env.BENCH_TURNS ?? 60)
const WARMUP = 5
const fixtureServer = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const PHASES = ['send → model request', 'tool-call end → tools/call', 'tool result → next request', 'whole turn → committed answer'] as const
type Phases = [number, number, number, number]

/** Lines read so far per call log: the next turn's call is the line after them. */
const linesRead = new Map<string, number>()

/** The turn's `tools/call` as the fixture server logged it (--call-times): when it arrived and when it replied. */
async function nextCall(file: string): Promise<{ arrived: number; replied: number }> {
  const seen = linesRead.get(file) ?? 0
  // The server writes the line just after its reply: it may trail the answer by a moment.
  for (let waited = 0; waited < 5000; waited += 2) {
    const lines = existsSync(file) ? (await readFile(file, 'utf8')).split('\n').filter(Boolean) : []
    if (lines.length > seen) {
      linesRead.set(file, lines.length)
      if (lines.length !== seen + 1) throw new Error(`bench: ${lines.length - seen} tools/call in one turn, not one`)
      const [arrived = Number.NaN, replied = Number.NaN] = lines[seen]!.split(' ').map(Number)
      return { arrived, replied }
    }
    await new Promise((settle) => setTimeout(settle, 2))
  }
  throw new Error(`bench: no tools/call logged in ${file}`)
}

/** The four figures of one turn from the servers' timestamps; `firstRequest`: the index of its first model request. */
async function phases(model: ScriptedModelServer, firstRequest: number, callTimes: string, sent: number, done: number): Promise<Phases> {
  const [toolStep, answerStep] = [model.modelRequests[firstRequest], model.modelRequests[firstRequest + 1]]
  if (!toolStep?.repliedAt || !answerStep || model.modelRequests.length !== firstRequest + MODEL_REQUESTS_PER_TURN) throw new Error('bench: a turn did not make its two model requests')
  const call = await nextCall(callTimes)
  return [toolStep.arrivedAt - sent, call.arrived - toolStep.repliedAt, answerStep.arrivedAt - call.replied, done - sent]
}

async function onDisk(cleanup: Cleanup, model: ScriptedModelServer, label: string, parent: string) {
  const dir = await mkdtemp(join(parent, 'switchboard-bench-turn-'))
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }))
  const echo = (log: string) => ({ command: process.execPath, args: [fixtureServer, `--call-times=${join(dir, log)}`] })
  const bare = await startBareTurns(model, dir, echo('bare-calls.log'))
  cleanup.add('close the bare client', () => bare.close())
  const dataDir = join(dir, 'host-data')
  const flags = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const started = await startHostEntry(dataDir, flags, { SWITCHBOARD_KEYCHAIN_SERVICE: `Switchboard-bench-${randomUUID()}` })
  cleanup.add('stop the host', () => started.stop())
  const window = await connectHostClient(started, 'bench-window')
  cleanup.add('close the window client', () => window.close())
  await prepareHost(window, model, echo('host-calls.log'))
  const host = hostTurns(window, model)
  const hostWrites = async () => (await sessionFileKinds(join(dataDir, 'sessions'))).length
  const played = async (turn: PlayedTurn, calls: string) => phases(model, turn.firstRequest, join(dir, calls), turn.sent, turn.done)

  for (let i = 0; i < WARMUP; i++) {
    await played(await host.turn(), 'host-calls.log')
    await played(await bare.turn(), 'bare-calls.log')
  }
  const bareWritesBefore = bare.writes
  const hostWritesBefore = await hostWrites()
  const figures = { host: [] as Phases[], bare: [] as Phases[] }
  for (let i = 0; i < TURNS; i++) {
    figures.host.push(await played(await host.turn(), 'host-calls.log'))
    figures.bare.push(await played(await bare.turn(), 'bare-calls.log'))
  }
  await new Promise((settle) => setTimeout(settle, 200)) // the host's last commits reach the file
  const hostWritesMade = (await hostWrites()) - hostWritesBefore
  const bareWrites = bare.writes - bareWritesBefore
  console.log(`one-tool turn, data on ${label} (${parent}), ${TURNS} turns a side after ${WARMUP} warm ones, medians`)
  console.log(`   ${''.padEnd(34)} ${'floor'.padStart(9)} ${'host'.padStart(9)} ${'added'.padStart(9)}  ratio (goal ≤ 1.30)`)
  PHASES.forEach((phase, index) => {
    const floor = median(figures.bare.map((turn) => turn[index] ?? Number.NaN))
    const hosted = median(figures.host.map((turn) => turn[index] ?? Number.NaN))
    const value = hosted / floor
    console.log(`   ${phase.padEnd(34)} ${ms(floor).padStart(9)} ${ms(hosted).padStart(9)} ${ms(hosted - floor).padStart(9)}  ${ratio(value)} ${value <= 1.3 ? 'within' : 'OVER'}`)
  })
  const added = median(figures.host.map((turn) => turn[3])) - median(figures.bare.map((turn) => turn[3]))
  console.log(`   added per tool round (one round a turn): ${ms(added)} (goal < 10 ms: ${added < 10 ? 'within' : 'OVER'})`)
  console.log(`   durable writes per turn: host ${ratio(hostWritesMade / TURNS)}, floor ${ratio(bareWrites / TURNS)} (the design: ${COMMITS_PER_TURN.length}, one per committed message)`)
}

await runBench('turn', async (cleanup) => {
  if (!existsSync(join(root, 'out/main/host.js'))) throw new Error('bench/turn.ts runs the built host: run `npm run build` first')
  const model = await startScriptedModelServer()
  cleanup.add('stop the model server', () => model.stop())
  await onDisk(cleanup, model, 'this machine’s disk', tmpdir())
  if (existsSync('/dev/shm')) await onDisk(cleanup, model, 'tmpfs', '/dev/shm')
  else console.log('tmpfs: skipped (no /dev/shm)')
})
