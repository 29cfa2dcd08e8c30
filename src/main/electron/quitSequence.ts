/**
 * Quitting with cleanup (docs/architecture.md §9 F20): the first `will-quit` is held (`preventDefault`) while the
 * sessions and the host close (at most `budgetMs`), then the app quits again and that one goes through.
 * The second quit runs on a later task, never inside the promise chain of the first: when `will-quit`
 * came from native code (menu Quit, Cmd+Q, the dock) and the cleanup awaited no real I/O, a quit made
 * from a microtask still sees the app as quitting and is ignored, so it would never end
 * (electron/electron#33643). Pure over the injected app, so it is unit-tested without Electron.
 */

/** The part of Electron's `app` the sequence uses. */
export interface QuittingApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown
  quit(): void
}

export interface QuitSequenceOptions {
  /** Closes what must be closed before the process ends; its failures do not stop the quit. */
  cleanup(): Promise<unknown>
  /** How long the cleanup may take before the app quits anyway. */
  budgetMs: number
  /** Runs `quit` on a later task. */
  later?: (run: () => void) => void
}

export function holdQuitForCleanup(app: QuittingApp, { cleanup, budgetMs, later = (run) => setTimeout(run, 0) }: QuitSequenceOptions): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running'
  app.on('will-quit', (event) => {
    if (state === 'stopped') return
    event.preventDefault()
    if (state === 'stopping') return
    state = 'stopping'
    let timer: ReturnType<typeof setTimeout> | undefined
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs)
      timer.unref?.()
    })
    const settled = Promise.resolve()
      .then(cleanup)
      .catch(() => undefined)
    void Promise.race([settled, budget]).then(() => {
      clearTimeout(timer)
      state = 'stopped'
      later(() => app.quit())
    })
  })
}
