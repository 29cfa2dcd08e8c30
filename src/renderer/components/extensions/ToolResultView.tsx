/**
 * The result of a tool run by hand: how it ended and how long it took, then its content — text,
 * images, links to resources and embedded resources as items that open, as in the chat's tool cards —
 * and any structured content. A failed call is styled as such, and its text is the tool's (or the
 * host's) own explanation.
 */
import type { ToolCallOutcome } from '../../../shared/hostApi'
import { AlertIcon, CheckIcon } from '../icons'
import { ResultBlocks } from '../resources/ResultBlocks'
import { parseContentBlocks } from './contentBlocks'
import { StructuredResultView } from './StructuredResultView'
import { formatDuration } from '../../../shared/format'

/** What came back: a result from the tool (with its outcome), or the host's refusal to make the call. */
export type RunResult =
  | { kind: 'result'; content: unknown[]; isError: boolean; outcome?: ToolCallOutcome }
  | { kind: 'refused'; message: string }
  | { kind: 'aborted' }

const outcomeLabels: Record<ToolCallOutcome['outcome'], string> = {
  ok: 'Succeeded',
  failed: 'Failed',
  'timed-out': 'Timed out',
  cancelled: 'Cancelled',
}

/** `extensionId`: the extension whose tool ran, from which linked resources are opened. */
export function ToolResultView({ result, extensionId }: { result: RunResult; extensionId: string }) {
  if (result.kind === 'aborted') {
    return (
      <div role="status" className="rounded-md border border-zinc-200 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        Stopped waiting for the result.
      </div>
    )
  }
  if (result.kind === 'refused') {
    return (
      <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
        <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
        <p className="min-w-0 break-words whitespace-pre-wrap">{result.message}</p>
      </div>
    )
  }
  const { outcome, isError } = result
  const blocks = parseContentBlocks(result.content)
  const failed = isError || (outcome !== undefined && outcome.outcome !== 'ok')
  // A call that completed can still be the tool saying it failed (isError).
  const label = outcome && outcome.outcome !== 'ok' ? outcomeLabels[outcome.outcome] : failed ? 'Failed' : 'Succeeded'
  return (
    <section
      aria-label="Result"
      className={
        'overflow-hidden rounded-md border ' +
        (failed ? 'border-red-300 bg-red-50/60 dark:border-red-900/70 dark:bg-red-950/30' : 'border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-900')
      }
    >
      <header
        className={
          'flex flex-wrap items-center gap-x-2 gap-y-1 border-b px-3 py-1.5 text-xs ' +
          (failed ? 'border-red-200 text-red-800 dark:border-red-900/60 dark:text-red-200' : 'border-zinc-200 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400')
        }
      >
        <span role="status" className="inline-flex items-center gap-1 font-semibold">
          {failed ? <AlertIcon className="size-3.5" /> : <CheckIcon className="size-3.5 text-emerald-600 dark:text-emerald-400" />}
          {label}
        </span>
        {outcome && (
          <>
            <span aria-hidden="true">·</span>
            <span>{formatDuration(outcome.durationMs)}</span>
          </>
        )}
        {blocks.length > 0 && (
          <>
            <span aria-hidden="true">·</span>
            <span>{blocks.length === 1 ? '1 content block' : `${blocks.length} content blocks`}</span>
          </>
        )}
      </header>
      <div className="max-h-[28rem] space-y-3 overflow-auto px-3 py-2.5">
        {/* The same as the chat's tool cards: resources as items that open, parts only for the model folded away. */}
        <ResultBlocks content={result.content} extensionId={extensionId} />
        {outcome?.structuredContent && <StructuredResultView value={outcome.structuredContent} />}
      </div>
    </section>
  )
}
