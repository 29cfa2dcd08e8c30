/**
 * A connected app's token, right after the person allowed it: shown this once with ready-made
 * configs, because main keeps only its hash. Closing the dialog forgets it in the window too.
 */
import { useConnectedAppsStore } from '../../stores/connectedAppsStore'
import { useModalDialog } from '../../hooks/useModalDialog'
import { primaryButton } from '../ui'
import { ConfigSnippets, Copyable } from './ConfigSnippets'
import { VisibleText } from '../VisibleText'
import type { IssuedToken } from '../../../shared/hostApi'

export function IssuedTokenDialog() {
  const issued = useConnectedAppsStore((state) => state.issued)
  const dismiss = useConnectedAppsStore((state) => state.dismiss)
  if (!issued) return null
  return <IssuedTokenModal key={issued.app.id} issued={issued} onDone={dismiss} />
}

function IssuedTokenModal({ issued, onDone }: { issued: IssuedToken; onDone: () => void }) {
  const dialog = useModalDialog()
  return (
    <dialog
      ref={dialog}
      aria-labelledby="issued-token-title"
      onCancel={(event) => {
        event.preventDefault()
        onDone()
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-zinc-900 shadow-xl ring-1 ring-black/10 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10"
    >
      <div className="space-y-4 p-5">
        <h2 id="issued-token-title" className="text-base font-semibold">
          <VisibleText text={issued.app.name} /> is allowed
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Put this token into its config now: it is shown only this once (Switchboard keeps only a hash of it). Lost it? Revoke the app in Settings → Connected apps and allow it again.
        </p>
        {issued.url ? (
          <ConfigSnippets url={issued.url} token={issued.token} />
        ) : (
          <>
            <Copyable text={issued.token} label="Copy the token" />
            <p className="text-sm text-amber-700 dark:text-amber-300">The endpoint is off: turn it on in Settings → Connected apps for its URL, then send the token as “Authorization: Bearer …”.</p>
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className={primaryButton} onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  )
}
