import { describe, expect, it, vi } from 'vitest'
import { holdQuitForCleanup, type QuittingApp } from '../../../src/main/electron/quitSequence'

/**
 * Electron's quit as browser.cc does it: `quit()` is ignored while the app is quitting; `will-quit`
 * listeners run with the app marked as quitting, and the microtasks they queue run before Electron
 * looks at `preventDefault` and clears the mark (the native caller returns to the event loop first).
 */
class FakeElectronApp implements QuittingApp {
  quitting = false
  exited = false
  quitCalls = 0
  private listeners: ((event: { preventDefault(): void }) => void)[] = []

  on(_event: 'will-quit', listener: (event: { preventDefault(): void }) => void): this {
    this.listeners.push(listener)
    return this
  }

  quit(): void {
    this.quitCalls += 1
    if (this.quitting || this.exited) return
    this.quitting = true
    let prevented = false
    for (const listener of this.listeners) listener({ preventDefault: () => (prevented = true) })
    setTimeout(() => {
      if (prevented) this.quitting = false
      else this.exited = true
    }, 0)
  }
}

describe('holdQuitForCleanup', () => {
  it('quits after a cleanup that awaited no real I/O (the re-quit is not swallowed while still quitting)', async () => {
    const app = new FakeElectronApp()
    const cleanup = vi.fn(async () => undefined)
    holdQuitForCleanup(app, { cleanup, budgetMs: 60_000 })
    app.quit()
    await vi.waitFor(() => expect(app.exited).toBe(true))
    expect(cleanup).toHaveBeenCalledOnce()
    expect(app.quitCalls).toBe(2)
  })

  it('holds the quit until the cleanup has finished', async () => {
    const app = new FakeElectronApp()
    let finish = () => {}
    holdQuitForCleanup(app, { cleanup: () => new Promise<void>((resolve) => (finish = resolve)), budgetMs: 60_000 })
    app.quit()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(app.exited).toBe(false)
    finish()
    await vi.waitFor(() => expect(app.exited).toBe(true))
  })

  it('quits anyway when the cleanup fails or outlives its budget', async () => {
    const failing = new FakeElectronApp()
    holdQuitForCleanup(failing, { cleanup: () => Promise.reject(new Error('disk gone')), budgetMs: 60_000 })
    failing.quit()
    const hanging = new FakeElectronApp()
    holdQuitForCleanup(hanging, { cleanup: () => new Promise(() => {}), budgetMs: 10 })
    hanging.quit()
    await vi.waitFor(() => expect([failing.exited, hanging.exited]).toEqual([true, true]))
  })

  it('cleans up once when quit is asked for again meanwhile, and holds those quits too', async () => {
    const app = new FakeElectronApp()
    let finish = () => {}
    const cleanup = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    holdQuitForCleanup(app, { cleanup, budgetMs: 60_000 })
    app.quit()
    await new Promise((resolve) => setTimeout(resolve, 5))
    app.quit()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(app.exited).toBe(false)
    finish()
    await vi.waitFor(() => expect(app.exited).toBe(true))
    expect(cleanup).toHaveBeenCalledOnce()
  })
})

describe('holdQuitForCleanup when the Windows session ends', () => {
  it('cleans up on session-end, where no will-quit comes (shutdown, restart, log-off)', async () => {
    const app = new FakeElectronApp()
    const cleanup = vi.fn(async () => undefined)
    const quitting = holdQuitForCleanup(app, { cleanup, budgetMs: 60_000 })
    quitting.sessionEnding()
    expect(cleanup).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(app.exited).toBe(true))
  })

  it('cleans up once when the session ends during a quit, or a quit follows the session end', async () => {
    const app = new FakeElectronApp()
    let finish = () => {}
    const cleanup = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const quitting = holdQuitForCleanup(app, { cleanup, budgetMs: 60_000 })
    quitting.sessionEnding()
    app.quit()
    quitting.sessionEnding()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(app.exited).toBe(false)
    finish()
    await vi.waitFor(() => expect(app.exited).toBe(true))
    expect(cleanup).toHaveBeenCalledOnce()
  })
})
