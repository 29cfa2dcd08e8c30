/**
 * Where a secret typed in now will live, for every screen that takes one or names one; the words
 * are src/shared/secretHome.ts, so no screen promises the keychain when there is none.
 */
import { secretHome, type SecretHome } from '../../shared/secretHome'
import { useSettingsStore } from '../stores/settingsStore'

export type { SecretHome }

export function useSecretHome(): SecretHome {
  return secretHome(useSettingsStore((store) => store.settings?.keychain))
}
