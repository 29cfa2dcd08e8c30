/**
 * What an HTTP transport of the SDK takes to authorize its requests: the one SDK auth type the
 * contract (authTypes.ts) and the transports name. Its own file so that sdkAuth.ts, which builds
 * it, and authTypes.ts, which sdkAuth.ts implements, do not import each other.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client'

export interface TransportAuth {
  authProvider: OAuthClientProvider
  fetch: typeof fetch
  /** Our own issuer check runs instead of the SDK's (sdkAuth.ts, ISSUER_CHECKED_HERE). */
  skipIssuerMetadataValidation: boolean
}
