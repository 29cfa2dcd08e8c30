/**
 * The process-wide set of secret values that log() masks. The SecretStore feeds it: every value it
 * stores or reads is registered, so no log line of this run can carry it, and neither can what the
 * host commits to a session or serves as a resource (`maskSecretValuesIn`).
 */
import { createRedactor } from './redact'

const redactor = createRedactor()

/** Masks `value` in every later log line (values shorter than MIN_MASKED_SECRET_LENGTH are ignored; see redact.ts). */
export function registerSecretValue(value: string): void {
  redactor.register(value)
}

/** Undoes one registerSecretValue(value). */
export function forgetSecretValue(value: string): void {
  redactor.forget(value)
}

/** Masks registered values and token shapes in `text`. */
export function redactSecrets(text: string): string {
  return redactor.redact(text)
}

/**
 * `value` (any JSON value) with every known secret value inside its strings masked, keys included.
 * Token shapes are left alone here: a chat may legitimately quote an example key, but never one of
 * the person's real secrets. Strings are masked one by one, so JSON syntax around them stays intact.
 */
export function maskSecretValuesIn<T>(value: T): T {
  return maskJson(value) as T
}

function maskJson(value: unknown): unknown {
  if (typeof value === 'string') return redactor.redactValues(value)
  if (Array.isArray(value)) return value.map(maskJson)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactor.redactValues(key), maskJson(item)]))
  }
  return value
}
