/**
 * The rule for secret names and values, shared so the renderer's form and the host agree.
 * Names: letters, digits and . _ - : / @ (npm-style ids such as "@scope/name" fit), first character a
 * letter or digit. No spaces, quotes, braces or "$", so a name always fits inside a `${secret:NAME}`
 * reference and a log line unambiguously.
 */
export const MAX_SECRET_NAME_LENGTH = 200
export const SECRET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@-]*$/
export const SECRET_NAME_CHARACTER = /[A-Za-z0-9._:/@-]/
/** Long OAuth tokens fit; some keychains allow less (Windows: ~2.5 KB) and then say so. */
export const MAX_SECRET_VALUE_LENGTH = 16 * 1024

export function isValidSecretName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_SECRET_NAME_LENGTH && SECRET_NAME_PATTERN.test(name)
}
