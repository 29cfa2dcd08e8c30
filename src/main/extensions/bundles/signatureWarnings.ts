/**
 * What the install sheet says about a signature that installs but does not fully vouch for the
 * bundle. An `invalid` one is not a warning: the sheet shows it as the reason install is refused.
 */
import type { SignatureInfo } from '../../../shared/bundleApi'

export function signatureWarnings(signature: SignatureInfo): string[] {
  switch (signature.status) {
    case 'self-signed':
      return [`Signed by "${signature.publisher}" with a certificate nobody else vouches for: install it only if you trust where you got it.`]
    case 'untrusted':
      return [`The signature matches the bundle, but its signer cannot be trusted: ${signature.problem} Install it only if you trust where you got it.`]
    default:
      return []
  }
}
