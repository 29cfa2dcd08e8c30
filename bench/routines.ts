/**
 * Routines at idle: the real host (createHost, in this process) with 100 scheduled routines against
 * the same host with none, measured in the same run.
 *
 * - Wake-ups: how many times the routine timer fires over 60 s, and over an hour, of a clock the
 *   benchmark moves (clock.ts; the service sees no difference from the wall clock). Goal: at most
 *   one a minute whatever the number of routines.
 * - Idle memory: the heap after a full GC with the 100 routines saved and armed, over the heap of
 *   the same host before they were added. Goal: ≤ 1.05×.
 *
 * Usage: npx tsx bench/routines.ts [--routines 100]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import Conf from 'conf'
import { createHost } from '../src/main/host/createHost'
import { openSecretStore } from '../src/main/secrets/secretStore'
import { manualClock } from '../src/main/services/routines/clock'

const count = Number(process.argv[process.argv.indexOf('--routines') + 1]) || 100
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

async function heap(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return process.memoryUsage().heapUsed
}

async function measure(routines: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-routines-'))
  const clock = manualClock(Date.parse('2026-03-02T06:00:00Z'))
  const host = await createHost({
    dataDir,
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard-bench' }),
    secrets: openSecretStore({ service: `Switchboard-bench-${process.pid}` }),
    routineClock: clock,
  })
  try {
    const service = host.services.routines
    // Idle first: the builtin extensions connected, and croner loaded by one routine saved and removed.
    const deadline = Date.now() + 20_000
    while (!host.services.extensions.core.cache.catalog().tools.some((tool) => tool.extensionId === 'agent-assistant') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const warm = await service.save({ name: 'Warm-up', agentId: 'assistant', prompt: 'x', schedule: { kind: 'cron', expression: '0 9 * * 1-5' }, timeZone: 'Europe/Berlin' })
    await service.remove(warm.id)
    const before = await heap()
    for (let i = 0; i < routines; i++) {
      // Spread over the day and the week so their slots differ; none is due in the measured hour.
      const hour = 12 + (i % 10)
      await service.save({ name: `Routine ${i}`, agentId: 'assistant', prompt: `Task ${i}`, schedule: i % 3 === 0 ? { kind: 'cron', expression: `${i % 60} ${hour} * * 1-5` } : i % 3 === 1 ? { kind: 'daily', time: `${hour}:${String(i % 60).padStart(2, '0')}` } : { kind: 'weekly', days: [i % 7], time: `${hour}:00` }, timeZone: 'Europe/Berlin' })
    }
    const after = await heap()
    const firedBefore = clock.timersFired
    await clock.advance(60_000)
    const perMinute = clock.timersFired - firedBefore
    await clock.advance(59 * 60_000)
    const perHour = clock.timersFired - firedBefore
    return { before, after, perMinute, perHour }
  } finally {
    await host.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const none = await measure(0)
const many = await measure(count)
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
console.log(`routines at idle (${count} scheduled vs none, same run)`)
console.log(`  wake-ups over 60 s: ${many.perMinute} with ${count}, ${none.perMinute} with none (goal ≤ 1)`)
console.log(`  wake-ups over 1 h:  ${many.perHour} with ${count}, ${none.perHour} with none (goal ≤ 60)`)
console.log(`  idle heap: ${mib(many.after)} with ${count} vs ${mib(many.before)} before they were added → ${(many.after / many.before).toFixed(3)}× (goal ≤ 1.05×)`)
const ok = many.perMinute <= 1 && many.perHour <= 60 && many.after / many.before <= 1.05
if (!ok) process.exitCode = 1
