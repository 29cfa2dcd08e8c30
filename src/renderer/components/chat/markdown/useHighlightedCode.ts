/**
 * Highlighting on first use: highlight.js and its languages are a chunk of their own, fetched the
 * first time a finished code block is drawn. Until it arrives the block shows plain (as it does while
 * streaming), then it is drawn highlighted; once loaded, every later block is highlighted at once.
 */
import { useEffect, useMemo, useState } from 'react'

type Highlighter = typeof import('./highlight')

let loaded: Highlighter | undefined
let loading: Promise<Highlighter> | undefined

function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./highlight').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined // the next block tries again
      throw error
    },
  )
  return loading
}

/** The block as highlight.js HTML (see highlight.ts), or null while it is open, unknown or not loaded yet. */
export function useHighlightedCode(code: string, language: string, open: boolean): string | null {
  const [highlighter, setHighlighter] = useState(loaded)
  const wanted = !open && language !== ''
  useEffect(() => {
    if (!wanted || highlighter) return
    let current = true
    // A failed chunk load leaves the block plain, which is what it shows without highlighting anyway.
    loadHighlighter().then(
      (module) => current && setHighlighter(module),
      () => {},
    )
    return () => {
      current = false
    }
  }, [wanted, highlighter])
  return useMemo(() => (wanted && highlighter ? highlighter.highlightCode(code, language) : null), [wanted, highlighter, code, language])
}
