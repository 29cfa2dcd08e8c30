/**
 * Long tasks by CPU time, from a Chromium trace. A PerformanceObserver long task is wall time: on a
 * machine shared with other work, a 20 ms task that is descheduled for a while shows up as 80 ms.
 * The trace's thread time (`tdur`) of each task on the page's main thread is what the page itself
 * spent, so it tells whether the page's own work fits the 50 ms budget however busy the machine is.
 */
import type { Browser, Page } from 'playwright-core'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** The top-level task event, by Chromium version. */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask'])

export interface CpuTask {
  /** ms from the mark `from`. */
  at: number
  /** Wall time, ms. */
  wall: number
  /** Main-thread CPU time, ms. */
  cpu: number
  /** With a detailed trace: CPU ms by kind of work inside the task (nested kinds overlap, e.g. a forced layout inside a function call). */
  parts?: Record<string, number>
}

/** The kinds of work a detailed trace breaks a task into. */
const PARTS = new Set(['FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'ParseHTML'])

/** Starts a trace of the page's top-level tasks and user timing marks; `detailed` adds what each task did (it costs more). */
export async function startCpuTrace(browser: Browser, page: Page, detailed = false): Promise<void> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', '__metadata', ...(detailed ? ['devtools.timeline'] : [])] })
}

/**
 * Stops the trace; returns the main-thread tasks of the page between the user timing marks `from`
 * and `to` (set with performance.mark) that used more than `overMs` of CPU, and the mark times.
 */
export async function stopCpuTrace(browser: Browser, marks: { from: string; to: string; also?: string[] }, overMs = 50): Promise<{ tasks: CpuTask[]; marks: Record<string, number>; count: number; longest: CpuTask }> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const mains = new Set(events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`))
  const markAt: Record<string, number> = {}
  for (const event of events) {
    if ([marks.from, marks.to, ...(marks.also ?? [])].includes(event.name) && event.ph !== 'M' && markAt[event.name] === undefined) markAt[event.name] = event.ts
  }
  const from = markAt[marks.from]
  const to = markAt[marks.to]
  if (from === undefined || to === undefined) throw new Error(`the trace has no marks ${marks.from} / ${marks.to}`)
  const onMain = events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`) && event.ts >= from && event.ts < to)
  const parts = onMain.filter((event) => PARTS.has(event.name))
  const all = onMain
    .filter((event) => TASK_EVENTS.has(event.name))
    .map((event) => {
      const task: CpuTask = { at: (event.ts - from) / 1000, wall: (event.dur ?? 0) / 1000, cpu: (event.tdur ?? 0) / 1000 }
      if ((event.tdur ?? 0) / 1000 > overMs / 2 && parts.length > 0) {
        const end = event.ts + (event.dur ?? 0)
        task.parts = {}
        for (const part of parts) if (part.ts >= event.ts && part.ts < end) task.parts[part.name] = (task.parts[part.name] ?? 0) + (part.tdur ?? 0) / 1000
      }
      return task
    })
  if (all.length === 0) throw new Error('the trace has no tasks on the page’s main thread')
  const relative = Object.fromEntries(Object.entries(markAt).map(([name, ts]) => [name, (ts - from) / 1000]))
  return { tasks: all.filter((task) => task.cpu > overMs), marks: relative, count: all.length, longest: all.reduce((longest, task) => (task.cpu > longest.cpu ? task : longest)) }
}
