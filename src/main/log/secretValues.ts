/**
 * The process-wide set of secret values that log() masks. The SecretStore feeds it: every value it
 * stores or reads is registered, so no log line of this run can carry it.
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
