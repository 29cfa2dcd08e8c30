/**
 * Whether an element has been on screen for a moment. Apps run only while their card is visible:
 * the conversation list already keeps a few rows above and below the view, and an App in such a row
 * would cost a frame, a bridge and a running page for nothing. The moment (`settleMs`) keeps a
 * quick scroll past a card from starting its App at all.
 */
import { useEffect, useState, type RefObject } from 'react'

export function useOnScreen(ref: RefObject<Element | null>, settleMs = 0): boolean {
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver(([entry]) => {
      clearTimeout(timer)
      if (!entry?.isIntersecting) setOnScreen(false)
      else timer = setTimeout(() => setOnScreen(true), settleMs)
    })
    observer.observe(element)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [ref, settleMs])
  return onScreen
}
