/**
 * The last keychain-backed fallback, for the Electron app only: secrets encrypted with Electron's
 * `safeStorage` (whose key the OS keychain holds) in one file of the data folder. Used only when no
 * keychain binding loads. Never with safeStorage's plain-text mode: on Linux without a Secret Service
 * it "encrypts" with a hard-coded key (backend `basic_text`), which is no protection at all.
 * Nothing here imports electron; src/main/electron/ hands over its safeStorage.
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../storage/atomicFile'
import { messageOf, type SecretBackend, type SecretBackendCandidate } from './keychain'

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  /** Linux only in Electron: which store holds the key. */
  getSelectedStorageBackend?(): string
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
}

export type SafeStorageVerdict = { usable: true } | { usable: false; reason: string }

/** Whether safeStorage really encrypts here: available, and on Linux backed by a keyring rather than plain text. */
export function safeStorageVerdict(platform: NodeJS.Platform, safeStorage: Pick<SafeStorageLike, 'isEncryptionAvailable' | 'getSelectedStorageBackend'>): SafeStorageVerdict {
  if (!safeStorage.isEncryptionAvailable()) return { usable: false, reason: 'Electron reports that encryption is not available' }
  if (platform !== 'linux') return { usable: true }
  const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown'
  if (backend === 'basic_text') return { usable: false, reason: 'Electron would fall back to plain text (no Secret Service or KWallet holds its key)' }
  if (backend === 'unknown') return { usable: false, reason: 'Electron could not tell which store holds its key' }
  return { usable: true }
}

const FileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.string().base64()) })

/** Secrets as base64 ciphertexts in one JSON file; every change rewrites the file atomically, one write at a time. */
export function encryptedFileBackend(file: string, cipher: Pick<SafeStorageLike, 'encryptString' | 'decryptString'>): SecretBackend {
  let cache: Map<string, string> | undefined
  let writes: Promise<void> = Promise.resolve()

  const load = async (): Promise<Map<string, string>> => {
    if (cache) return cache
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      return (cache = new Map())
    }
    let parsed: z.infer<typeof FileSchema>
    try {
      parsed = FileSchema.parse(JSON.parse(text))
    } catch {
      throw new Error(`${file} is damaged; move it aside to start with no secrets`)
    }
    return (cache = new Map(Object.entries(parsed.secrets)))
  }
  const decrypt = (name: string, encoded: string) => {
    try {
      return cipher.decryptString(Buffer.from(encoded, 'base64'))
    } catch (error) {
      throw new Error(`secret "${name}" could not be decrypted: ${messageOf(error)}`, { cause: error })
    }
  }
  const change = (apply: (secrets: Map<string, string>) => boolean) => {
    const run = writes.then(async () => {
      const secrets = new Map(await load())
      const changed = apply(secrets)
      if (changed) {
        await writeFileAtomic(file, JSON.stringify({ version: 1, secrets: Object.fromEntries(secrets) }))
        cache = secrets
      }
      return changed
    })
    writes = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  return {
    async get(name) {
      const encoded = (await load()).get(name)
      return encoded === undefined ? undefined : decrypt(name, encoded)
    },
    async set(name, value) {
      const encoded = cipher.encryptString(value).toString('base64')
      await change((secrets) => (secrets.set(name, encoded), true))
    },
    delete: (name) => change((secrets) => secrets.delete(name)),
    async entries() {
      return [...(await load())].map(([name, encoded]) => ({ name, value: decrypt(name, encoded) }))
    },
  }
}

export interface SafeStorageCandidateOptions {
  safeStorage: SafeStorageLike
  file: string
  platform: NodeJS.Platform
  /** safeStorage answers only once the app is ready. */
  whenReady: () => Promise<unknown>
}

/** Electron's safeStorage over `file`, refused with the reason when it would not really encrypt. */
export function safeStorageCandidate({ safeStorage, file, platform, whenReady }: SafeStorageCandidateOptions): SecretBackendCandidate {
  return {
    id: 'safe-storage',
    name: 'an encrypted file (Electron safeStorage)',
    async open() {
      await whenReady()
      const verdict = safeStorageVerdict(platform, safeStorage)
      if (!verdict.usable) throw new Error(verdict.reason)
      return encryptedFileBackend(file, safeStorage)
    },
  }
}
