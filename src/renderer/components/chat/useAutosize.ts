/** Grows a textarea with its content up to a maximum height, then it scrolls. Attach the returned ref. */
import { useLayoutEffect, useRef } from 'react'

/** Set through the CSSOM, which the page's CSP allows (no inline style attribute is parsed). */
function fit(element: HTMLTextAreaElement | null, maxPx: number): void {
  if (!element) return
  element.style.height = 'auto'
  element.style.height = `${Math.min(element.scrollHeight, maxPx)}px`
  element.style.overflowY = element.scrollHeight > maxPx ? 'auto' : 'hidden'
}

export function useAutosize(value: string, maxPx = 240) {
  const textarea = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => fit(textarea.current, maxPx), [value, maxPx])
  return textarea
}
