/**
 * Wraps `task` so that at most one run is in flight. Calls made while it runs collapse into a
 * single extra run afterwards, so the last call always sees fresh data. `task` must not throw.
 */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let again = false
  const loop = async (): Promise<void> => {
    try {
      do {
        again = false
        await task()
      } while (again)
    } finally {
      running = null
    }
  }
  return () => {
    if (running) {
      again = true
      return running
    }
    running = loop()
    return running
  }
}
