/**
 * "Run tool": JSON arguments (prefilled from the input schema's required properties), checked as
 * JSON before anything is sent, then `tool_call` on the host — the same dispatch as the model's
 * calls, with the person as the approver. Ctrl+Enter (⌘Enter) runs; Stop gives up waiting. While
 * it runs, the tool's progress reports (relayed by the host under our progress token) drive a bar.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ToolCallOutcomeSchema, type CatalogToolView, type ToolCallView } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage, toolErrorText } from '../../mcp/errorText'
import { useErrorStore } from '../../stores/errorStore'
import { PlayIcon, StopIcon } from '../icons'
import { primaryButton, quietButton, secondaryButton } from '../ui'
import { argumentsTemplate, parseArguments, propertySummary } from './toolArguments'
import { ToolResultView, type RunResult } from './ToolResultView'
import { formatDuration } from '../../../shared/format'
import { RunApp } from '../../apps/RunApp'
import { ToolProgressBar } from '../chat/ToolProgressBar'

const runKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Enter' : 'Ctrl+Enter'

/** Longer than the host's default hard cap for one call (10 min), so the host decides when a call is over. */
const RUN_TIMEOUT_MS = 11 * 60_000

export function RunToolForm({ tool }: { tool: CatalogToolView }) {
  const id = useId()
  const client = useHostClient()
  const report = useErrorStore((state) => state.report)
  const template = argumentsTemplate(tool.inputSchema)
  const [text, setText] = useState(template)
  const [problem, setProblem] = useState<string | undefined>()
  const [running, setRunning] = useState<{ since: number; abort: AbortController } | null>(null)
  const [result, setResult] = useState<RunResult | null>(null)
  /** The end of the outcome: a run's result (and its App) may land below the fold, so it is brought into view. */
  const outcomeEnd = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Optional call: jsdom (renderer unit tests) has no scrollIntoView.
    if (result) outcomeEnd.current?.scrollIntoView?.({ block: 'nearest' })
  }, [result])
  /** The run whose result is shown: its App (when the tool has one) gets these arguments. */
  const [ran, setRan] = useState<{ id: string; args: Record<string, unknown> } | null>(null)
  const [progress, setProgress] = useState<ToolCallView['progress']>(undefined)
  const field = useRef<HTMLTextAreaElement>(null)
  const properties = propertySummary(tool.inputSchema)

  const run = async () => {
    if (running) return
    const parsed = parseArguments(text)
    if (!parsed.ok) {
      setProblem(parsed.problem)
      field.current?.focus()
      return
    }
    setProblem(undefined)
    const abort = new AbortController()
    setRunning({ since: Date.now(), abort })
    setResult(null)
    setProgress(undefined)
    try {
      const raw = await client.callRaw('tool_call', { name: tool.name, arguments: parsed.value }, { signal: abort.signal, timeoutMs: RUN_TIMEOUT_MS, onProgress: setProgress })
      const outcome = ToolCallOutcomeSchema.safeParse(raw.structuredContent)
      setRan({ id: crypto.randomUUID(), args: parsed.value })
      if (outcome.success) setResult({ kind: 'result', content: raw.content, isError: raw.isError, outcome: outcome.data })
      else if (raw.isError) setResult({ kind: 'refused', message: toolErrorText(raw.content) ?? 'The host refused to run the tool.' })
      else setResult({ kind: 'result', content: raw.content, isError: false })
    } catch (error) {
      if (abort.signal.aborted) setResult({ kind: 'aborted' })
      else report(errorMessage(error))
    } finally {
      setRunning(null)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run()
  }

  return (
    <form noValidate aria-label={`Run ${tool.toolName}`} onSubmit={submit} className="space-y-3">
      <div>
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={`${id}-arguments`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Arguments (JSON)
          </label>
          {text !== template && (
            <button type="button" className={`${quietButton} h-6 px-1.5 text-xs`} onClick={() => {
                setText(template)
                setProblem(undefined)
              }}>
              Reset
            </button>
          )}
        </div>
        <textarea
          ref={field}
          id={`${id}-arguments`}
          value={text}
          rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-message ${id}-properties`}
          onChange={(event) => {
            setText(event.target.value)
            // Once a problem is shown, say as soon as it is fixed.
            if (problem) setProblem(parseArguments(event.target.value).ok ? undefined : problem)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault()
              void run()
            }
          }}
          className={
            'mt-1.5 block w-full resize-y rounded-md border border-zinc-300 bg-white px-2.5 py-2 font-mono text-xs leading-relaxed text-zinc-900 shadow-xs ' +
            'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none aria-[invalid=true]:border-red-500 ' +
            'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-indigo-400'
          }
        />
        <p id={`${id}-message`} aria-live="polite" className="mt-1.5 text-xs text-red-700 empty:mt-0 dark:text-red-400">
          {problem ?? ''}
        </p>
        {properties.length > 0 && (
          <ul id={`${id}-properties`} className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            {properties.map((property) => (
              <li key={property.name} title={property.description}>
                <code className="font-mono text-zinc-700 dark:text-zinc-300">{property.name}</code> {property.type}
                {property.required ? <span className="text-amber-700 dark:text-amber-400"> · required</span> : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center gap-2">
        <button type="submit" className={primaryButton} disabled={running !== null}>
          <PlayIcon className="size-3.5" />
          {running ? 'Running…' : 'Run'}
        </button>
        {running && (
          <>
            <button type="button" className={secondaryButton} onClick={() => running.abort.abort()}>
              <StopIcon className="size-3.5" />
              Stop waiting
            </button>
            <Elapsed since={running.since} />
          </>
        )}
        {!running && <span className="text-xs text-zinc-500 dark:text-zinc-400">{runKeys} in the field runs it too.</span>}
      </div>
      {result?.kind === 'result' && ran && <RunApp runId={ran.id} toolName={tool.name} args={ran.args} content={result.content} isError={result.isError} />}
      {running && progress && <ToolProgressBar progress={progress} label={`Progress of ${tool.toolName}`} />}
      {result && <ToolResultView result={result} extensionId={tool.extensionId} />}
      <div ref={outcomeEnd} aria-hidden="true" />
    </form>
  )
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(since)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  return <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatDuration(now - since)}</span>
}
