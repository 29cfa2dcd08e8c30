/**
 * The OS keychain through keytar: loading the native module, probing that a keychain answers, and
 * the operations the SecretStore needs. Nothing here falls back to anything; callers decide.
 */

/** The part of keytar used here; tests inject their own (for example one whose every call throws). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/** Loads the real keytar. Dynamic so that a missing or mis-built native module is a rejected promise, not a crash at import. */
export async function loadKeytar(): Promise<KeytarLike> {
  // keytar is CommonJS: Node exposes module.exports as `default`, bundlers sometimes flatten it.
  const loaded = (await import('keytar')) as KeytarLike & { default?: KeytarLike }
  return loaded.default ?? loaded
}

/** Where secrets are kept: the OS keychain, or memory for this run. */
export interface SecretBackend {
  get(name: string): Promise<string | undefined>
  set(name: string, value: string): Promise<void>
  /** True when something was deleted. */
  delete(name: string): Promise<boolean>
  entries(): Promise<Array<{ name: string; value: string }>>
}

/** Secrets as accounts of one keychain service. */
export function keychainBackend(keytar: KeytarLike, service: string): SecretBackend {
  return {
    get: async (name) => (await keytar.getPassword(service, name)) ?? undefined,
    set: (name, value) => keytar.setPassword(service, name, value),
    delete: (name) => keytar.deletePassword(service, name),
    entries: async () => (await keytar.findCredentials(service)).map(({ account, password }) => ({ name: account, value: password })),
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
  | { ok: true; backend: SecretBackend; entries: Array<{ name: string; value: string }> }
  | { ok: false; reason: string }

export interface ProbeOptions {
  loadKeytar: () => Promise<KeytarLike>
  service: string
  /** A locked keychain can sit on an unlock prompt forever; startup must not. */
  timeoutMs: number
}

/**
 * Loads keytar and lists the service's credentials once. Any failure (module missing, no Secret
 * Service / D-Bus, locked, timeout) becomes a reason; on success the listed entries come back so the
 * caller can register their values for log redaction.
 */
export async function probeKeychain({ loadKeytar, service, timeoutMs }: ProbeOptions): Promise<ProbeResult> {
  let keytar: KeytarLike
  try {
    keytar = await loadKeytar()
  } catch (error) {
    return { ok: false, reason: `the keychain module (keytar) could not be loaded: ${messageOf(error)}` }
  }
  const backend = keychainBackend(keytar, service)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const entries = await Promise.race([backend.entries(), timeout])
    if (entries === 'timeout') {
      return { ok: false, reason: `the OS keychain did not answer within ${Math.round(timeoutMs / 1000)} s (is it locked, waiting for an unlock prompt?)` }
    }
    return { ok: true, backend, entries }
  } catch (error) {
    return { ok: false, reason: `the OS keychain could not be reached: ${messageOf(error)}` }
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
