/**
 * The safeStorage fallback without Electron: which safeStorage answers are trusted (a pure verdict),
 * and the encrypted file under a real AES-256-GCM cipher standing in for safeStorage (the Electron
 * binary cannot run here; the cipher is real, so the file really holds no plain value).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encryptedFileBackend, safeStorageCandidate, safeStorageVerdict, type SafeStorageLike } from '../../../src/main/secrets/encryptedFile'
import { setLogSink } from '../../../src/main/log/log'
import { openSecretStore } from '../../../src/main/secrets/secretStore'
import { tempDir } from '../../helpers/tempDir'

/** AES-256-GCM under a key made for this test: what safeStorage does with the key the OS keychain holds. */
function aesCipher(): Pick<SafeStorageLike, 'encryptString' | 'decryptString'> {
  const key = randomBytes(32)
  return {
    encryptString(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
      decipher.setAuthTag(data.subarray(12, 28))
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

const safeStorage = (isAvailable: boolean, backend?: string) => ({ isEncryptionAvailable: () => isAvailable, getSelectedStorageBackend: backend ? () => backend : undefined })

describe('safeStorageVerdict', () => {
  it.each(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])('trusts a keyring-held key on Linux (%s)', (backend) => {
    expect(safeStorageVerdict('linux', safeStorage(true, backend))).toEqual({ usable: true })
  })
  it('refuses the plain-text mode on Linux even though Electron calls encryption available', () => {
    expect(safeStorageVerdict('linux', safeStorage(true, 'basic_text'))).toEqual({ usable: false, reason: expect.stringMatching(/plain text/) })
  })
  it('refuses an unknown key store on Linux', () => {
    expect(safeStorageVerdict('linux', safeStorage(true, 'unknown'))).toMatchObject({ usable: false })
    expect(safeStorageVerdict('linux', safeStorage(true))).toMatchObject({ usable: false })
  })
  it('trusts macOS and Windows when encryption is available, and nothing when it is not', () => {
    expect(safeStorageVerdict('darwin', safeStorage(true))).toEqual({ usable: true })
    expect(safeStorageVerdict('win32', safeStorage(true))).toEqual({ usable: true })
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      expect(safeStorageVerdict(platform, safeStorage(false, 'gnome_libsecret'))).toEqual({ usable: false, reason: 'Electron reports that encryption is not available' })
    }
  })
})

describe('encryptedFileBackend', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let file: string
  beforeEach(async () => {
    dir = await tempDir('switchboard-encrypted-')
    file = join(dir.path, 'secrets.safeStorage.json')
  })
  afterEach(() => dir.remove())

  it('keeps values across instances, with only ciphertext in a private file', async () => {
    const cipher = aesCipher()
    const first = encryptedFileBackend(file, cipher)
    expect(await first.entries()).toEqual([])
    await first.set('provider:anthropic', 'sk-plain-canary-0001')
    await first.set('extension:gh:env:TOKEN', 'gh-plain-canary-0002')
    expect(await first.delete('extension:gh:env:TOKEN')).toBe(true)
    expect(await first.delete('extension:gh:env:TOKEN')).toBe(false)
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain('plain-canary')
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
    const next = encryptedFileBackend(file, cipher)
    expect(await next.get('provider:anthropic')).toBe('sk-plain-canary-0001')
    expect(await next.entries()).toEqual([{ name: 'provider:anthropic', value: 'sk-plain-canary-0001' }])
  })

  it('applies concurrent changes one after another, losing none', async () => {
    const backend = encryptedFileBackend(file, aesCipher())
    await Promise.all(Array.from({ length: 20 }, (_, n) => backend.set(`provider:p${n}`, `value-${n}`)))
    expect((await backend.entries()).length).toBe(20)
  })

  it('says a damaged file is damaged, naming it, and leaves it as it was', async () => {
    await writeFile(file, '{"version":1,"secrets":{"provider:a":"not base64!"}}')
    const backend = encryptedFileBackend(file, aesCipher())
    await expect(backend.entries()).rejects.toThrow(`${file} is damaged; move it aside to start with no secrets`)
    expect(await readFile(file, 'utf8')).toContain('not base64!')
  })

  it('a value encrypted under another key fails to decrypt with the secret name, not the value', async () => {
    await encryptedFileBackend(file, aesCipher()).set('provider:a', 'other-key-value')
    const error = (await encryptedFileBackend(file, aesCipher()).get('provider:a').catch((e: unknown) => e)) as Error
    expect(error.message).toMatch(/^secret "provider:a" could not be decrypted: /)
    expect(error.message).not.toContain('other-key-value')
  })
})

describe('safeStorageCandidate in the SecretStore', () => {
  it('is used after the keychain bindings fail, and refused in plain-text mode', async () => {
    const restore = setLogSink(() => undefined)
    const dir = await tempDir('switchboard-safestorage-')
    try {
      const cipher = aesCipher()
      const broken = { id: 'keytar' as const, name: 'the OS keychain (keytar)', open: () => Promise.reject(new Error('its module could not be loaded: gone')) }
      const candidate = (backend: string) =>
        safeStorageCandidate({ safeStorage: { ...cipher, ...safeStorage(true, backend) }, file: join(dir.path, 's.json'), platform: 'linux', whenReady: async () => undefined })
      const store = await openSecretStore({ backends: [broken, candidate('gnome_libsecret')] })
      expect(store.status()).toMatchObject({ keychain: 'available', backend: 'safe-storage', backendName: 'an encrypted file (Electron safeStorage)' })
      await store.set('provider:a', 'through-safe-storage')
      expect(await store.get('provider:a')).toBe('through-safe-storage')

      const plain = await openSecretStore({ backends: [broken, candidate('basic_text')] })
      expect(plain.status()).toMatchObject({ keychain: 'unavailable', reason: expect.stringMatching(/an encrypted file \(Electron safeStorage\): it could not be opened: Electron would fall back to plain text/) })
    } finally {
      await dir.remove()
      restore()
    }
  })
})
