/**
 * The moment the window first shows the chat with its session list. Work the first screen does not
 * need (the other host resources, the frontend-tools session and its chunk) waits for it, so that
 * it does not compete with the first draw for the page's thread and the host's (issue 20: window
 * usable within 1.5× host ready).
 */

/** After the browser painted the frame; a hidden window may not run animation frames, so also after this many ms. */
const PAINT_FALLBACK_MS = 100

let drawn = false
const waiting: (() => void)[] = []

/** Runs `work` once the first draw is on screen (at once, in a later task, if it already is). */
export function afterFirstDraw(work: () => void): void {
  if (drawn) setTimeout(work, 0)
  else waiting.push(work)
}

/** Called by the window when it has committed the chat with the session list; the second call does nothing. */
export function markFirstDraw(): void {
  if (drawn) return
  drawn = true
  let ran = false
  const run = () => {
    if (ran) return
    ran = true
    for (const work of waiting.splice(0)) work()
  }
  // A task queued from an animation frame runs after that frame is painted.
  requestAnimationFrame(() => setTimeout(run, 0))
  setTimeout(run, PAINT_FALLBACK_MS)
}
