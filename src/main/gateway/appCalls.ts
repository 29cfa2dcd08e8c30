/**
 * The calls each connected app has in flight, so revoking it can end them: their signal aborts
 * (a call waiting for approval is withdrawn, a running one cancelled in its extension), and the
 * revocation waits for their answers to go out before it closes the app's sessions.
 */

/** How long a revocation waits for aborted calls to answer before closing the sessions anyway. */
export const SETTLE_AFTER_ABORT_MS = 2_000

export interface AppCalls {
  /** Runs a call of `appId` with a signal that aborts when the request is cancelled or the app revoked. */
  run<T>(appId: string, requestSignal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T>
  /** Aborts every call of `appId` and resolves once they answered (or after SETTLE_AFTER_ABORT_MS). */
  cut(appId: string): Promise<void>
}

export function createAppCalls(): AppCalls {
  const byApp = new Map<string, { controller: AbortController; calls: Set<Promise<unknown>> }>()
  return {
    run(appId, requestSignal, call) {
      let entry = byApp.get(appId)
      if (!entry) {
        entry = { controller: new AbortController(), calls: new Set() }
        byApp.set(appId, entry)
      }
      const { calls, controller } = entry
      const running = call(AbortSignal.any([requestSignal, controller.signal]))
      calls.add(running)
      const forget = () => void calls.delete(running)
      running.then(forget, forget)
      return running
    },
    async cut(appId) {
      const entry = byApp.get(appId)
      if (!entry) return
      byApp.delete(appId)
      entry.controller.abort(new Error('The app was revoked.'))
      let timer: NodeJS.Timeout | undefined
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_AFTER_ABORT_MS)))
      await Promise.race([Promise.allSettled([...entry.calls]), limit])
      clearTimeout(timer)
      // The SDK writes a handler's answer to the response in the microtasks after the handler
      // settles; one macrotask later it is on the wire, before the sessions are closed.
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}
