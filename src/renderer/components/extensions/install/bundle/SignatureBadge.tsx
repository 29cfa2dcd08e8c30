/**
 * The verified signature of a bundle: signed (chain to a trusted root), self-signed, untrusted
 * (expired or unknown issuer), unsigned, or invalid (changed after signing; install is refused).
 * The full certificate details are in the badge's title.
 */
import type { SignatureInfo } from '../../../../../shared/hostApi'
import { AlertIcon, ShieldCheckIcon } from '../../../icons'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium'
const amber = `${badge} bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200`

type Signer = Extract<SignatureInfo, { subject: string }>
const details = (signer: Signer) => `Subject: ${signer.subject}\nIssuer: ${signer.issuer}\nValid ${signer.validFrom} – ${signer.validTo}\nSHA-256: ${signer.fingerprint256}`

export function SignatureBadge({ signature }: { signature: SignatureInfo }) {
  switch (signature.status) {
    case 'signed':
      return (
        <span className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200`} title={`The signature matches the bundle and its certificate chains to a certificate authority this computer trusts.\n${details(signature)}`}>
          <ShieldCheckIcon className="size-3.5" />
          Signed by {signature.publisher}
        </span>
      )
    case 'self-signed':
      return (
        <span className={amber} title={`The signature matches the bundle, but the signer vouches for its own certificate.\n${details(signature)}`}>
          <AlertIcon className="size-3.5" />
          Self-signed ({signature.publisher})
        </span>
      )
    case 'untrusted':
      return (
        <span className={amber} title={`${signature.problem}\n${details(signature)}`}>
          <AlertIcon className="size-3.5" />
          {signature.reason === 'untrusted-root' ? 'Untrusted signer' : signature.reason === 'expired' ? 'Expired certificate' : 'Certificate not yet valid'} ({signature.publisher})
        </span>
      )
    case 'unsigned':
      return <span className={`${badge} bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>Unsigned</span>
    case 'invalid':
      return (
        <span className={`${badge} bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200`} title={signature.problem}>
          <AlertIcon className="size-3.5" />
          Invalid signature
        </span>
      )
  }
}
