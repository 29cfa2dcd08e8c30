/**
 * Sign in to a remote extension (OAuth): the button when it waits for a sign-in, and on the details
 * page what the sign-in is (who, how Switchboard is registered) with Sign out. Signing in offers the
 * sign-in page as a link question; the page opens only when the person chooses it.
 */
import { useState } from 'react'
import type { ExtensionView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useSecretHome } from '../../hooks/useSecretHome'
import { primaryButton, quietButton } from '../ui'

export function SignInButton({ extension, label }: { extension: ExtensionView; label?: string }) {
  const act = useHostAction()
  const [busy, setBusy] = useState(false)
  if (extension.status !== 'needs-sign-in') return null
  return (
    <button
      type="button"
      className={primaryButton}
      aria-label={label}
      disabled={busy}
      onClick={() => {
        setBusy(true)
        void act('extension_sign_in', { id: extension.id }).finally(() => setBusy(false))
      }}
    >
      Sign in
    </button>
  )
}

/** The details page: how the sign-in stands, and Sign out while signed in. */
export function SignInSummary({ extension }: { extension: ExtensionView }) {
  const act = useHostAction()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<string>()
  const secrets = useSecretHome()
  const signIn = extension.signIn
  if (!signIn) return null
  return (
    <section aria-label="Sign-in" className="mt-3 flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p data-testid="sign-in-description" className="min-w-0 flex-1">
        {signIn.description}
        {signIn.signedIn && ` Its tokens are kept ${secrets.where}.`}
        {signIn.scope && <span className="text-zinc-500 dark:text-zinc-400"> Access: {signIn.scope}.</span>}
      </p>
      {signIn.signedIn && signIn.grant === 'authorization-code' && (
        <button
          type="button"
          className={quietButton}
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void act('extension_sign_out', { id: extension.id })
              .then((result) => setOutcome(result?.message))
              .finally(() => setBusy(false))
          }}
        >
          Sign out
        </button>
      )}
      {outcome && (
        <p role="status" className="w-full text-xs text-zinc-500 dark:text-zinc-400">
          {outcome}
        </p>
      )}
    </section>
  )
}
