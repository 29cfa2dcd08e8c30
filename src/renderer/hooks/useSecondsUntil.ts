/** Whole seconds until `at` (epoch ms), ticking once a second; undefined when `at` is absent or past. */
import { useEffect, useState } from 'react'

export function useSecondsUntil(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (at === undefined) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [at])
  if (at === undefined) return undefined
  const left = Math.ceil((at - now) / 1000)
  return left > 0 ? left : undefined
}
