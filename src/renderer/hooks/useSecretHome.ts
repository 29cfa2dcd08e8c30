/**
 * Where a secret typed in now will live, in words every screen that takes one can use: the OS
 * keychain, or — when it is unavailable — memory until Switchboard quits. No screen may promise the
 * keychain when there is none (Settings → General says why and how to fix it).
 */
import { useSettingsStore } from '../stores/settingsStore'

export interface SecretHome {
  /** True while secrets persist in the OS keychain (also while settings are still loading; false while the host is still checking). */
  keychain: boolean
  /** "in your OS keychain" or "in memory until Switchboard quits". */
  where: string
  /** One sentence for forms: nothing when the keychain is there, else what happens and where to fix it. */
  warning: string | undefined
}

export function useSecretHome(): SecretHome {
  const state = useSettingsStore((store) => store.settings?.keychain.keychain)
  // The host answers before its keychain probe does; for that moment no screen promises either place.
  if (state === 'checking') {
    return {
      keychain: false,
      where: 'in the OS keychain if it answers, else in memory until Switchboard quits',
      warning: 'Switchboard is still checking the OS keychain; Settings → General says where secrets are kept.',
    }
  }
  const keychain = state !== 'unavailable'
  return keychain
    ? { keychain, where: 'in your OS keychain', warning: undefined }
    : {
        keychain,
        where: 'in memory until Switchboard quits',
        warning: 'The OS keychain is unavailable, so secrets are kept in memory until Switchboard quits; Settings → General says why and how to fix it.',
      }
}
