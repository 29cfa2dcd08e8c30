/**
 * Where secrets can be kept, and the start-up probe that picks the first place that answers. Each
 * candidate opens one backend (the OS keychain through a native binding, an encrypted file, ...);
 * nothing here falls back to anything on its own: openSecretStore walks the list in order.
 */
import type { SecretBackendId } from '../../shared/hostApi'

/** The part of a keychain binding used here (keytar's API; @napi-rs/keyring is adapted to it). */
export interface KeychainModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/** Where secrets are kept: the OS keychain, an encrypted file, or memory for this run. */
export interface SecretBackend {
  get(name: string): Promise<string | undefined>
  set(name: string, value: string): Promise<void>
  /** True when something was deleted. */
  delete(name: string): Promise<boolean>
  entries(): Promise<Array<{ name: string; value: string }>>
}

/** One place secrets may be kept, tried in order at start. */
export interface SecretBackendCandidate {
  id: SecretBackendId
  /** Shown in Settings → General, e.g. "the OS keychain (keytar)". */
  name: string
  /** Loads what the backend needs; a missing native module or an unusable store is a rejection with the reason. */
  open(service: string): Promise<SecretBackend>
}

/** Secrets as accounts of one keychain service. */
export function keychainBackend(module: KeychainModule, service: string): SecretBackend {
  return {
    get: async (name) => (await module.getPassword(service, name)) ?? undefined,
    set: (name, value) => module.setPassword(service, name, value),
    delete: (name) => module.deletePassword(service, name),
    entries: async () => (await module.findCredentials(service)).map(({ account, password }) => ({ name: account, value: password })),
  }
}

/** A keychain binding as a candidate: `load` imports the module (a failed import is a reason, not a crash). */
export function keychainCandidate(id: SecretBackendId, name: string, load: () => Promise<KeychainModule>): SecretBackendCandidate {
  return {
    id,
    name,
    async open(service) {
      let module: KeychainModule
      try {
        module = await load()
      } catch (error) {
        throw new Error(`its module could not be loaded: ${messageOf(error)}`, { cause: error })
      }
      return keychainBackend(module, service)
    },
  }
}

/** Secrets in a Map: kept for this run only, written nowhere. */
export function memoryBackend(): SecretBackend {
  const values = new Map<string, string>()
  return {
    get: async (name) => values.get(name),
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => values.delete(name),
    entries: async () => [...values].map(([name, value]) => ({ name, value })),
  }
}

export type ProbeResult =
  | { ok: true; candidate: SecretBackendCandidate; backend: SecretBackend; entries: Array<{ name: string; value: string }>; passedOver: string[] }
  | { ok: false; reason: string }

export interface ProbeOptions {
  candidates: SecretBackendCandidate[]
  service: string
  /** A locked keychain can sit on an unlock prompt forever; startup must not. */
  timeoutMs: number
}

/**
 * Opens each candidate in turn and lists its secrets once; the first that answers wins. Every
 * failure (module missing, no Secret Service / D-Bus, locked, timeout) becomes a reason; the winner's
 * entries come back so the caller can register their values for log redaction, and the reasons of
 * the candidates passed over come back too, for Settings → General.
 */
export async function probeBackends({ candidates, service, timeoutMs }: ProbeOptions): Promise<ProbeResult> {
  const reasons: string[] = []
  for (const candidate of candidates) {
    const result = await probeOne(candidate, service, timeoutMs)
    if (result.ok) return { ok: true, candidate, backend: result.backend, entries: result.entries, passedOver: reasons }
    reasons.push(`${candidate.name}: ${result.reason}`)
  }
  if (reasons.length === 0) return { ok: false, reason: 'no secret storage is configured for this run' }
  return { ok: false, reason: reasons.join('; ') }
}

async function probeOne(candidate: SecretBackendCandidate, service: string, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  let stage = 'could not be opened'
  try {
    const answer = await Promise.race([
      (async () => {
        const backend = await candidate.open(service)
        stage = 'could not be reached'
        return { backend, entries: await backend.entries() }
      })(),
      timeout,
    ])
    if (answer === 'timeout') {
      return { ok: false as const, reason: `it did not answer within ${Math.round(timeoutMs / 1000)} s (is it locked, waiting for an unlock prompt?)` }
    }
    return { ok: true as const, ...answer }
  } catch (error) {
    const message = messageOf(error)
    return { ok: false as const, reason: message.startsWith('its module') ? message : `it ${stage}: ${message}` }
  } finally {
    clearTimeout(timer)
  }
}

/** What a person can do about an unavailable keychain on this platform. */
export function keychainFix(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'Unlock the login keychain (Keychain Access) and restart Switchboard.'
    case 'win32':
      return 'Make sure Windows Credential Manager is available for your account and restart Switchboard.'
    default:
      return 'Install and unlock a Secret Service provider such as GNOME Keyring or KWallet (it needs a D-Bus session), then restart Switchboard.'
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
