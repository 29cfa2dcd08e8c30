/** What "Test connection" found: the models the server offers (to add to the list), or the error in words. */
import type { HostToolResult } from '../../../shared/hostApi'
import { AlertIcon, CheckIcon, PlusIcon } from '../icons'
import { smallSecondaryButton } from '../ui'

interface Props {
  /** provider_test's or provider_try's answer. */
  result: HostToolResult<'provider_test'>
  /** Models already in the provider's list. */
  known: readonly string[]
  onAdd: (models: string[]) => void
  busy: boolean
}

/** How many offered models are listed with their own button before "Add all". */
const SHOWN = 12

export function ConnectionTestResult({ result, known, onAdd, busy }: Props) {
  if (!result.ok) {
    return (
      <div role="alert" className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
        <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
        <p className="min-w-0 break-words">
          <span className="font-medium">Connection failed.</span> {result.error ?? 'The server did not answer.'}
        </p>
      </div>
    )
  }
  const fresh = result.models.filter((model) => !known.includes(model))
  const count = result.models.length === 1 ? '1 model' : `${result.models.length} models`
  return (
    <div role="status" className="mt-3 rounded-md border border-emerald-200 bg-emerald-50/70 px-3 py-2 text-sm dark:border-emerald-900/60 dark:bg-emerald-950/30">
      <p className="flex items-center gap-1.5 text-emerald-900 dark:text-emerald-200">
        <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />
        <span>
          <span className="font-medium">Connected.</span> The server offers {count}
          {fresh.length === 0 && result.models.length > 0 ? ', all in your list.' : '.'}
        </span>
      </p>
      {result.added && (
        <p className="mt-1 text-emerald-900 dark:text-emerald-200">
          Added <code className="font-mono">{result.added}</code>, the only model it offers.
        </p>
      )}
      {fresh.length > 0 && (
        <div className="mt-2">
          <ul aria-label="Models the server offers" className="flex flex-wrap gap-1.5">
            {fresh.slice(0, SHOWN).map((model) => (
              <li key={model}>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Add model ${model}`}
                  onClick={() => onAdd([model])}
                  className="inline-flex max-w-full items-center gap-1 rounded-md border border-emerald-300 bg-white px-2 py-0.5 font-mono text-xs text-zinc-800 hover:bg-emerald-50 disabled:opacity-50 dark:border-emerald-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-emerald-950/60"
                >
                  <PlusIcon className="size-3" />
                  <span className="truncate">{model}</span>
                </button>
              </li>
            ))}
          </ul>
          {fresh.length > 1 && (
            <button type="button" className={`${smallSecondaryButton} mt-2`} disabled={busy} onClick={() => onAdd(fresh)}>
              Add all {fresh.length}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
