/**
 * Tool-call arguments while the model writes them (issue 20 item 6): the partial JSON is shown as it
 * grows, and parsing the whole text again on every delta costs the square of its length. 64 KB of
 * arguments arrive in 2,000 deltas (one stream part each, a macrotask apart, as fast as they come);
 * measured: the time to take them all in and have the final arguments parsed, with the throttled
 * parser (partialToolInput.ts: at most one parse per 50 ms, and the final text) and with a parse per
 * delta (what streamStep.ts did before). Baseline in the same run: one parse of the final text.
 * It prints, it does not judge.
 * Run: npx tsx bench/toolInputParse.ts   (BENCH_TRIALS to vary)
 */
import { parsePartialJson } from 'ai'
import { ToolInputParser } from '../src/main/agent/turn/partialToolInput'
import { median, ms, ratio } from './support/browserBench'

const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)
const DELTAS = 2000
const ARGUMENT = { path: 'notes/plan.md', content: 'A line of the file being written by the model.\n'.repeat(1400) }
const TEXT = JSON.stringify(ARGUMENT)
const SIZE = Math.ceil(TEXT.length / DELTAS)
const PARTS = Array.from({ length: Math.ceil(TEXT.length / SIZE) }, (_, i) => TEXT.slice(i * SIZE, (i + 1) * SIZE))

const nextPart = () => new Promise<void>((resolve) => setImmediate(resolve))

async function timed(run: () => Promise<number>): Promise<{ ms: number; parses: number }> {
  const start = performance.now()
  const parses = await run()
  return { ms: performance.now() - start, parses }
}

/** Every delta parsed: the whole text so far, each time. */
async function perDelta(): Promise<number> {
  let text = ''
  for (const part of PARTS) {
    await nextPart()
    text += part
    await parsePartialJson(text)
  }
  return PARTS.length
}

async function throttled(): Promise<number> {
  let parses = 0
  const parser = new ToolInputParser(() => {}, { parse: (text) => (parses++, parsePartialJson(text)) })
  for (const part of PARTS) {
    await nextPart()
    parser.add(part)
  }
  await parser.finish()
  return parses
}

async function once(): Promise<number> {
  for (const _part of PARTS) await nextPart()
  await parsePartialJson(TEXT)
  return 1
}

const results = { once: [] as number[], throttled: [] as number[], perDelta: [] as number[] }
let throttledParses = 0
for (let trial = 0; trial < TRIALS; trial++) {
  results.once.push((await timed(once)).ms)
  const mine = await timed(throttled)
  throttledParses = mine.parses
  results.throttled.push(mine.ms)
  results.perDelta.push((await timed(perDelta)).ms)
}
const base = median(results.once)
console.log(`Tool-call arguments being written: ${(TEXT.length / 1024).toFixed(0)} KB in ${PARTS.length} deltas, median of ${TRIALS}`)
console.log(`   one parse of the final text (baseline)   ${ms(base).padStart(10)}`)
console.log(`   throttled (${throttledParses} parses)                  ${ms(median(results.throttled)).padStart(10)}   ratio ${ratio(median(results.throttled) / base)}`)
console.log(`   a parse per delta (${PARTS.length} parses)          ${ms(median(results.perDelta)).padStart(10)}   ratio ${ratio(median(results.perDelta) / base)}`)
