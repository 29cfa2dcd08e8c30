/**
 * Where a secret typed in now will live, in words: the OS keychain, an encrypted file of the data
 * folder (Electron's safeStorage, where no keychain binding loads), or — when neither answers —
 * memory until Switchboard quits. Every sentence that says where secrets or sign-in tokens are is
 * composed from this, in the window and in main alike, so no screen promises a keychain that is not
 * there (Settings → General says why and how to fix it).
 */
import type { KeychainStatus } from './hostApi'

export interface SecretHome {
  /** Whether values outlast this run (the OS keychain or the encrypted file); false while the host is still checking. */
  persists: boolean
  /** After "kept": "in your OS keychain", "in an encrypted file in the data folder", "in memory until Switchboard quits". */
  where: string
  /** The store as a noun, after "to" or "from": "your OS keychain", "the encrypted secrets file", "memory". */
  store: string
  /** A field's placeholder: "Stored in your OS keychain", "Kept in memory until restart". */
  placeholder: string
  /** One sentence for forms: nothing while values persist, else what happens and where to fix it. */
  warning: string | undefined
}

const CHECKING: SecretHome = {
  persists: false,
  where: 'in the OS keychain if it answers, else in memory until Switchboard quits',
  store: 'the OS keychain if it answers, else memory',
  placeholder: 'Kept where Settings → General says',
  warning: 'Switchboard is still checking the OS keychain; Settings → General says where secrets are kept.',
}

const MEMORY: SecretHome = {
  persists: false,
  where: 'in memory until Switchboard quits',
  store: 'memory',
  placeholder: 'Kept in memory until restart',
  warning: 'The OS keychain is unavailable, so secrets are kept in memory until Switchboard quits; Settings → General says why and how to fix it.',
}

const KEYCHAIN: SecretHome = {
  persists: true,
  where: 'in your OS keychain',
  store: 'your OS keychain',
  placeholder: 'Stored in your OS keychain',
  warning: undefined,
}

const ENCRYPTED_FILE: SecretHome = {
  persists: true,
  where: 'in an encrypted file in the data folder',
  store: 'the encrypted secrets file',
  placeholder: 'Stored in an encrypted file',
  warning: undefined,
}

/** `status` undefined: the settings have not arrived yet, so nothing is known either. */
export function secretHome(status: KeychainStatus | undefined): SecretHome {
  if (status === undefined || status.keychain === 'checking') return CHECKING
  if (status.keychain === 'unavailable') return MEMORY
  return status.backend === 'safe-storage' ? ENCRYPTED_FILE : KEYCHAIN
}

/** "in your OS keychain" → "In your OS keychain", for the start of a line. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
