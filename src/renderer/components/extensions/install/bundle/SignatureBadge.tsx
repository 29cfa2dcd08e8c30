/** Who signed the bundle: signed (certificate issued by someone else), self-signed, unsigned, or a damaged block. */
import type { SignatureInfo } from '../../../../../shared/hostApi'
import { AlertIcon, ShieldCheckIcon } from '../../../icons'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium'

export function SignatureBadge({ signature }: { signature: SignatureInfo }) {
  switch (signature.status) {
    case 'signed':
      return (
        <span className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200`} title={`Signed by ${signature.subject}, issued by ${signature.issuer}. Switchboard reads the certificate; it does not verify the signature.`}>
          <ShieldCheckIcon className="size-3.5" />
          Signed by {signature.subject}
        </span>
      )
    case 'self-signed':
      return (
        <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200`} title="The author signed it with a certificate nobody else vouches for.">
          <AlertIcon className="size-3.5" />
          Self-signed ({signature.subject})
        </span>
      )
    case 'unsigned':
      return <span className={`${badge} bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>Unsigned</span>
    case 'invalid':
      return (
        <span className={`${badge} bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200`} title={signature.problem}>
          <AlertIcon className="size-3.5" />
          Damaged signature
        </span>
      )
  }
}
