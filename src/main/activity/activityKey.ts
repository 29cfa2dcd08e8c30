/**
 * The install's activity key: 32 random bytes kept in the keychain under `activity:digest-key`.
 * It keys the argument digests (an HMAC, so a short value cannot be guessed from its digest the way
 * a plain hash could) and the seal. Without a keychain a key is made for this run only: records are
 * still chained and Verify still finds edits inside the log, but digests cannot be compared across
 * runs and the seal of an earlier run cannot be checked (Verify says "unkeyed").
 */
import { randomBytes } from 'node:crypto'
import type { ActivityKey } from './activityLog'

export const ACTIVITY_KEY_SECRET = 'activity:digest-key'

/** The part of the SecretStore the key needs (injected, so activity/ stays beside secrets/, not on top of it). */
export interface KeySource {
  whenKnown(): Promise<void>
  status(): { keychain: 'available' | 'unavailable' | 'checking' }
  get(name: string): Promise<string | undefined>
  set(name: string, value: string): Promise<void>
}

export async function loadActivityKey(secrets: KeySource): Promise<ActivityKey> {
  await secrets.whenKnown()
  const fresh = () => randomBytes(32).toString('hex')
  if (secrets.status().keychain !== 'available') return { bytes: Buffer.from(fresh(), 'hex'), kept: false }
  try {
    let value = await secrets.get(ACTIVITY_KEY_SECRET)
    if (!value || !/^[0-9a-f]{64}$/.test(value)) {
      value = fresh()
      await secrets.set(ACTIVITY_KEY_SECRET, value)
    }
    return { bytes: Buffer.from(value, 'hex'), kept: true }
  } catch {
    return { bytes: Buffer.from(fresh(), 'hex'), kept: false }
  }
}
