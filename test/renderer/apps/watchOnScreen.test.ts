import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchOnScreen } from '../../../src/renderer/apps/useOnScreen'

/** An IntersectionObserver the test drives: `report` delivers entries the way the browser batches them. */
class ScriptedObserver {
  static last: ScriptedObserver | undefined
  observed: Element[] = []
  disconnected = false
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScriptedObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  report(...states: boolean[]) {
    const entries = states.map((isIntersecting) => ({ isIntersecting }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

describe('watchOnScreen', () => {
  const element = {} as Element
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  function watch(settleMs = 150) {
    const seen: boolean[] = []
    const stop = watchOnScreen(element, settleMs, (onScreen) => seen.push(onScreen), ScriptedObserver)
    return { seen, stop, observer: ScriptedObserver.last! }
  }

  it('says on screen only after the element stayed in view for the settle time', () => {
    const { seen, observer } = watch()
    expect(observer.observed).toEqual([element])
    observer.report(true)
    vi.advanceTimersByTime(149)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual([true])
  })

  it('starts nothing when the element is scrolled past within the settle time', () => {
    const { seen, observer } = watch()
    observer.report(true)
    vi.advanceTimersByTime(100)
    observer.report(false)
    vi.advanceTimersByTime(1_000)
    expect(seen).toEqual([false])
  })

  it('reads the newest of several changes delivered together (out of view, then back in)', () => {
    const { seen, observer } = watch()
    observer.report(false, true)
    vi.advanceTimersByTime(150)
    expect(seen).toEqual([true])
  })

  it('reads the newest of several changes delivered together (in view, then out)', () => {
    const { seen, observer } = watch()
    observer.report(true, false)
    vi.advanceTimersByTime(1_000)
    expect(seen).toEqual([false])
  })

  it('stops watching: no pending answer, observer disconnected', () => {
    const { seen, observer, stop } = watch()
    observer.report(true)
    stop()
    vi.advanceTimersByTime(1_000)
    expect(seen).toEqual([])
    expect(observer.disconnected).toBe(true)
  })
})
