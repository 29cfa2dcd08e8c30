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
 * `value` as JSON with every known secret value inside its strings masked, keys included. Token
 * shapes are left alone here: a chat may legitimately quote an example key, but never one of the
 * person's real secrets. Strings are masked one by one after `toJSON` (a Date stays a date), so the
 * JSON syntax around them stays intact.
 */
export function stringifyMasked(value: unknown): string {
  // JSON.stringify escapes a string character by character, so a value inside any string or key of
  // `value` shows in the plain JSON as it is or in its escaped form, both of which the redactor looks
  // for. When neither occurs there is nothing to mask, and the plain JSON is the masked JSON: no
  // replacer runs over every string and object (a history resource is read after every commit).
  const plain = JSON.stringify(value) as string | undefined
  if (plain === undefined || !redactor.mayOccurIn(plain)) return plain as string
  return JSON.stringify(value, maskingReplacer)
}

function maskingReplacer(_key: string, item: unknown): unknown {
  if (typeof item === 'string') return redactor.redactValues(item)
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
  const entries = Object.entries(item)
  if (entries.every(([key]) => redactor.redactValues(key) === key)) return item
  return Object.fromEntries(entries.map(([key, inner]) => [redactor.redactValues(key), inner]))
}

/** `value` (plain JSON data) with every known secret value masked, as `stringifyMasked` does. */
export function maskSecretValuesIn<T>(value: T): T {
  return JSON.parse(stringifyMasked(value)) as T
}
