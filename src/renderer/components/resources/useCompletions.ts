/**
 * Suggestions for a field from completion/complete, asked for once typing pauses (debounced), the
 * latest answer winning. A failure only means no suggestions: the field still takes any value.
 */
import { useEffect, useState } from 'react'
import type { Completion } from '../../../shared/hostApi'

export const COMPLETION_DEBOUNCE_MS = 200

export interface Completions {
  values: string[]
  loading: boolean
}

/** `complete` must be stable for a field (useCallback); it is called with the value typed so far. */
export function useCompletions(complete: ((value: string) => Promise<Completion>) | null, value: string, enabled: boolean): Completions {
  const [result, setResult] = useState<{ value: string; values: string[] } | null>(null)
  useEffect(() => {
    if (!complete || !enabled) return
    let current = true
    const timer = setTimeout(() => {
      complete(value).then(
        (completion) => current && setResult({ value, values: completion.values }),
        () => current && setResult({ value, values: [] }),
      )
    }, COMPLETION_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [complete, value, enabled])
  const fresh = result !== null && result.value === value
  return { values: fresh ? result.values : (result?.values ?? []), loading: enabled && complete !== null && !fresh }
}
