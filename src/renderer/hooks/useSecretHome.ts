/**
 * Where a secret typed in now will live, in words every screen that takes one can use: the OS
 * keychain, or — when it is unavailable — memory until Switchboard quits. No screen may promise the
 * keychain when there is none (Settings → General says why and how to fix it).
 */
import { useSettingsStore } from '../stores/settingsStore'

export interface SecretHome {
  /** True while secrets persist in the OS keychain (also while settings are still loading). */
  keychain: boolean
  /** "in your OS keychain" or "in memory until Switchboard quits". */
  where: string
  /** One sentence for forms: nothing when the keychain is there, else what happens and where to fix it. */
  warning: string | undefined
}

export function useSecretHome(): SecretHome {
  const keychain = useSettingsStore((state) => state.settings?.keychain.keychain !== 'unavailable')
  return keychain
    ? { keychain, where: 'in your OS keychain', warning: undefined }
    : {
        keychain,
        where: 'in memory until Switchboard quits',
        warning: 'The OS keychain is unavailable, so secrets are kept in memory until Switchboard quits; Settings → General says why and how to fix it.',
      }
}
