/**
 * Copies a piece of text (a path) to the clipboard. Where the clipboard is not available to the
 * page (Electron grants the renderer no permissions), it selects the text instead and says which
 * keys copy it.
 */
import { useEffect, useState, type RefObject } from 'react'
import { CheckIcon, CopyIcon } from './icons'
import { quietButton } from './ui'

interface Props {
  text: string
  /** The element that shows `text`, selected when the clipboard refuses. */
  shownIn: RefObject<HTMLElement | null>
  /** Accessible name, e.g. "Copy data folder path". */
  label: string
  /** Only the icon (the label is the tooltip), for rows of small actions under a message. */
  iconOnly?: boolean
}

type Outcome = 'idle' | 'copied' | 'selected'

const copyKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘C' : 'Ctrl+C'

export function CopyButton({ text, shownIn, label, iconOnly = false }: Props) {
  const [outcome, setOutcome] = useState<Outcome>('idle')

  useEffect(() => {
    if (outcome === 'idle') return
    const timer = setTimeout(() => setOutcome('idle'), outcome === 'copied' ? 1500 : 4000)
    return () => clearTimeout(timer)
  }, [outcome])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setOutcome('copied')
    } catch {
      const element = shownIn.current
      if (element) window.getSelection()?.selectAllChildren(element)
      setOutcome('selected')
    }
  }

  const shown = outcome === 'copied' ? 'Copied' : outcome === 'selected' ? `Press ${copyKeys}` : 'Copy'
  return (
    <>
      <button type="button" aria-label={label} title={label} className={`${quietButton} shrink-0`} onClick={() => void copy()}>
        {outcome === 'copied' ? <CheckIcon className="size-3.5 text-emerald-600 dark:text-emerald-400" /> : <CopyIcon className="size-3.5" />}
        {!iconOnly && <span aria-hidden="true">{shown}</span>}
      </button>
      <span role="status" className="sr-only">
        {outcome === 'copied' ? 'Copied to the clipboard.' : outcome === 'selected' ? `Selected; press ${copyKeys} to copy.` : ''}
      </span>
    </>
  )
}
