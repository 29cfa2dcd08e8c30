/**
 * Provenance and the guard after outside content (issue 37 item 4): what they cost the tool round of
 * a turn. Both sides run the tool round of bench/support/toolRound.ts (the real `runToolRound` over one
 * model call to echo of the fixture stdio server: argument check, a real permission service, the call
 * through the extension dispatcher, the commit to a real session file).
 * - off: the guard setting "Off" and no provenance recorded (what a tool round cost before);
 * - on: the guard "Acting tools", the session's context holding outside content, provenance worked
 *   out and recorded with every result (as chatService does) and reported to the guard. The tool is
 *   always allowed and was allowed "for the rest of this conversation" once, so the guard goes through
 *   its whole check and lets the call run: no person answers inside the timed rounds.
 * p50 of each side in interleaved blocks, and the median of the paired block ratios; goal on/off ≤ 1.1.
 * Run: npx tsx bench/guard.ts (BENCH_ROUNDS, default 400).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setLogSink } from '../src/main/log/log'
import { measureInBlocks } from './support/latency'
import { allowGuardForConversation, openRoundSide, roundRunner, startEchoCore, type RoundSide } from './support/toolRound'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400)
const WARMUP = 30
setLogSink(() => {}, 'error')

async function main(): Promise<void> {
  const dirs = [await mkdtemp(join(tmpdir(), 'switchboard-bench-guard-off-')), await mkdtemp(join(tmpdir(), 'switchboard-bench-guard-on-'))]
  const echo = await startEchoCore('echo')
  try {
    const round = roundRunner(echo)
    const off = await openRoundSide(dirs[0]!, echo, { guard: 'off' })
    // The context holds outside content; the one question the guard asks is answered "for the rest of this conversation".
    const on = await allowGuardForConversation(await openRoundSide(dirs[1]!, echo, { guard: 'acting' }), round)

    // Small blocks: many pairs, each close in time, so a busy spell of the machine hits both sides alike.
    const measured = await measureInBlocks({ off: () => round(off), on: () => round(on) }, ROUNDS, WARMUP, 10)
    const ratio = measured.on.p50 / measured.off.p50
    // Paired: each block of "on" against the block of "off" just before it, median of those ratios (robust to a busy spell).
    const paired = Array.from(measured.on.blockMedians, (value, block) => value / measured.off.blockMedians[block]!).sort((a, b) => a - b)
    const pairedRatio = paired[Math.floor(paired.length / 2)] ?? Number.NaN
    console.log(`Provenance and the guard: one tool round (stdio echo, real permissions and session file), p50 of ${ROUNDS} rounds a side`)
    console.log(`   ${'guard off, no provenance'.padEnd(44)} ${measured.off.p50.toFixed(3)} ms (p99 ${measured.off.p99.toFixed(3)})`)
    console.log(`   ${'guard on, outside content, provenance'.padEnd(44)} ${measured.on.p50.toFixed(3)} ms (p99 ${measured.on.p99.toFixed(3)})`)
    console.log(`   ${'ratio on / off (p50s)'.padEnd(44)} ${ratio.toFixed(2)}`)
    console.log(`   ${'ratio on / off (median of paired blocks)'.padEnd(44)} ${pairedRatio.toFixed(2)} (goal ≤ 1.1)`)
    // The in-process part alone (no process, no disk): the inspector chain's decision for the same call.
    const { tool } = echo
    let calls = 0
    const decideOn = (s: RoundSide) => () => {
      const n = ++calls
      return s.permissions.decide({ origin: 'model', sessionId: s.sessionId, callId: `d-${n}`, extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name, tool: { name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations }, arguments: { text: String(n).padStart(100, 'x') } })
    }
    const decisions = await measureInBlocks({ off: decideOn(off), on: decideOn(on) }, ROUNDS * 10, WARMUP * 10, 500)
    console.log(`   ${'the decision alone: off / on'.padEnd(44)} ${(decisions.off.p50 * 1000).toFixed(1)} µs / ${(decisions.on.p50 * 1000).toFixed(1)} µs, ratio ${(decisions.on.p50 / decisions.off.p50).toFixed(2)}`)
    for (const s of [off, on]) await s.close()
  } finally {
    await echo.stop()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
}

await main()
