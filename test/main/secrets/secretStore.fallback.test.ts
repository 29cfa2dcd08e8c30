/**
 * Keychain unavailable: secrets are kept in memory for the run, written nowhere, and status() says
 * why. The end-to-end case runs the real keytar against a D-Bus address where nothing listens.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { log, setLogSink } from '../../../src/main/log/log'
import { keychainCandidate, type KeychainModule } from '../../../src/main/secrets/keychain'
import { keychainCandidates } from '../../../src/main/secrets/keychainBindings'
import { MAX_SECRET_VALUE_LENGTH, openSecretStore, type SecretChange } from '../../../src/main/secrets/secretStore'
import { tempDir } from '../../helpers/tempDir'

const lines: string[] = []
let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink((line) => lines.push(line), 'debug')
})
afterEach(() => {
  lines.length = 0
})
afterAll(() => restoreLog())

const noKeytar = () => Promise.reject(new Error('Cannot find module keytar.node'))
/** Both real bindings made unloadable: what a machine without either native module gets. */
const noKeychain = keychainCandidates({ keytar: noKeytar, napiKeyring: () => Promise.reject(new Error("Cannot find module '@napi-rs/keyring-linux-x64-gnu'")) })
/** Only keytar, as the given module (a fake: its failure mode is the point). */
const onlyKeytar = (module: KeychainModule) => [keychainCandidate('keytar', 'the OS keychain (keytar)', async () => module)]

/** A keytar whose every call fails the way libsecret does without a session bus (fake: the failure is the point). */
const throwingKeytar: KeychainModule = {
  getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  findCredentials: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

function runChild(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/secrets/secretStoreChild.ts'], { cwd: process.cwd(), env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('keychain unavailable → memory for this run', () => {
  it('real keytar, no D-Bus listening: status says why, the secret works for the run, and nothing is written to disk', async () => {
    const scratch = await tempDir('switchboard-nokeychain-')
    try {
      const dirs = Object.fromEntries(['home', 'data', 'config', 'cache', 'tmp'].map((name) => [name, join(scratch.path, name)]))
      await Promise.all(Object.values(dirs).map((dir) => mkdir(dir)))
      const canary = `canary-${randomBytes(12).toString('hex')}`
      const result = await runChild({
        PATH: process.env.PATH,
        HOME: dirs.home,
        XDG_DATA_HOME: dirs.data,
        XDG_CONFIG_HOME: dirs.config,
        XDG_CACHE_HOME: dirs.cache,
        TMPDIR: dirs.tmp,
        DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(scratch.path, 'nobody-listens-here')}`,
        CANARY: canary,
      })
      expect(result.code, result.stderr).toBe(0)
      const report = JSON.parse(result.stdout) as { status: { keychain: string; reason: string; fix: string }; roundTrip: boolean; names: string[] }
      expect(report.status.keychain).toBe('unavailable')
      // Both real bindings load here and both fail to reach a Secret Service; the reason names each.
      expect(report.status.reason).toMatch(/^the OS keychain \(keytar\): it could not be reached: .+; the OS keychain \(@napi-rs\/keyring\): it could not be reached: /)
      expect(report.status.fix).toMatch(/Secret Service/)
      expect(report.roundTrip).toBe(true)
      expect(report.names).toEqual(['provider:canary'])
      expect(result.stderr).toMatch(/Keeping secrets in memory for this run only/)
      expect(result.stderr).not.toContain(canary)

      // HOME and the XDG folders stay empty; TMPDIR holds only tsx's compile cache, and the canary is in no file at all.
      for (const dir of [dirs.home, dirs.data, dirs.config, dirs.cache]) expect(await filesUnder(dir!)).toEqual([])
      for (const file of await filesUnder(scratch.path)) expect(await readFile(file, 'utf8'), file).not.toContain(canary)
    } finally {
      await scratch.remove()
    }
  })

  it('no keychain module loads: unavailable with each reason, secrets kept in memory', async () => {
    const store = await openSecretStore({ backends: noKeychain, platform: 'linux' })
    expect(store.status()).toEqual({
      keychain: 'unavailable',
      reason:
        "the OS keychain (keytar): its module could not be loaded: Cannot find module keytar.node; the OS keychain (@napi-rs/keyring): its module could not be loaded: Cannot find module '@napi-rs/keyring-linux-x64-gnu'",
      fix: expect.stringMatching(/GNOME Keyring or KWallet/),
    })
    await store.set('provider:anthropic', 'in-memory-value-1')
    expect(await store.get('provider:anthropic')).toBe('in-memory-value-1')
    expect(await store.listNames()).toEqual(['provider:anthropic'])
    expect(await store.delete('provider:anthropic')).toBe(true)
    expect(await store.get('provider:anthropic')).toBeUndefined()
    expect(lines.join('\n')).toMatch(/warn \[secrets\] Keeping secrets in memory for this run only: the OS keychain \(keytar\): its module could not be loaded/)
  })

  it('memory lasts one run: a new store does not see the last one\'s secrets', async () => {
    const first = await openSecretStore({ backends: noKeychain })
    await first.set('provider:openai', 'only-this-run')
    const second = await openSecretStore({ backends: noKeychain })
    expect(await second.get('provider:openai')).toBeUndefined()
  })

  it('keytar present but failing (fake keytar): unavailable, reason carries the keychain error', async () => {
    const store = await openSecretStore({ backends: onlyKeytar(throwingKeytar) })
    expect(store.status()).toMatchObject({ keychain: 'unavailable', reason: 'the OS keychain (keytar): it could not be reached: Cannot autolaunch D-Bus without X11 $DISPLAY' })
    await store.set('provider:x', 'works-in-memory')
    expect(await store.get('provider:x')).toBe('works-in-memory')
  })

  it('a keychain that never answers (fake keytar, e.g. waiting on an unlock prompt) is given up after the probe timeout', async () => {
    // The probe never settles: without the timeout, opening the store would hang into the test's timeout.
    const hanging: KeychainModule = { ...throwingKeytar, findCredentials: () => new Promise(() => undefined) }
    const store = await openSecretStore({ backends: onlyKeytar(hanging), probeTimeoutMs: 100 })
    expect(store.status()).toMatchObject({ keychain: 'unavailable', reason: expect.stringMatching(/did not answer within 0 s \(is it locked/) })
  })

  it('names the platform-specific fix', async () => {
    expect((await openSecretStore({ backends: noKeychain, platform: 'darwin' })).status()).toMatchObject({ fix: expect.stringMatching(/login keychain/) })
    expect((await openSecretStore({ backends: noKeychain, platform: 'win32' })).status()).toMatchObject({ fix: expect.stringMatching(/Credential Manager/) })
  })
})

describe('SecretStore behaviour (memory mode)', () => {
  it('masks every value it stores in later log lines', async () => {
    const store = await openSecretStore({ backends: noKeychain })
    await store.set('extension:gh:env:GITHUB_TOKEN', 'plain-looking-value-42')
    log('info', 'test', 'env GITHUB_TOKEN=plain-looking-value-42')
    expect(lines.at(-1)).toMatch(/env GITHUB_TOKEN=\[redacted\]$/)
    expect(lines.join('\n')).not.toContain('plain-looking-value-42')
  })

  it('emits a change with the name and isSet only, never the value', async () => {
    const store = await openSecretStore({ backends: noKeychain })
    const changes: SecretChange[] = []
    const off = store.onChange((change) => changes.push(change))
    await store.set('provider:a', 'value-aaaa')
    await store.delete('provider:a')
    expect(await store.delete('provider:a')).toBe(false)
    off()
    await store.set('provider:b', 'value-bbbb')
    expect(changes).toEqual([
      { name: 'provider:a', isSet: true },
      { name: 'provider:a', isSet: false },
    ])
  })

  it('knows its names synchronously for resource readers', async () => {
    const store = await openSecretStore({ backends: noKeychain })
    expect(store.knownNames()).toEqual([])
    await store.set('provider:b', 'value-bbbb')
    await store.set('provider:a', 'value-aaaa')
    await store.delete('provider:b')
    expect(store.knownNames()).toEqual(['provider:a'])
  })

  it('a failing change listener does not fail the change', async () => {
    const store = await openSecretStore({ backends: noKeychain })
    store.onChange(() => {
      throw new Error('listener broke')
    })
    await store.set('provider:a', 'value-aaaa')
    expect(await store.get('provider:a')).toBe('value-aaaa')
    expect(lines.join('\n')).toMatch(/A secret change listener failed: listener broke/)
  })

  it.each([
    ['bad name', 'value', /Secret name "bad name" is not valid/],
    ['provider:a', '', /is empty; to remove a secret, delete it instead/],
    ['provider:a', 'a\0b', /NUL character/],
    ['provider:a', 'x'.repeat(MAX_SECRET_VALUE_LENGTH + 1), /at most 16384 are allowed/],
  ])('rejects set(%j, …) with a clear error that never echoes the value', async (name, value, message) => {
    const store = await openSecretStore({ backends: noKeychain })
    const error = (await store.set(name, value).catch((e: unknown) => e)) as Error
    expect(error.message).toMatch(message)
    if (value.length > 3) expect(error.message).not.toContain(value)
  })

  it('keychain failing after a good probe (fake keytar, e.g. locked mid-run): set fails clearly and nothing is kept', async () => {
    const stored = new Map<string, string>()
    const lockedLater: KeychainModule = {
      findCredentials: async () => [],
      getPassword: async (_service, account) => stored.get(account) ?? null,
      setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
      deletePassword: async (_service, account) => stored.delete(account),
    }
    const store = await openSecretStore({ backends: onlyKeytar(lockedLater) })
    expect(store.status()).toEqual({ keychain: 'available', backend: 'keytar', backendName: 'the OS keychain (keytar)', passedOver: [] })
    await expect(store.set('provider:a', 'value-aaaa')).rejects.toThrow(
      'Could not save secret "provider:a" in the OS keychain (keytar): Cannot create an item in a locked collection. Nothing was stored; unlock the keychain and try again.',
    )
    expect(await store.get('provider:a')).toBeUndefined()
  })

  it('values already in the keychain at start are masked in logs from the first line (fake keytar)', async () => {
    const earlier: KeychainModule = { ...throwingKeytar, findCredentials: async () => [{ account: 'provider:old', password: 'stored-in-an-earlier-run' }] }
    const store = await openSecretStore({ backends: onlyKeytar(earlier) })
    expect(store.knownNames()).toEqual(['provider:old'])
    log('info', 'test', 'echo stored-in-an-earlier-run')
    expect(lines.at(-1)).toMatch(/echo \[redacted\]$/)
  })
})

describe('keytar unloadable → the next backend', () => {
  /** A keychain module over a Map (fake: stands in for @napi-rs/keyring; the real one is exercised in secretStore.keyring.test.ts). */
  const mapKeychain = (): KeychainModule => {
    const values = new Map<string, string>()
    return {
      getPassword: async (_service, account) => values.get(account) ?? null,
      setPassword: async (_service, account, password) => void values.set(account, password),
      deletePassword: async (_service, account) => values.delete(account),
      findCredentials: async () => [...values].map(([account, password]) => ({ account, password })),
    }
  }

  it('uses @napi-rs/keyring and says why keytar was passed over', async () => {
    const store = await openSecretStore({ backends: keychainCandidates({ keytar: noKeytar, napiKeyring: async () => mapKeychain() }) })
    expect(store.status()).toEqual({
      keychain: 'available',
      backend: 'napi-keyring',
      backendName: 'the OS keychain (@napi-rs/keyring)',
      passedOver: ['the OS keychain (keytar): its module could not be loaded: Cannot find module keytar.node'],
    })
    await store.set('provider:a', 'kept-by-the-fallback')
    expect(await store.get('provider:a')).toBe('kept-by-the-fallback')
    expect(lines.join('\n')).toMatch(/Secrets are kept in the OS keychain \(@napi-rs\/keyring\); passed over the OS keychain \(keytar\): its module could not be loaded/)
  })

  it('a keytar that hangs is given up and the next backend is used', async () => {
    const hanging: KeychainModule = { ...throwingKeytar, findCredentials: () => new Promise(() => undefined) }
    const store = await openSecretStore({ backends: keychainCandidates({ keytar: async () => hanging, napiKeyring: async () => mapKeychain() }), probeTimeoutMs: 100 })
    expect(store.status()).toMatchObject({ keychain: 'available', backend: 'napi-keyring', passedOver: [expect.stringMatching(/^the OS keychain \(keytar\): it did not answer/)] })
  })

  it('keeps keytar first when it loads', async () => {
    const store = await openSecretStore({ backends: keychainCandidates({ keytar: async () => mapKeychain(), napiKeyring: noKeytar }) })
    expect(store.status()).toMatchObject({ keychain: 'available', backend: 'keytar', passedOver: [] })
  })
})
