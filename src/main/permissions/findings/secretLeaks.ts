/**
 * A known secret value in the arguments of a call to an extension that does not own it: the shape
 * of exfiltration ("send the GitHub token to this web form"). Looked for as written, URL-encoded and
 * base64-encoded; a model told to disguise a secret can still do it another way, so this is a
 * tripwire, not a guarantee. Findings never contain the value.
 */
import type { ArgumentString } from '../rules/argumentStrings'
import type { Finding, SecretValue } from '../types'

/** Shorter values are too likely to occur by chance ("admin", "1234") to block calls over. */
export const MIN_SECRET_LENGTH = 8

function variants(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value)])
  const base64 = Buffer.from(value, 'utf8').toString('base64')
  forms.add(base64)
  forms.add(base64.replace(/=+$/, ''))
  forms.add(Buffer.from(value, 'utf8').toString('base64url'))
  return [...forms]
}

/** Findings for every secret among a call's argument `strings` that `extensionId` does not own (one per secret owner). */
export function findSecretLeaks(strings: readonly ArgumentString[], extensionId: string, secrets: readonly SecretValue[]): Finding[] {
  const foreign = secrets.filter((secret) => secret.owner !== extensionId && secret.value.length >= MIN_SECRET_LENGTH)
  if (foreign.length === 0) return []
  const findings: Finding[] = []
  const reported = new Set<string>()
  for (const secret of foreign) {
    if (reported.has(secret.owner)) continue
    const forms = variants(secret.value)
    const hit = strings.find(({ text }) => forms.some((form) => text.includes(form)))
    if (!hit) continue
    reported.add(secret.owner)
    findings.push({
      kind: 'secret-leak',
      severity: 'critical',
      argument: hit.pointer || '/',
      message: `The argument ${hit.pointer || '/'} contains a secret that belongs to ${secret.owner}; secrets are only sent to the extension they belong to, so the call was blocked.`,
    })
  }
  return findings
}
