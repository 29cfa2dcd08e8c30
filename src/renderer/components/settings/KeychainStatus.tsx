/** Where secrets persist (which keychain binding or encrypted file); when they cannot, why, and what to do about it. */
import type { KeychainStatus as Status } from '../../../shared/hostApi'
import { AlertIcon, ShieldCheckIcon } from '../icons'

/** Host reasons start in lower case ("the OS keychain could not be reached: …"); shown as a sentence here. */
function sentence(text: string): string {
  const trimmed = text.trim()
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

export function KeychainStatus({ status }: { status: Status }) {
  if (status.keychain === 'available') {
    return (
      <div className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50/70 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/30">
        <ShieldCheckIcon className="mt-0.5 size-5 text-emerald-600 dark:text-emerald-400" />
        <div>
          <p className="text-sm font-medium text-emerald-950 dark:text-emerald-100">Secrets are stored in {status.backendName}</p>
          <p className="mt-1 text-sm text-emerald-900/80 dark:text-emerald-200/80">
            {status.backend === 'safe-storage'
              ? 'No keychain binding could be loaded, so the values are encrypted with a key your operating system keeps, in a file of the data folder. They are never shown in this window.'
              : 'Your operating system keeps the values. They are never written to the data folder and never shown in this window.'}
          </p>
          {status.passedOver.length > 0 && (
            <p className="mt-2 text-xs text-emerald-900/70 dark:text-emerald-200/70">
              Passed over: {status.passedOver.map(sentence).join(' ')}
            </p>
          )}
        </div>
      </div>
    )
  }
  if (status.keychain === 'checking') {
    // The host starts without waiting for the keychain; this turns into one of the other two within a moment.
    return (
      <div className="flex gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900/50">
        <ShieldCheckIcon className="mt-0.5 size-5 text-zinc-400 dark:text-zinc-500" />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Checking the OS keychain…</p>
      </div>
    )
  }
  return (
    <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800/70 dark:bg-amber-950/40">
      <AlertIcon className="mt-0.5 size-5 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-amber-950 dark:text-amber-100">The OS keychain is unavailable</p>
        <p className="mt-1 text-amber-900 dark:text-amber-100/85">
          Secrets you set are kept in memory only until Switchboard quits; after a restart you will need to set them again. Nothing
          is written to disk instead.
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-amber-900 dark:text-amber-100/85">
          <dt className="font-medium text-amber-950 dark:text-amber-100">Why</dt>
          <dd className="min-w-0 break-words">{sentence(status.reason)}</dd>
          <dt className="font-medium text-amber-950 dark:text-amber-100">What to do</dt>
          <dd className="min-w-0 break-words">{sentence(status.fix)}</dd>
        </dl>
      </div>
    </div>
  )
}
