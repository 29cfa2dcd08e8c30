/**
 * Whether an element has been on screen for a moment. Apps run only while their card is visible:
 * the conversation list already keeps a few rows above and below the view, and an App in such a row
 * would cost a frame, a bridge and a running page for nothing. The moment (`settleMs`) keeps a
 * quick scroll past a card from starting its App at all.
 */
import { useEffect, useState, type RefObject } from 'react'

type ObserverConstructor = new (callback: IntersectionObserverCallback) => Pick<IntersectionObserver, 'observe' | 'disconnect'>

/**
 * Tells `onChange` whether `element` is on screen, `true` only once it has stayed so for `settleMs`.
 * Returns the function that stops watching.
 */
export function watchOnScreen(element: Element, settleMs: number, onChange: (onScreen: boolean) => void, Observer: ObserverConstructor = IntersectionObserver): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const observer = new Observer((entries) => {
    // Several changes between two frames arrive together, oldest first (a row of the list moved out
    // and back in while a reply grew): only the last says where the element is now.
    const entry = entries[entries.length - 1]
    clearTimeout(timer)
    if (!entry?.isIntersecting) onChange(false)
    else timer = setTimeout(() => onChange(true), settleMs)
  })
  observer.observe(element)
  return () => {
    clearTimeout(timer)
    observer.disconnect()
  }
}

export function useOnScreen(ref: RefObject<Element | null>, settleMs = 0): boolean {
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return watchOnScreen(element, settleMs, setOnScreen)
  }, [ref, settleMs])
  return onScreen
}
