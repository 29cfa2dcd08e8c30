/**
 * Keeps a scrolling list at its bottom while content streams in or rows are measured, until the
 * person scrolls up; scrolling back to the bottom (or `jump`) follows again. Only the person's own
 * scrolling (wheel, touch, keys, the scrollbar) lets go: the list moving under a virtualizer's
 * measurements does not. A click that opens something inside the list is not followed either.
 * `moreBelow` says whether anything lies below the view: not following is not the same as having
 * somewhere to jump to (a search result opened in a chat that fits on screen lets go, yet is at the end).
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/** How close to the bottom still counts as "at the bottom" (px). */
const SLACK = 32
/** How long after the person's input a scroll counts as theirs (ms). */
const INTENT_MS = 600
const scrollKeys = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '])

function toBottom(element: HTMLElement | null): void {
  if (element) element.scrollTop = element.scrollHeight
}

/** Attach `scroller` to the scrolling element and `content` to the element that holds what scrolls. */
export function useFollowBottom<S extends HTMLElement, C extends HTMLElement>() {
  const scroller = useRef<S>(null)
  const content = useRef<C>(null)
  const [following, setFollowing] = useState(true)
  const [moreBelow, setMoreBelow] = useState(false)
  const followingNow = useRef(true)
  const lastIntent = useRef(-Infinity)
  const lastClick = useRef(-Infinity)

  const follow = useCallback((value: boolean) => {
    followingNow.current = value
    setFollowing(value)
  }, [])

  useEffect(() => {
    const element = scroller.current
    const inner = content.current
    if (!element || !inner) return
    const atBottom = () => element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK
    const intent = () => {
      lastIntent.current = performance.now()
    }
    let pointerDown = false
    const onPointerDown = (event: PointerEvent) => {
      pointerDown = true
      intent()
      // A press on the list itself (not its scrollbar) may open a card: its growth is not followed.
      if (event.target !== element) lastClick.current = performance.now()
    }
    const onPointerUp = () => {
      pointerDown = false
    }
    const onKey = (event: KeyboardEvent) => {
      if (scrollKeys.has(event.key)) intent()
    }
    const noteEnd = () => setMoreBelow(!atBottom())
    const onScroll = () => {
      noteEnd()
      if (atBottom()) {
        if (!followingNow.current) follow(true)
      } else if (pointerDown || performance.now() - lastIntent.current < INTENT_MS) {
        if (followingNow.current) follow(false)
      } else if (followingNow.current) {
        toBottom(element)
      }
    }
    const resized = new ResizeObserver(() => {
      if (followingNow.current) {
        if (performance.now() - lastClick.current < INTENT_MS) {
          if (!atBottom()) follow(false)
        } else toBottom(element)
      }
      noteEnd()
    })
    resized.observe(inner)
    resized.observe(element)
    toBottom(element)
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('wheel', intent, { passive: true })
    element.addEventListener('touchmove', intent, { passive: true })
    element.addEventListener('keydown', onKey)
    element.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('pointerup', onPointerUp)
    return () => {
      resized.disconnect()
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', intent)
      element.removeEventListener('touchmove', intent)
      element.removeEventListener('keydown', onKey)
      element.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('pointerup', onPointerUp)
    }
  }, [follow])

  /** Back to the newest message, following again. */
  const jump = useCallback(() => {
    follow(true)
    toBottom(scroller.current)
  }, [follow])

  /** Stops following, e.g. before the list is scrolled to a message elsewhere (a search result). */
  const letGo = useCallback(() => follow(false), [follow])

  return { scroller, content, following, moreBelow, jump, letGo }
}
