/**
 * Quitting with cleanup (docs/architecture.md §9 F20): the first `will-quit` is held (`preventDefault`) while the
 * sessions and the host close (at most `budgetMs`), then the app quits again and that one goes through.
 * The second quit runs on a later task, never inside the promise chain of the first: when `will-quit`
 * came from native code (menu Quit, Cmd+Q, the dock) and the cleanup awaited no real I/O, a quit made
 * from a microtask still sees the app as quitting and is ignored, so it would never end
 * (electron/electron#33643). Pure over the injected app, so it is unit-tested without Electron.
 *
 * A Windows shutdown, restart or log-off ends the app without `before-quit` or `will-quit`; the
 * window's `session-end` is the only notice. `sessionEnding` starts the same cleanup then, so the
 * stores write what they hold (best effort: Windows may end the process before slow I/O finishes).
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

export interface QuitSequence {
  /** The session is ending (a window's `session-end`): cleans up now, once, as a quit would. */
  sessionEnding(): void
}

export function holdQuitForCleanup(app: QuittingApp, { cleanup, budgetMs, later = (run) => setTimeout(run, 0) }: QuitSequenceOptions): QuitSequence {
  let state: 'running' | 'stopping' | 'stopped' = 'running'
  const stop = (): void => {
    if (state !== 'running') return
    state = 'stopping'
    let timer: ReturnType<typeof setTimeout> | undefined
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs)
      timer.unref?.()
    })
    // Started before returning: at a session end, what the handler starts is all that surely runs.
    const settled = new Promise((resolve) => resolve(cleanup())).catch(() => undefined)
    void Promise.race([settled, budget]).then(() => {
      clearTimeout(timer)
      state = 'stopped'
      later(() => app.quit())
    })
  }
  app.on('will-quit', (event) => {
    if (state === 'stopped') return
    event.preventDefault()
    stop()
  })
  return { sessionEnding: stop }
}
