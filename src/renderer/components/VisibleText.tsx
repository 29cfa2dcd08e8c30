/**
 * Extension-provided text with its invisible characters made visible: each hidden run (Unicode
 * tag characters, bidirectional controls, zero-width runs) is shown as a marked escape such as
 * ⟦U+202E⟧ or ⟦hidden text: "…"⟧, so what the person reads is what the text contains.
 */
import { Fragment } from 'react'
import { describeInvisible, escapeInvisible, invisibleParts } from '../../shared/invisibleText'

export function VisibleText({ text }: { text: string }) {
  const parts = invisibleParts(text)
  if (parts.every((part) => !part.escaped)) return <>{text}</>
  return (
    <>
      {parts.map((part, index) =>
        part.escaped ? (
          <mark
            key={index}
            title={`Hidden characters: ${describeInvisible([part.run])}. Switchboard shows them here and removes them before the model reads the text.`}
            className="rounded bg-red-100 px-0.5 font-mono text-[0.9em] text-red-800 no-underline ring-1 ring-red-300 ring-inset dark:bg-red-500/15 dark:text-red-200 dark:ring-red-400/40"
          >
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

/** The same text escaped as a plain string, for attributes such as `title` and `aria-label`. */
export const visibleString = escapeInvisible
