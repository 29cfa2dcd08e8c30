/**
 * Where older turns were summarised for the model because the conversation outgrew its context
 * window: a note that says so and opens to the summary itself. The messages it stands for stay
 * shown above it; only the model gets the summary instead. Where its content came from (the model,
 * carrying the outside content of what it stands for) is the tooltip of its focusable line (shown on
 * hover, read out on keyboard focus, like a tool card's header) and a line of the opened note.
 */
import { provenanceLabel } from '../../../shared/provenanceText'
import type { AssistantView } from './liveTurn'

type Summary = NonNullable<AssistantView['summary']>

export function SummaryNote({ summary }: { summary: Summary }) {
  const from = provenanceLabel(summary.provenance)
  const messages = summary.covered === 1 ? '1 earlier message' : `${summary.covered.toLocaleString('en-US')} earlier messages`
  return (
    <details className="group rounded-lg border border-amber-200 bg-amber-50/70 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-800/60 dark:bg-amber-950/30 dark:text-amber-200">
      <summary title={from} className="cursor-pointer select-none marker:text-amber-500">
        The conversation outgrew the model’s context window: {messages} were summarised for the model (≈ {summary.tokensBefore.toLocaleString('en-US')} →{' '}
        {summary.tokensAfter.toLocaleString('en-US')} tokens). They stay here and on disk. <span className="underline group-open:hidden">Show summary</span>
      </summary>
      <p className="mt-2 whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{summary.text}</p>
      {from && <p className="mt-1.5 text-xs text-amber-800 dark:text-amber-300">{from}.</p>}
    </details>
  )
}
