/**
 * The ONLY file that knows the MCP SDK's auth API (v2: `OAuthClientProvider`, `auth()`), behind
 * our `RemoteAuthSession` (authTypes.ts). The SDK runs discovery (RFC 9728 incl. the
 * `resource_metadata` hint and path-aware fallbacks, RFC 8414 / OIDC incl. the 2025-03-26
 * fallbacks), registration (stored → metadata document → dynamic), PKCE S256, `resource`, the code
 * exchange and refresh, and (new in v2) checks the issuer echo and RFC 9207 `iss` itself. Added
 * here for the 2025-11-25/2026-07-28 rules: PKCE support must be advertised, the metadata must name
 * the issuer it was found for and `state` and `iss` are checked on the callback (before the SDK's
 * own checks, so the refusal says what to do), `offline_access` only when the server lists it,
 * DCR says `application_type: native`, refresh before expiry, and a bound on step-up loops.
 * (The one SDK type the transports take, TransportAuth, is declared apart in transportAuth.ts.)
 */
import { randomBytes } from 'node:crypto'
import type { DpopSession, OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client'
import { isClientError, type ClientSdk } from '../mcpClient/clientSdk'
import type { RemoteAuthConfig } from './authConfig'
import type { AuthStatus, RemoteAuthSession, SignInNeed, SignInStart } from './authTypes'
import { dpopKeyFor } from './dpopKey'
import { requireHttpsEndpoints } from './httpsEndpoints'
import { workloadAssertion } from './workloadAssertion'
import { revokeTokens } from './revokeTokens'
import { scopeCovers, scopeUnion } from './scopes'
import type { TokenVault } from './tokenVault'

/** Registered for DCR: RFC 8252 §7.3 makes the server accept any port on a loopback redirect. */
const LOOPBACK_REDIRECT = 'http://127.0.0.1/callback'
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
/** The grant_type each configured grant sends (RFC 8414 `grant_types_supported` names them so). */
const GRANT_TYPES: Record<RemoteAuthConfig['grant'], { type: string; words: string }> = {
  'authorization-code': { type: 'authorization_code', words: 'signing in through the browser (authorization_code)' },
  'client-credentials': { type: 'client_credentials', words: 'a machine account (client_credentials)' },
  'cross-app-access': { type: JWT_BEARER, words: 'enterprise-managed sign-in (jwt-bearer)' },
  'jwt-bearer': { type: JWT_BEARER, words: 'workload identity (jwt-bearer)' },
}
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000
/** After this many refusals of access that was just granted, signing in again is not offered. */
const MAX_REFUSALS = 2

/**
 * The SDK's RFC 8414 §3.3 issuer-echo check (new in v2) is turned off because checkDiscovery makes
 * the same check, before any registration or token request, except for the 2025-03-26 layout
 * (no protected resource metadata), where the server's origin stands in for the issuer and the
 * metadata may name another one; the SDK's check would refuse those servers.
 */
const ISSUER_CHECKED_HERE = { skipIssuerMetadataValidation: true }

export interface SessionOptions {
  /** The extension this session signs in for (its DPoP key is its own). */
  extensionId: string
  serverName: string
  serverUrl: string
  settings: RemoteAuthConfig | undefined
  /** The resolved `${secret:…}` values of the auth settings. */
  secrets: { clientSecret?: string; privateKey?: string; idpClientSecret?: string; idToken?: string }
  vault: TokenVault
  clientName: string
  fetchFn?: typeof fetch
}

/** Whether a request failed because the person must sign in (the SDK gave up without a redirect). */
export function isSignInRequired(error: unknown): boolean {
  return isClientError(error, 'UnauthorizedError')
}

/** Auth failures the SDK reports as plain errors, in words with the fix; undefined for other errors. */
export function describeAuthFailure(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : ''
  if (/^Protected resource .* does not match expected/.test(text)) {
    return `Switchboard refused to sign in: the server's protected resource metadata names a different server (${text}). Check the address; if it is right, the server is misconfigured.`
  }
  if (/^(Switchboard refused|The authorization server)/.test(text)) return text
  if (/dynamic client registration/i.test(text)) {
    return 'The authorization server does not register new clients on its own; enter a client id (and secret) from the service on the extension page.'
  }
  return undefined
}

/** `sdk`: the loaded client SDK (loadClientSdk(); it loads with the first remote extension, not at start). */
export function createRemoteAuthSession(options: SessionOptions, sdk: ClientSdk): RemoteAuthSession {
  const { serverUrl, vault } = options
  const settings = options.settings
  const grant = settings?.grant ?? 'authorization-code'
  const baseFetch = options.fetchFn ?? fetch
  let discovery: OAuthDiscoveryState | undefined
  let redirectTarget: string | undefined
  let flowState: string | undefined
  let captured: URL | undefined
  let need: SignInNeed | undefined
  let refusals = 0
  let refreshing: Promise<unknown> | undefined
  /** Set when the server rejected our refresh token (invalid_grant): the next sign-in need is an expiry. */
  let lostTokens = false
  /** RFC 9449: the extension's key and nonces, made when the authorization server asks for DPoP or the tokens are bound. */
  let dpopSession: Promise<DpopSession> | undefined
  /** Whether the stored tokens are DPoP-bound; undefined until read. */
  let tokensBound: boolean | undefined
  const dpopAdvertised = () => {
    const algs = (discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported
    return Array.isArray(algs) && algs.includes('ES256')
  }
  const dpop = async (): Promise<DpopSession | undefined> => {
    if (!dpopSession && !dpopAdvertised()) {
      // Tokens bound before this run (discovery has not run again yet) are still presented with proofs;
      // read once from the keychain, not on every request.
      if (tokensBound === undefined) {
        const current = await issuer()
        const record = current ? await vault.tokens(current, serverUrl) : undefined
        tokensBound = record?.tokens.token_type.toLowerCase() === 'dpop'
      }
      if (!tokensBound) return undefined
    }
    dpopSession ??= dpopKeyFor(vault, options.extensionId, options.serverName).then((key) => sdk.DpopSession.create({ keyPair: { ...key, alg: 'ES256' } }))
    try {
      return await dpopSession
    } catch (error) {
      dpopSession = undefined
      throw error
    }
  }

  // The key the SDK stamps on saved tokens and clients (v2): the issuer the metadata names, else where it was found.
  const issuer = async () => discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl ?? (await vault.issuerFor(serverUrl))
  const expired = (savedAt: number, tokens: OAuthTokens) => tokens.expires_in !== undefined && savedAt + tokens.expires_in * 1000 - REFRESH_MARGIN_MS <= Date.now()
  const preRegistered = (): OAuthClientInformationMixed | undefined =>
    settings?.clientId ? { client_id: settings.clientId, ...(options.secrets.clientSecret ? { client_secret: options.secrets.clientSecret } : {}) } : undefined

  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return grant === 'authorization-code' ? (redirectTarget ?? LOOPBACK_REDIRECT) : undefined
    },
    clientMetadataUrl: settings?.clientMetadataUrl,
    get clientMetadata() {
      const metadata: OAuthClientMetadata = {
        client_name: options.clientName,
        redirect_uris: [LOOPBACK_REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        // RFC 7591 + SEP-837: a desktop app registers as a native application (said explicitly, not left to the SDK's default).
        application_type: 'native',
        ...(settings?.scopes?.length ? { scope: settings.scopes.join(' ') } : {}),
      }
      return metadata
    },
    state: () => {
      flowState = randomBytes(32).toString('base64url')
      return flowState
    },
    async clientInformation(ctx) {
      const fixed = preRegistered()
      if (fixed) return fixed
      const current = ctx?.issuer ?? (await issuer())
      return current ? (await vault.client(current))?.client : undefined
    },
    async saveClientInformation(client, ctx) {
      if (preRegistered()) return // Entered by the person; nothing to store.
      const current = client.issuer ?? ctx?.issuer ?? (await issuer())
      if (!current) return
      const method = client.client_id === settings?.clientMetadataUrl ? 'metadata-document' : 'dynamic'
      await vault.saveClient({ issuer: current, method, client })
    },
    async tokens(ctx) {
      const current = ctx?.issuer ?? (await issuer())
      if (!current) return undefined
      const record = await vault.tokens(current, serverUrl)
      if (!record) return undefined
      if (!refreshing && record.tokens.refresh_token && expired(record.savedAt, record.tokens)) {
        // Silent refresh before expiry; auth() reads tokens() again inside, which must not recurse.
        refreshing = sdk.auth(provider, { serverUrl, fetchFn: baseFetch, ...ISSUER_CHECKED_HERE }).catch(() => undefined)
        await refreshing.finally(() => (refreshing = undefined))
        return (await vault.tokens(current, serverUrl))?.tokens
      }
      return record.tokens
    },
    async saveTokens(tokens, ctx) {
      const current = tokens.issuer ?? ctx?.issuer ?? (await issuer())
      if (!current) return
      const previous = await vault.issuerFor(serverUrl)
      await vault.saveTokens(current, serverUrl, tokens)
      tokensBound = tokens.token_type.toLowerCase() === 'dpop'
      // The server moved to another authorization server: the old one's tokens go once the new one signed in
      // (its client registration stays, so moving back does not register again).
      if (previous && previous !== current) await vault.deleteTokens(previous, serverUrl)
      need = undefined
      lostTokens = false
    },
    async redirectToAuthorization(url) {
      if (redirectTarget) {
        captured = url // A sign-in the person started: the flow shows this page.
        return
      }
      // A request needs a person: note why, and let the connection report it.
      const scope = url.searchParams.get('scope') ?? undefined
      const current = await issuer()
      const record = current ? await vault.tokens(current, serverUrl) : undefined
      if (!record) need = { reason: lostTokens ? 'expired' : 'sign-in', scope }
      else if (!scopeCovers(record.tokens.scope, scope)) need = { reason: 'more-access', scope: scopeUnion(record.tokens.scope, scope) }
      else {
        if (!expired(record.savedAt, record.tokens)) refusals++
        need = { reason: 'expired', scope }
      }
    },
    async saveCodeVerifier(codeVerifier) {
      const current = await issuer()
      if (current && redirectTarget) await vault.saveCodeVerifier(current, serverUrl, codeVerifier)
    },
    async codeVerifier() {
      const current = await issuer()
      const verifier = current ? await vault.codeVerifier(current, serverUrl) : undefined
      if (!verifier) throw new Error('The sign-in was started elsewhere or has expired; press Sign in again.')
      return verifier
    },
    async invalidateCredentials(scope) {
      const current = await issuer()
      if (scope === 'discovery' || scope === 'all') discovery = undefined
      if (!current) return
      if (scope === 'tokens' || scope === 'all') {
        // Two requests may fail at once; the first one to get here saw the tokens.
        if (await vault.tokens(current, serverUrl)) lostTokens = true
        await vault.deleteTokens(current, serverUrl)
      }
      if ((scope === 'client' || scope === 'all') && !preRegistered()) await vault.deleteClient(current)
      if (scope === 'verifier' || scope === 'all') await vault.deleteCodeVerifier(current, serverUrl)
    },
    saveDiscoveryState(state) {
      checkDiscovery(state, grant)
      discovery = state
    },
    discoveryState: () => discovery,
    dpop,
    ...(grant === 'cross-app-access' ? { prepareTokenRequest: crossAppAccessGrant } : {}),
    ...(grant === 'jwt-bearer' ? { prepareTokenRequest: jwtBearerGrant } : {}),
    ...(grant === 'client-credentials'
      ? {
          prepareTokenRequest: (scope?: string) => new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
          ...(options.secrets.privateKey && settings?.clientId
            ? {
                addClientAuthentication: sdk.createPrivateKeyJwtAuth({
                  issuer: settings.clientId,
                  subject: settings.clientId,
                  privateKey: options.secrets.privateKey,
                  alg: settings.signingAlgorithm,
                }),
              }
            : {}),
        }
      : {}),
  }

  /**
   * SEP-990 (enterprise-managed): the identity provider trades the person's ID token for an ID-JAG
   * naming this server's authorization server and resource (RFC 8693), which goes to that
   * authorization server as a JWT bearer grant (RFC 7523); the client secret authenticates it there.
   */
  async function crossAppAccessGrant(scope?: string): Promise<URLSearchParams> {
    const audience = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl
    if (!audience || !settings?.idpTokenEndpoint || !settings.idpClientId || !options.secrets.idToken) {
      throw new Error('Enterprise-managed sign-in needs the identity provider settings (idpTokenEndpoint, idpClientId, idToken) in the auth block.')
    }
    const { jwtAuthGrant } = await sdk.requestJwtAuthorizationGrant({
      tokenEndpoint: settings.idpTokenEndpoint,
      audience,
      resource: discovery?.resourceMetadata?.resource ?? serverUrl,
      idToken: options.secrets.idToken,
      clientId: settings.idpClientId,
      clientSecret: options.secrets.idpClientSecret,
      scope,
      fetchFn: baseFetch,
    })
    return new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwtAuthGrant, ...(scope ? { scope } : {}) })
  }

  /** Workload identity (RFC 7523 §2.1): the workload's JWT as the grant itself. */
  async function jwtBearerGrant(scope?: string): Promise<URLSearchParams> {
    const source = settings?.assertionCommand ? { command: settings.assertionCommand.command, args: settings.assertionCommand.args } : { file: settings?.assertionFile ?? '' }
    const assertion = await workloadAssertion(source)
    return new URLSearchParams({ grant_type: JWT_BEARER, assertion, ...(scope ? { scope } : {}) })
  }

  /** A successful request (beyond the handshake, which servers let through unauthorized) shows the granted access works. */
  const observingFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init)
    const authorization = new Headers(init?.headers).get('authorization')
    if (response.ok && /^(Bearer|DPoP) /.test(authorization ?? '') && needsAccess(init?.body)) refusals = 0
    return response
  }

  /** Scope for a sign-in: the server's challenge, else the resource's scopes_supported, else the configured ones; plus offline_access when the server offers it. */
  const scopeForSignIn = () => {
    const base = need?.scope ?? discovery?.resourceMetadata?.scopes_supported?.join(' ') ?? settings?.scopes?.join(' ')
    const offersRefresh = discovery?.authorizationServerMetadata?.scopes_supported?.includes('offline_access')
    return scopeUnion(base, offersRefresh ? 'offline_access' : undefined)
  }

  return {
    need: () => need,
    refusedRepeatedly: () => refusals >= MAX_REFUSALS,
    transport: { authProvider: provider, fetch: observingFetch, ...ISSUER_CHECKED_HERE },
    async begin(redirectUrl): Promise<SignInStart> {
      // Discovered afresh at every sign-in: a server whose protected resource metadata now names another
      // authorization server (it moved) is signed in to there, registered there on first use (SEP-2352).
      // (Where the server said its metadata is, from its 401's resource_metadata, is asked first again.)
      const hinted = discovery?.resourceMetadataUrl
      provider.saveDiscoveryState?.(await sdk.discoverOAuthServerInfo(serverUrl, { fetchFn: baseFetch, ...(hinted ? { resourceMetadataUrl: new URL(hinted) } : {}), ...ISSUER_CHECKED_HERE }))
      // DPoP without a keychain fails here, with the reason, before the sign-in page opens.
      if (dpopAdvertised()) await dpop()
      redirectTarget = redirectUrl
      captured = undefined
      const result = await sdk.auth(provider, { serverUrl, scope: scopeForSignIn(), fetchFn: baseFetch, ...ISSUER_CHECKED_HERE })
      if (result === 'AUTHORIZED') {
        redirectTarget = undefined
        return { kind: 'authorized' }
      }
      const page = captured as URL | undefined // Set by redirectToAuthorization during auth().
      if (!page) throw new Error('The authorization server gave no sign-in page.')
      return { kind: 'redirect', authorizationUrl: page.href }
    },
    async complete(callback) {
      try {
        if (!flowState || callback.get('state') !== flowState) {
          throw new Error('The answer from the sign-in page does not belong to this sign-in (state mismatch), so it was ignored; press Sign in again.')
        }
        checkIssuerParameter(callback.get('iss'), discovery)
        const error = callback.get('error')
        if (error) {
          const description = callback.get('error_description')
          throw new Error(`The authorization server did not sign you in: ${error}${description ? ` (${description.slice(0, 300)})` : ''}. Press Sign in to try again.`)
        }
        const code = callback.get('code')
        if (!code) throw new Error('The sign-in page came back without an authorization code; press Sign in again.')
        // v2 checks RFC 9207 `iss` again itself (checkIssuerParameter above words the refusal).
        await sdk.auth(provider, { serverUrl, authorizationCode: code, iss: callback.get('iss') ?? undefined, fetchFn: baseFetch, ...ISSUER_CHECKED_HERE })
      } finally {
        await this.abandon()
      }
    },
    async abandon() {
      redirectTarget = undefined
      flowState = undefined
      const current = await issuer()
      if (current) await vault.deleteCodeVerifier(current, serverUrl).catch(() => undefined)
    },
    async signOut() {
      const current = await issuer()
      const record = current ? await vault.tokens(current, serverUrl) : undefined
      if (!current || !record) return 'not-signed-in'
      const client = preRegistered() ?? (await vault.client(current))?.client
      const outcome = client
        ? await revokeTokens({
            endpoint: (discovery?.authorizationServerMetadata as { revocation_endpoint?: string } | undefined)?.revocation_endpoint,
            clientId: client.client_id,
            clientSecret: client.client_secret,
            tokens: [
              ...(record.tokens.refresh_token ? [{ value: record.tokens.refresh_token, hint: 'refresh_token' as const }] : []),
              { value: record.tokens.access_token, hint: 'access_token' as const },
            ],
            fetchFn: baseFetch,
          })
        : 'unsupported'
      await vault.deleteTokens(current, serverUrl)
      // A new sign-in binds its tokens to a new key.
      if (dpopSession) await vault.deleteDpopKey(options.extensionId)
      dpopSession = undefined
      need = { reason: 'sign-in' }
      refusals = 0
      return outcome
    },
    async status(): Promise<AuthStatus> {
      const current = await issuer()
      const record = current ? await vault.tokens(current, serverUrl) : undefined
      const registration = preRegistered() ? 'pre-registered' : current ? (await vault.client(current))?.method : undefined
      const senderConstrained = record?.tokens.token_type.toLowerCase() === 'dpop'
      return { grant, signedIn: record !== undefined, issuer: current, registration, scope: record?.tokens.scope, ...(senderConstrained ? { senderConstrained } : {}) }
    },
  }
}

/** Whether a POSTed JSON-RPC body is a request other than initialize (the ones a server protects). */
function needsAccess(body: unknown): boolean {
  if (typeof body !== 'string') return false
  try {
    const messages: unknown[] = [JSON.parse(body)].flat()
    return messages.some((message) => {
      const method = (message as { method?: unknown } | null)?.method
      return typeof method === 'string' && method !== 'initialize' && !method.startsWith('notifications/')
    })
  } catch {
    return false
  }
}

/** https endpoints (loopback aside), for every grant; RFC 8414 §3.3: the metadata names the issuer it was fetched for; PKCE must be advertised for a person's sign-in. */
function checkDiscovery(state: OAuthDiscoveryState, grant: RemoteAuthConfig['grant']): void {
  const metadata = state.authorizationServerMetadata
  requireHttpsEndpoints(metadata, state.authorizationServerUrl)
  // Without protected resource metadata this is the 2025-03-26 layout, where the server's origin stands in for the issuer.
  if (!metadata || !state.resourceMetadata) return
  const trim = (text: string) => text.replace(/\/$/, '')
  if (trim(metadata.issuer) !== trim(state.authorizationServerUrl)) {
    throw new Error(`The authorization server's metadata names issuer ${metadata.issuer}, not ${state.authorizationServerUrl} where it was found, so Switchboard does not sign in there.`)
  }
  const offered = metadata.grant_types_supported
  if (Array.isArray(offered) && !offered.includes(GRANT_TYPES[grant].type)) {
    throw new Error(
      `The authorization server ${metadata.issuer} does not offer ${GRANT_TYPES[grant].words}, the grant this extension is set to use; it offers ${offered.slice(0, 6).join(', ') || 'no grant'}. Set "grant" in the extension's auth block to one it offers, or ask the service which to use.`,
    )
  }
  if (grant === 'authorization-code' && !metadata.code_challenge_methods_supported?.includes('S256')) {
    throw new Error(`The authorization server ${metadata.issuer} does not say it supports PKCE (S256), which a safe sign-in needs; Switchboard refused to sign in.`)
  }
}

/** RFC 9207: `iss` on the callback must be exactly the issuer recorded before redirecting. */
function checkIssuerParameter(iss: string | null, discovery: OAuthDiscoveryState | undefined): void {
  const metadata = discovery?.authorizationServerMetadata
  const expected = metadata?.issuer ?? discovery?.authorizationServerUrl
  const required = (metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)?.authorization_response_iss_parameter_supported === true
  if (iss === null && !required) return
  if (iss === null || iss !== expected) {
    // Never show the error fields of a response that may come from a mix-up attack.
    throw new Error(`Switchboard refused the sign-in: the answer came from ${iss === null ? 'an unnamed server' : `"${iss.slice(0, 200)}"`}, not the authorization server ${expected ?? ''} it was sent to (RFC 9207). Press Sign in to try again.`)
  }
}
