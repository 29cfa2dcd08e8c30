/** One hook in the run order: what it is, whether it is approved, on/off, move, remove, and a test on a sample payload. */
import { useId, useState } from 'react'
import { HOOK_SAMPLE_PAYLOADS, type HookTestResult, type HooksResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { quietButton, quietDangerButton, smallSecondaryButton, textInput } from '../ui'
import { EVENT_LABELS } from './HookForm'
import { HookTestResultView } from './HookTestResult'

type HookView = HooksResource['hooks'][number]

export function HookRow({ hook, index, count }: { hook: HookView; index: number; count: number }) {
  const id = useId()
  const act = useHostAction()
  const [sample, setSample] = useState<string | null>(null)
  const [result, setResult] = useState<HookTestResult | string | null>(null)
  const save = (change: { enabled?: boolean; position?: number }) => act('hook_save', { id: hook.id, name: hook.name, event: hook.event, target: hook.target, observeOnly: hook.observeOnly, ...change })

  const test = async () => {
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(sample ?? '{}') as Record<string, unknown>
    } catch (error) {
      setResult(`The sample is not valid JSON: ${(error as Error).message}`)
      return
    }
    setResult((await act('hook_test', { id: hook.id, payload })) ?? null)
  }

  return (
    <li className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{hook.name}</span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {EVENT_LABELS[hook.event]} · {hook.command ? 'runs ' : null}
          <code className="font-mono break-all">{hook.command ? hook.command.line : hook.observeOnly ? `!mutate:${hook.target}` : hook.target}</code>
          {hook.match.tool ? <> · tools <code className="font-mono">{hook.match.tool}</code></> : null}
          {hook.command?.matcher ? <> · matcher <code className="font-mono">{hook.command.matcher}</code></> : null}
        </span>
        {!hook.approved && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">Waiting for approval</span>}
        <span className="ml-auto flex items-center gap-1">
          <label className="flex items-center gap-1 text-xs">
            <input type="checkbox" checked={hook.enabled} onChange={(change) => void save({ enabled: change.target.checked })} />
            On
          </label>
          <button type="button" className={quietButton} disabled={index === 0} aria-label={`Run ${hook.name} earlier`} onClick={() => void save({ position: index - 1 })}>
            ↑
          </button>
          <button type="button" className={quietButton} disabled={index === count - 1} aria-label={`Run ${hook.name} later`} onClick={() => void save({ position: index + 1 })}>
            ↓
          </button>
          <button type="button" className={smallSecondaryButton} onClick={() => setSample(sample === null ? JSON.stringify(HOOK_SAMPLE_PAYLOADS[hook.event], null, 2) : null)}>
            Test
          </button>
          <button type="button" className={quietDangerButton} onClick={() => void act('hook_remove', { id: hook.id })}>
            Remove
          </button>
        </span>
      </div>
      {sample !== null && (
        <div className="mt-3 grid gap-2">
          <label htmlFor={`${id}-sample`} className="text-xs text-zinc-500 dark:text-zinc-400">
            Sample payload
          </label>
          <textarea id={`${id}-sample`} rows={5} value={sample} onChange={(change) => setSample(change.target.value)} className={`${textInput} h-auto font-mono text-xs`} />
          <div>
            <button type="button" className={smallSecondaryButton} onClick={() => void test()}>
              Run on this sample
            </button>
          </div>
          {result !== null && <HookTestResultView result={result} />}
        </div>
      )}
    </li>
  )
}
