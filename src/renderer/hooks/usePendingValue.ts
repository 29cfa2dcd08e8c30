/**
 * Shows the value a change is heading for until the host reports a new value. The host's answer to
 * a tool call arrives one round trip before the re-read resource, so without this the old value
 * would flash back for a moment.
 */
import { useState } from 'react'

export function usePendingValue<T>(actual: T): [shown: T, expect: (next: T) => void, clear: () => void] {
  const [pending, setPending] = useState<{ to: T } | null>(null)
  const [seen, setSeen] = useState(actual)
  // Adjusting state while rendering (React's documented pattern): any news from the host wins.
  if (!Object.is(seen, actual)) {
    setSeen(actual)
    setPending(null)
  }
  return [pending ? pending.to : actual, (to) => setPending({ to }), () => setPending(null)]
}
