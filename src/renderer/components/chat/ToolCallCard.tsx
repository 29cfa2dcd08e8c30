/**
 * One tool call in a reply: a header that opens and closes the card (tool, extension, a summary of
 * the arguments, its state), a progress bar while it runs, and when open the arguments and the
 * result — text, images and resource links inline. Whether it is open outlives scrolling away.
 */
import { memo, useId } from 'react'
import type { ToolCallView } from '../../../shared/hostApi'
import { useChatViewStore } from '../../stores/chatViewStore'
import { prettyArguments } from '../consent/ArgumentsBlock'
import { ChevronRightIcon, WrenchIcon } from '../icons'
import { ResultBlocks } from '../resources/ResultBlocks'
import { StructuredResultView } from '../extensions/StructuredResultView'
import { ChartView, isChartCall } from './ChartView'
import { ToolProgressBar } from './ToolProgressBar'
import { ToolStateBadge } from './ToolStateBadge'
import { argumentsSummary, toolNames } from './toolCallText'
import { AppSlot } from '../../apps/AppSlot'
import { HookTrail } from './HookTrail'
import { AgentCallLink } from '../agents/AgentCallLink'
import { provenanceLabel } from '../../../shared/provenanceText'

const sectionTitle = 'text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400'

/** What a call that ended without a result says instead. */
const noResult: Partial<Record<ToolCallView['state'], string>> = {
  denied: 'You denied this call; the model was told.',
  cancelled: 'The call was cancelled before it finished.',
  'timed-out': 'The tool did not answer in time; the model was told.',
}

function firstText(call: ToolCallView): string | undefined {
  const text = call.result?.content.find((block) => block.type === 'text' && typeof block.text === 'string')?.text
  return typeof text === 'string' ? text.split('\n')[0] : undefined
}

export const ToolCallCard = memo(function ToolCallCard({ call }: { call: ToolCallView }) {
  const id = useId()
  const open = useChatViewStore((state) => state.openCards.has(call.callId))
  const setCardOpen = useChatViewStore((state) => state.setCardOpen)
  const { label, extensionId } = toolNames(call)
  const summary = argumentsSummary(call.arguments)
  const failed = call.state === 'error' || call.result?.isError === true
  const errorLine = failed && !open ? firstText(call) : undefined

  return (
    <section
      aria-label={`Tool call: ${label}`}
      data-call-id={call.callId}
      className={
        'overflow-hidden rounded-lg border bg-white shadow-xs dark:bg-zinc-900/70 ' +
        (failed ? 'border-red-200 dark:border-red-900/60' : call.state === 'pending-approval' ? 'border-amber-300 dark:border-amber-700/60' : 'border-zinc-200 dark:border-zinc-700/80')
      }
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setCardOpen(call.callId, !open)}
        title={provenanceLabel(call.provenance)}
        className="flex w-full items-center gap-2.5 px-3 py-2 text-left transition-colors hover:bg-zinc-50 focus-visible:-outline-offset-2 dark:hover:bg-zinc-800/50"
      >
        <ChevronRightIcon className={`size-3.5 text-zinc-400 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`} />
        <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <WrenchIcon className="size-3.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-1.5">
            <span className="truncate font-mono text-[13px] font-medium">{label}</span>
            {extensionId && <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">· {extensionId}</span>}
          </span>
          {summary && !open && <span className="block truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{summary}</span>}
        </span>
        <ToolStateBadge state={call.state} />
      </button>

      {call.state === 'running' && (
        <div className="px-3 pb-2.5">
          <ToolProgressBar progress={call.progress} label={`Progress of ${label}`} />
        </div>
      )}
      {call.state === 'pending-approval' && (
        <p className="border-t border-amber-200 bg-amber-50/60 px-3 py-1.5 text-xs text-amber-900 dark:border-amber-800/50 dark:bg-amber-500/5 dark:text-amber-200">
          Waits for your approval before it runs.
        </p>
      )}
      {isChartCall(call) && (
        <div className="border-t border-zinc-200 px-3 py-3 dark:border-zinc-700/80">
          <ChartView args={call.arguments} />
        </div>
      )}
      <AppSlot call={call} />
      {call.hookChanges && (
        <div className="border-t border-amber-200 bg-amber-50/60 px-3 py-1.5 dark:border-amber-800/50 dark:bg-amber-500/5">
          <HookTrail changes={call.hookChanges} />
        </div>
      )}
      {call.result?.structuredContent !== undefined && (
        <AgentCallLink structuredContent={call.result.structuredContent} className="border-t border-zinc-200 px-3 py-1.5 dark:border-zinc-700/80" />
      )}
      {errorLine && <p className="truncate border-t border-red-100 px-3 py-1.5 text-xs text-red-700 dark:border-red-900/50 dark:text-red-300">{errorLine}</p>}

      {open && (
        <div id={`${id}-body`} className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-700/80">
          <ToolCallArguments call={call} />
          <ToolCallResult call={call} />
        </div>
      )}
    </section>
  )
})

const argumentsBlock = 'mt-1.5 max-h-64 overflow-auto rounded-md bg-zinc-50 px-3 py-2 font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200'

/** The arguments the call went ahead with; when hooks changed the model's, which hooks, and the model's own under a disclosure. */
export function ToolCallArguments({ call }: { call: ToolCallView }) {
  const changed = call.modelArguments !== undefined
  const hooks = [...new Set((call.hookChanges ?? []).filter((change) => change.field === 'arguments').map((change) => change.hook))]
  return (
    <div>
      <h4 className={sectionTitle}>Arguments</h4>
      {changed && (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          {hooks.length > 0 ? (
            <>
              Changed by hook{hooks.length > 1 ? 's' : ''} <em className="font-medium">{hooks.map((hook) => `“${hook}”`).join(', ')}</em>
            </>
          ) : (
            'Changed by a hook'
          )}
          : these are the arguments it ran with, not the model's.
        </p>
      )}
      <pre className={argumentsBlock}>{prettyArguments(call.arguments)}</pre>
      {changed && (
        <details className="mt-1.5 text-xs">
          <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">The model's arguments</summary>
          <pre className={argumentsBlock}>{prettyArguments(call.modelArguments)}</pre>
        </details>
      )}
    </div>
  )
}

function ToolCallResult({ call }: { call: ToolCallView }) {
  const { result } = call
  if (!result) {
    const note = noResult[call.state]
    return note ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{note}</p> : null
  }
  return (
    <div>
      <h4 className={`${sectionTitle} ${result.isError ? 'text-red-700 dark:text-red-400' : ''}`}>{result.isError ? 'Error' : 'Result'}</h4>
      <div
        className={
          'mt-1.5 max-h-[28rem] space-y-3 overflow-auto rounded-md border px-3 py-2 ' +
          (result.isError ? 'border-red-200 bg-red-50/50 dark:border-red-900/60 dark:bg-red-950/20' : 'border-zinc-200 dark:border-zinc-700/80')
        }
      >
        <ResultBlocks content={result.content} extensionId={toolNames(call).extensionId} />
        {result.structuredContent !== undefined && !result.isError && <StructuredResultView value={result.structuredContent} />}
      </div>
      {result.truncated && (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">The result was too large and is shortened here and for the model.</p>
      )}
    </div>
  )
}
