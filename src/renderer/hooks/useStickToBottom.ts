/**
 * Keeps a scrolling element at its bottom as content arrives, until the person scrolls up; scrolling
 * back down (or `jump`) sticks again. Attach `ref` and `onScroll` to the scrolling element.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react'

/** How close to the bottom still counts as "at the bottom" (px). */
const SLACK = 24

function toBottom(node: HTMLElement | null): void {
  if (node) node.scrollTop = node.scrollHeight
}

export function useStickToBottom<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null)
  const [stuck, setStuck] = useState(true)
  const stuckNow = useRef(true)

  useLayoutEffect(() => {
    if (stuckNow.current) toBottom(ref.current)
  }, [content])

  const onScroll = useCallback(() => {
    const node = ref.current
    if (!node) return
    const atBottom = node.scrollHeight - node.scrollTop - node.clientHeight <= SLACK
    stuckNow.current = atBottom
    setStuck(atBottom)
  }, [])

  const jump = useCallback(() => {
    stuckNow.current = true
    setStuck(true)
    toBottom(ref.current)
  }, [])

  return { ref, stuck, onScroll, jump }
}
