/**
 * Sign-in for every remote extension: one session per extension (rebuilt when its address or auth
 * settings change), the interactive flow started by the person's Sign in, and Sign out. Secrets of
 * the auth settings are resolved for the extension that owns them, at the moment of use.
 */
import type { HttpConfig } from '../config/extensionConfig'
import type { ResolveSecrets } from '../config/secretReferences'
import type { AskToOpen, AuthStatus, OpenLoopback, RemoteAuthSession, SignInNeed } from './authTypes'
import { createRemoteAuthSession } from './sdkAuth'
import { loadClientSdk } from '../mcpClient/clientSdk'
import { runSignIn } from './signInFlow'
import type { TokenVault } from './tokenVault'

export interface RemoteAuthOptions {
  vault: TokenVault
  resolveSecrets: ResolveSecrets
  /** The loopback redirect receiver (host/); without it only machine accounts can sign in. */
  openLoopback?: OpenLoopback
  /** Offers the authorization page to the person (a URL question). */
  ask?: AskToOpen
  clientName: string
  fetchFn?: typeof fetch
  signInTimeoutMs?: number
  /** Tells the person once when a sign-in ended by itself (expired or revoked refresh token). */
  notify?: (message: string) => void
}

export interface RemoteAuth {
  /** The session for a remote config, or undefined when the person manages the token (an Authorization header). */
  sessionFor(config: HttpConfig): Promise<RemoteAuthSession | undefined>
  /**
   * Runs the interactive sign-in; a newer call for the same extension ends an older one. `started`
   * settles once the sign-in page is offered (rejects when it could not be), `done` when signed in.
   */
  signIn(config: HttpConfig): { started: Promise<void>; done: Promise<void> }
  signOut(config: HttpConfig): Promise<string>
  status(config: HttpConfig): Promise<AuthStatus | undefined>
  /** Why a failed request needs a sign-in, in words for the extension page. */
  needText(config: HttpConfig): string
  /** The last known sign-in state of an extension, for the page (synchronous; refreshed by `status`). */
  known(id: string): AuthStatus | undefined
  /** Called when a known sign-in state changed. */
  onChange(listener: (id: string) => void): () => void
  /** Forgets the session of a removed extension (its keychain entries stay for the server's issuer). */
  forget(id: string): void
}

/** The person manages the credentials when the config sends its own Authorization header. */
export function managesOwnToken(config: HttpConfig): boolean {
  return Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization')
}

export function describeNeed(need: SignInNeed | undefined, serverName: string): string {
  switch (need?.reason) {
    case 'more-access':
      return `${serverName} needs more access than you granted${need.scope ? ` (${need.scope})` : ''}. Press Sign in to grant it.`
    case 'expired':
      return `Your sign-in to ${serverName} has ended (it expired or was revoked). Press Sign in to sign in again.`
    case 'sign-in':
    case undefined:
      return `${serverName} asks you to sign in. Press Sign in; the sign-in page opens in your browser.`
  }
}

export function createRemoteAuth(options: RemoteAuthOptions): RemoteAuth {
  const sessions = new Map<string, { fingerprint: string; session: RemoteAuthSession }>()
  const statuses = new Map<string, AuthStatus>()
  const listeners = new Set<(id: string) => void>()
  const flows = new Map<string, { abort: AbortController; done: Promise<void> }>()

  /** Sessions being made: a second call for the same extension and settings waits for the same one. */
  const making = new Map<string, { fingerprint: string; session: Promise<RemoteAuthSession> }>()

  const makeSession = async (config: HttpConfig): Promise<RemoteAuthSession> => {
    const sdk = await loadClientSdk()
    const named = { clientSecret: config.auth?.clientSecret, privateKey: config.auth?.privateKey, idpClientSecret: config.auth?.idpClientSecret, idToken: config.auth?.idToken }
    const refs = Object.fromEntries(Object.entries(named).filter((entry): entry is [string, string] => entry[1] !== undefined))
    const secrets = Object.keys(refs).length > 0 ? await options.resolveSecrets(refs, config.id) : {}
    return createRemoteAuthSession({ extensionId: config.id, serverName: config.name, serverUrl: config.url, settings: config.auth, secrets, vault: options.vault, clientName: options.clientName, fetchFn: options.fetchFn }, sdk)
  }

  // One session per extension and settings: a sign-in, a status read and the connection that all ask at
  // once must share it (a step-up learned by one is the scope the next sign-in asks for).
  const sessionFor = async (config: HttpConfig) => {
    if (managesOwnToken(config)) return undefined
    const fingerprint = JSON.stringify([config.url, config.auth ?? null])
    const existing = sessions.get(config.id)
    if (existing?.fingerprint === fingerprint) return existing.session
    const pending = making.get(config.id)
    if (pending?.fingerprint === fingerprint) return pending.session
    const session = makeSession(config)
    making.set(config.id, { fingerprint, session })
    try {
      const made = await session
      // Unless the extension was forgotten (or its settings changed) meanwhile.
      if (making.get(config.id)?.session === session) sessions.set(config.id, { fingerprint, session: made })
      return made
    } finally {
      if (making.get(config.id)?.session === session) making.delete(config.id)
    }
  }

  return {
    sessionFor,
    signIn(config) {
      let started!: () => void
      const startedPromise = new Promise<void>((resolve) => (started = resolve))
      const done = (async () => {
        const session = await sessionFor(config)
        if (!session) throw new Error(`"${config.name}" sends its own Authorization header; remove that header to sign in instead.`)
        const { openLoopback, ask } = options
        if (!openLoopback || !ask) throw new Error('Signing in through the browser is not available in this host; run Switchboard as the app or in browser mode.')
        // One flow per extension: a newer Sign in ends the older one before it begins.
        const previous = flows.get(config.id)
        previous?.abort.abort()
        await previous?.done.catch(() => undefined)
        const abort = new AbortController()
        const flow = runSignIn({ extensionId: config.id, serverName: config.name, session, openLoopback, ask, signal: abort.signal, timeoutMs: options.signInTimeoutMs, onStarted: started })
        const entry = { abort, done: flow }
        flows.set(config.id, entry)
        try {
          await flow
        } finally {
          if (flows.get(config.id) === entry) flows.delete(config.id)
        }
      })()
      // Started, or failed before the page could be offered.
      return { started: Promise.race([startedPromise, done]), done }
    },
    async signOut(config) {
      const session = await sessionFor(config)
      if (!session) return `"${config.name}" uses its own Authorization header; there is no sign-in to end.`
      const place = options.vault.place()
      switch (await session.signOut()) {
        case 'revoked':
          return `Signed out of ${config.name}: the server revoked the tokens and they were deleted from ${place}.`
        case 'unsupported':
          return `Signed out of ${config.name}: the tokens were deleted from ${place} (the server offers no way to revoke them).`
        case 'failed':
          return `Signed out of ${config.name}: the tokens were deleted from ${place}, but the server did not confirm revoking them.`
        case 'not-signed-in':
          return `You were not signed in to ${config.name}.`
      }
    },
    async status(config) {
      const status = await (await sessionFor(config))?.status()
      const before = JSON.stringify(statuses.get(config.id) ?? null)
      if (status) statuses.set(config.id, status)
      else statuses.delete(config.id)
      if (JSON.stringify(status ?? null) !== before) listeners.forEach((listener) => listener(config.id))
      return status
    },
    known: (id) => statuses.get(id),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    needText(config) {
      const need = sessions.get(config.id)?.session.need()
      const text = describeNeed(need, config.name)
      if (need?.reason === 'expired') options.notify?.(text)
      return text
    },
    forget(id) {
      flows.get(id)?.abort.abort()
      // The extension's DPoP key goes with it (its tokens stay keyed by the server's issuer).
      void options.vault.deleteDpopKey(id).catch(() => undefined)
      sessions.delete(id)
      making.delete(id)
      statuses.delete(id)
    },
  }
}

/**
 * A sign-in state in one sentence: who, and how Switchboard is registered there. Not where the
 * tokens are: that follows the keychain's state, which the window shows beside it (useSecretHome).
 */
export function describeSignIn(status: AuthStatus): string {
  const where = status.issuer ? ` with ${status.issuer}` : ''
  const how = {
    'pre-registered': 'the client id you entered',
    'metadata-document': "Switchboard's client metadata document",
    dynamic: 'a client registered on the fly (dynamic registration)',
  }
  const registered = status.registration ? ` using ${how[status.registration]}` : ''
  const bound = status.senderConstrained ? ' The tokens are bound to a key of this computer (DPoP, sender-constrained): a copied token is of no use elsewhere.' : ''
  if (bound) return `${describeSignIn({ ...status, senderConstrained: false })}${bound}`
  if (status.grant === 'cross-app-access') return `${status.signedIn ? 'Signed in' : 'Signs in'}${where} with your organisation's sign-in (enterprise-managed, cross-app access), without a sign-in page.`
  if (status.grant === 'jwt-bearer') return `${status.signedIn ? 'Signed in' : 'Signs in'}${where} with workload identity (a JWT from this machine's platform, RFC 7523), without a person.`
  if (status.grant === 'client-credentials') return `${status.signedIn ? 'Signed in' : 'Signs in'}${where} as a machine account (client credentials), without a person.`
  return status.signedIn ? `Signed in${where}${registered}.` : `Not signed in${where}.`
}
