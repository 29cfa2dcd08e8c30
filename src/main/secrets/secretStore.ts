/**
 * SecretStore: API keys and tokens in the OS keychain (service "Switchboard", one account per secret
 * name; see secretNames.ts), through the first backend that answers at start (keychainBindings.ts;
 * the Electron app adds safeStorage). When none answers, secrets live in memory for this run and are
 * written nowhere else; status() says so, with the reason, for the UI.
 */
import type { KeychainStatus } from '../../shared/hostApi'
import { MAX_SECRET_VALUE_LENGTH } from '../../shared/secretRules'
import { log } from '../log/log'
import { registerSecretValue } from '../log/secretValues'
import { keychainFix, memoryBackend, probeBackends, type SecretBackend, type SecretBackendCandidate } from './keychain'
import { keychainCandidates } from './keychainBindings'
import { assertSecretName } from './secretNames'

/** The keychain service every Switchboard secret is stored under. */
export const SECRET_SERVICE = 'Switchboard'

export { MAX_SECRET_VALUE_LENGTH }

/** Whether secrets persist in the OS keychain or only in memory until quit (with the reason and the fix). */
export type { KeychainStatus }

/** Emitted after a secret was set or deleted; never carries the value. */
export interface SecretChange {
  name: string
  isSet: boolean
}

export interface SecretStore {
  /** The value of `name`, or undefined when it is not set. Only main calls this, at the moment of use. */
  get(name: string): Promise<string | undefined>
  /** Stores `value` exactly as given (no trimming) under `name`, replacing any previous value. */
  set(name: string, value: string): Promise<void>
  /** Removes `name`; true when it existed. */
  delete(name: string): Promise<boolean>
  /** Names of every stored secret, sorted (asks the keychain). */
  listNames(): Promise<string[]>
  /**
   * Names known without asking the keychain, sorted: those found at start plus this run's sets and
   * deletes. Synchronous, for resource readers (`switchboard://settings`); changes by other programs
   * show up only after listNames().
   */
  knownNames(): string[]
  status(): KeychainStatus
  /** Resolves once the keychain probe has answered: status() is then 'available' or 'unavailable', knownNames() complete. */
  whenKnown(): Promise<void>
  onChange(listener: (change: SecretChange) => void): () => void
}

export interface SecretStoreOptions {
  /** Where secrets may be kept, tried in order; defaults to keychainCandidates() (keytar, then @napi-rs/keyring). [] keeps them in memory. */
  backends?: SecretBackendCandidate[]
  /** Defaults to SECRET_SERVICE; tests use a unique service so they never touch real Switchboard secrets. */
  service?: string
  /** How long the start-up probe waits for the keychain (default 10 s). */
  probeTimeoutMs?: number
  platform?: NodeJS.Platform
}

/** Probes the keychain once and returns a store over it, or over memory when it is unavailable. */
export async function openSecretStore(options: SecretStoreOptions = {}): Promise<SecretStore> {
  const probe = await probeBackends({
    candidates: options.backends ?? keychainCandidates(),
    service: options.service ?? SECRET_SERVICE,
    timeoutMs: options.probeTimeoutMs ?? 10_000,
  })
  if (probe.ok) {
    // Values stored in earlier runs are masked in logs from the first line on.
    for (const entry of probe.entries) registerSecretValue(entry.value)
    const { id, name } = probe.candidate
    if (probe.passedOver.length > 0) log('info', 'secrets', `Secrets are kept in ${name}; passed over ${probe.passedOver.join('; ')}.`)
    const status: KeychainStatus = { keychain: 'available', backend: id, backendName: name, passedOver: probe.passedOver }
    return createSecretStore(probe.backend, status, name, probe.entries.map((entry) => entry.name))
  }
  const status: KeychainStatus = { keychain: 'unavailable', reason: probe.reason, fix: keychainFix(options.platform ?? process.platform) }
  log('warn', 'secrets', `Keeping secrets in memory for this run only: ${status.reason}. ${status.fix}`)
  return createSecretStore(memoryBackend(), status, 'memory', [])
}

/** `place` names where the values are, in log lines and errors ("the OS keychain (keytar)", "memory"). */
function createSecretStore(backend: SecretBackend, keychainStatus: KeychainStatus, place: string, initialNames: string[]): SecretStore {
  const listeners = new Set<(change: SecretChange) => void>()
  const names = new Set(initialNames)

  const emit = (change: SecretChange) => {
    for (const listener of listeners) {
      try {
        listener(change)
      } catch (error) {
        log('warn', 'secrets', `A secret change listener failed: ${messageOf(error)}`)
      }
    }
  }
  // Values are registered for redaction and never forgotten during the run: a replaced or deleted
  // token may still be in flight (a running extension's env, a pending request) and must stay masked.
  const known = (value: string | undefined) => {
    if (value !== undefined) registerSecretValue(value)
    return value
  }
  const failed = (action: string, name: string, error: unknown, consequence: string) =>
    new Error(`Could not ${action} secret "${name}" in ${place}: ${messageOf(error)}. ${consequence}`)

  return {
    async get(name) {
      assertSecretName(name)
      try {
        return known(await backend.get(name))
      } catch (error) {
        throw failed('read', name, error, 'Unlock the keychain and try again.')
      }
    },
    async set(name, value) {
      assertSecretName(name)
      assertSecretValue(name, value)
      registerSecretValue(value)
      try {
        await backend.set(name, value)
      } catch (error) {
        throw failed('save', name, error, 'Nothing was stored; unlock the keychain and try again.')
      }
      names.add(name)
      log('info', 'secrets', `Secret "${name}" set in ${place}.`)
      emit({ name, isSet: true })
    },
    async delete(name) {
      assertSecretName(name)
      let existed: boolean
      try {
        existed = await backend.delete(name)
      } catch (error) {
        throw failed('delete', name, error, 'It may still be stored; unlock the keychain and try again.')
      }
      names.delete(name)
      if (existed) {
        log('info', 'secrets', `Secret "${name}" deleted from ${place}.`)
        emit({ name, isSet: false })
      }
      return existed
    },
    async listNames() {
      try {
        const entries = await backend.entries()
        for (const entry of entries) registerSecretValue(entry.value)
        names.clear()
        for (const entry of entries) names.add(entry.name)
        return [...names].sort()
      } catch (error) {
        throw new Error(`Could not list secrets in ${place}: ${messageOf(error)}. Unlock the keychain and try again.`, { cause: error })
      }
    },
    knownNames: () => [...names].sort(),
    status: () => keychainStatus,
    whenKnown: () => Promise.resolve(),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function assertSecretValue(name: string, value: string): void {
  // Checked here too because the value may come from an untrusted frame; never echo the value itself.
  if (typeof value !== 'string') throw new Error(`The value of secret "${name}" must be a string.`)
  if (value.length === 0) throw new Error(`The value of secret "${name}" is empty; to remove a secret, delete it instead.`)
  if (value.length > MAX_SECRET_VALUE_LENGTH) {
    throw new Error(`The value of secret "${name}" is ${value.length} characters long; at most ${MAX_SECRET_VALUE_LENGTH} are allowed.`)
  }
  // Keychains store C strings on some platforms (libsecret): a NUL would silently cut the value short.
  if (value.includes('\0')) throw new Error(`The value of secret "${name}" contains a NUL character, which keychains cannot store.`)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
