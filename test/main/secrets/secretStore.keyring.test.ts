/**
 * SecretStore against a real Secret Service (gnome-keyring), once through each keychain binding
 * (keytar, @napi-rs/keyring) and once with keytar made unloadable, where the store must fall back to
 * @napi-rs/keyring by itself. Run inside one with
 *   bash scripts/with-keyring.sh npx vitest run test/main/secrets
 * Elsewhere these tests are skipped with the reason; with SWITCHBOARD_REQUIRE_KEYRING=1 (CI, and
 * with-keyring.sh by default) a missing keyring fails instead. A unique service name keeps the tests
 * away from real Switchboard secrets on a developer's own keyring.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { log, setLogSink } from '../../../src/main/log/log'
import { keychainCandidate, type KeychainModule, type SecretBackendCandidate } from '../../../src/main/secrets/keychain'
import { keychainCandidates, loadKeytar, loadNapiKeyring } from '../../../src/main/secrets/keychainBindings'
import { openSecretStore, type SecretChange, type SecretStore } from '../../../src/main/secrets/secretStore'
import type { SecretBackendId } from '../../../src/shared/hostApi'

const SERVICE = `Switchboard-test-${process.pid}-${randomBytes(4).toString('hex')}`
const required = process.env.SWITCHBOARD_REQUIRE_KEYRING === '1'
const HOW_TO_RUN = 'Run them inside a Secret Service with: bash scripts/with-keyring.sh npx vitest run test/main/secrets'

/** Whether a Secret Service answers here, and if not, why. */
async function detectKeyring(): Promise<{ usable: true } | { usable: false; reason: string }> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return { usable: false, reason: 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service can answer' }
  }
  const restore = setLogSink(() => undefined)
  try {
    const status = (await openSecretStore({ service: SERVICE, probeTimeoutMs: 5_000 })).status()
    return status.keychain === 'available' ? { usable: true } : { usable: false, reason: status.keychain === 'unavailable' ? status.reason : 'the probe did not answer' }
  } finally {
    restore()
  }
}

const keyring = await detectKeyring()

interface BackendCase {
  title: string
  backends: () => SecretBackendCandidate[]
  /** The binding the store must end up on, and its module, to look into the keychain behind the store's back. */
  expected: SecretBackendId
  module: () => Promise<KeychainModule>
  passedOver: RegExp[]
}
const unloadableKeytar = () => Promise.reject(new Error('Cannot find module keytar.node (made unloadable by this test)'))
const CASES: BackendCase[] = [
  { title: 'keytar', backends: () => [keychainCandidate('keytar', 'the OS keychain (keytar)', loadKeytar)], expected: 'keytar', module: loadKeytar, passedOver: [] },
  {
    title: '@napi-rs/keyring',
    backends: () => [keychainCandidate('napi-keyring', 'the OS keychain (@napi-rs/keyring)', loadNapiKeyring)],
    expected: 'napi-keyring',
    module: loadNapiKeyring,
    passedOver: [],
  },
  {
    title: 'the default order with keytar unloadable (falls back to @napi-rs/keyring)',
    backends: () => keychainCandidates({ keytar: unloadableKeytar }),
    expected: 'napi-keyring',
    module: loadNapiKeyring,
    passedOver: [/^the OS keychain \(keytar\): its module could not be loaded: Cannot find module keytar\.node/],
  },
]
if (!keyring.usable) {
  console.warn(`[keyring tests] ${required ? 'FAILING (SWITCHBOARD_REQUIRE_KEYRING=1)' : 'SKIPPED'}: ${keyring.reason}. ${HOW_TO_RUN}.`)
}

describe.runIf(required && !keyring.usable)('keyring required (SWITCHBOARD_REQUIRE_KEYRING=1)', () => {
  it('has a usable Secret Service', () => {
    throw new Error(`SWITCHBOARD_REQUIRE_KEYRING=1 but the keyring tests cannot run: ${keyring.usable ? '' : keyring.reason}. ${HOW_TO_RUN}.`)
  })
})

describe.skipIf(!keyring.usable).each(CASES)('SecretStore with a real Secret Service through $title', ({ backends, expected, module, passedOver }) => {
  let store: SecretStore
  const lines: string[] = []
  let restoreLog: () => void

  beforeAll(async () => {
    restoreLog = setLogSink((line) => lines.push(line), 'debug')
    store = await openSecretStore({ service: SERVICE, backends: backends() })
  })
  afterEach(async () => {
    for (const name of await store.listNames()) await store.delete(name)
    lines.length = 0
  })
  afterAll(async () => {
    restoreLog?.()
    // Belt and braces: nothing of this run's service may stay in the keyring.
    for (const load of [loadKeytar, loadNapiKeyring]) {
      const keychain = await load()
      for (const { account } of await keychain.findCredentials(SERVICE)) await keychain.deletePassword(SERVICE, account)
    }
  })

  it('reports the keychain as available, through the expected binding', () => {
    expect(store.status()).toMatchObject({ keychain: 'available', backend: expected })
    const status = store.status()
    expect(status.keychain === 'available' && status.passedOver.length).toBe(passedOver.length)
    passedOver.forEach((reason, index) => expect(status.keychain === 'available' && status.passedOver[index]).toMatch(reason))
  })

  it('sets, gets, lists and deletes', async () => {
    expect(await store.get('provider:anthropic')).toBeUndefined()
    await store.set('provider:anthropic', 'sk-ant-test-value-0001')
    await store.set('extension:github:env:GITHUB_TOKEN', 'gh-test-value-0002')
    expect(await store.get('provider:anthropic')).toBe('sk-ant-test-value-0001')
    expect(await store.listNames()).toEqual(['extension:github:env:GITHUB_TOKEN', 'provider:anthropic'])
    expect(await store.delete('provider:anthropic')).toBe(true)
    expect(await store.delete('provider:anthropic')).toBe(false)
    expect(await store.get('provider:anthropic')).toBeUndefined()
    expect(await store.listNames()).toEqual(['extension:github:env:GITHUB_TOKEN'])
  })

  it('stores the value in the keychain itself, where the next run finds it', async () => {
    await store.set('extension:linear:header:Authorization', 'Bearer persisted-0003')
    const keychain = await module()
    expect(await keychain.getPassword(SERVICE, 'extension:linear:header:Authorization')).toBe('Bearer persisted-0003')
    const nextRun = await openSecretStore({ service: SERVICE, backends: backends() })
    expect(nextRun.knownNames()).toEqual(['extension:linear:header:Authorization'])
    expect(await nextRun.get('extension:linear:header:Authorization')).toBe('Bearer persisted-0003')
  })

  it('replaces a value', async () => {
    await store.set('provider:openai', 'first-value')
    await store.set('provider:openai', 'second-value')
    expect(await store.get('provider:openai')).toBe('second-value')
    expect(await store.listNames()).toEqual(['provider:openai'])
  })

  it('keeps unicode values exactly', async () => {
    const value = 'пароль-密码-🔑-ß-é\u0301-\u{1F600}'
    await store.set('extension:x:env:UNICODE', value)
    expect(await store.get('extension:x:env:UNICODE')).toBe(value)
  })

  it('keeps a value with newlines, tabs and surrounding spaces exactly', async () => {
    const value = '  -----BEGIN KEY-----\nline two\r\n\tline three\n-----END KEY-----\n'
    await store.set('extension:x:env:PEM', value)
    expect(await store.get('extension:x:env:PEM')).toBe(value)
  })

  it('keeps a long value (a large OAuth token)', async () => {
    const value = randomBytes(6_000).toString('base64url')
    await store.set('extension:x:header:Authorization', value)
    expect(await store.get('extension:x:header:Authorization')).toBe(value)
  })

  it('announces changes without the value', async () => {
    const changes: SecretChange[] = []
    const off = store.onChange((change) => changes.push(change))
    await store.set('provider:a', 'change-value-1')
    await store.delete('provider:a')
    off()
    expect(changes).toEqual([
      { name: 'provider:a', isSet: true },
      { name: 'provider:a', isSet: false },
    ])
  })

  it('masks stored values in log lines, including values read from an earlier run', async () => {
    const keychain = await module()
    // Written straight into the keychain, as an earlier run would have: the store learns it at its probe.
    await keychain.setPassword(SERVICE, 'provider:earlier', 'written-by-an-earlier-run')
    await openSecretStore({ service: SERVICE, backends: backends() })
    await store.set('provider:now', 'written-by-this-run')
    log('info', 'test', 'values: written-by-an-earlier-run written-by-this-run')
    expect(lines.at(-1)).toMatch(/values: \[redacted\] \[redacted\]$/)
  })
})
