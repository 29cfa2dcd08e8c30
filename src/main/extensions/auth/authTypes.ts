/**
 * Our contract for signing in to remote extensions, independent of the MCP SDK's auth API (which
 * lives in sdkAuth.ts, and the one SDK type the transports take in transportAuth.ts, so moving to
 * another SDK version changes those two files).
 */
import type { TransportAuth } from './transportAuth'
import type { RegistrationMethod } from './tokenVault'

/** Why the extension waits for the person to sign in. */
export type SignInReason =
  /** Never signed in (or signed out). */
  | 'sign-in'
  /** The server wants more access than was granted (step-up, `insufficient_scope`). */
  | 'more-access'
  /** The sign-in ended: the refresh token expired or was revoked. */
  | 'expired'

export interface SignInNeed {
  reason: SignInReason
  /** The scope the server asked for, when it said. */
  scope?: string
}

/** What the extension page says about sign-in (never a token). */
export interface AuthStatus {
  grant: 'authorization-code' | 'client-credentials' | 'cross-app-access' | 'jwt-bearer'
  signedIn: boolean
  issuer?: string
  registration?: RegistrationMethod
  scope?: string
  /** The tokens are bound to this extension's key (DPoP, RFC 9449): a stolen token is of no use without it. */
  senderConstrained?: boolean
}

/** A started authorization: the page to open, or nothing to do because it completed without a person. */
export type SignInStart = { kind: 'authorized' } | { kind: 'redirect'; authorizationUrl: string }

/** The sign-in state of one remote extension, across its connections. */
export interface RemoteAuthSession {
  /** Set after a request found that the person must sign in (cleared by a completed sign-in). */
  need(): SignInNeed | undefined
  /** True when the server refused freshly granted access again and again: signing in once more would not help. */
  refusedRepeatedly(): boolean
  /** Discovery, registration and the authorization URL for the loopback `redirectUrl`. */
  begin(redirectUrl: string): Promise<SignInStart>
  /** The redirect arrived: checks `state` and `iss`, exchanges the code, stores the tokens. */
  complete(callback: URLSearchParams): Promise<void>
  /** Ends a begun flow without completing it (deletes the verifier). */
  abandon(): Promise<void>
  /** Revokes where the server supports it, then deletes the tokens. */
  signOut(): Promise<'revoked' | 'unsupported' | 'failed' | 'not-signed-in'>
  status(): Promise<AuthStatus>
  /** For the transport: the SDK-level provider and fetch (only transports.ts looks inside). */
  readonly transport: TransportAuth
}

/** One-shot loopback redirect receiver (RFC 8252), served by host/. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUrl: string
  /** Settles with the query of the first request to the callback path; the listener closes after it. */
  callback: Promise<URLSearchParams>
  close(): Promise<void>
}
export type OpenLoopback = (serverName: string) => Promise<LoopbackRedirect>

/** Shows the authorization link as a URL question; 'accept' means the person opened it. */
export type AskToOpen = (
  extensionId: string,
  question: { url: string; message: string; elicitationId: string },
  signal: AbortSignal,
) => Promise<'accept' | 'decline' | 'cancel'>
