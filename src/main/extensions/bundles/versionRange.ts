/**
 * Range checks for `compatibility.runtimes` (">=18.0.0", "^3.10", ">=16 <23", "3.x", "18 || 20",
 * "16 - 18"), read by `semver` exactly as npm reads `engines`. A range it cannot read is reported,
 * not guessed.
 */
import semver from 'semver'

/**
 * The version as semver reads it: "v20.1.3" as is; Python's "3.12" or "3.13.0rc1" coerced to its
 * release numbers (Python does not write semver prereleases), so they are not refused as unreadable.
 */
function readVersion(text: string): string | undefined {
  return semver.valid(text.trim()) ?? semver.coerce(text)?.version ?? undefined
}

/** True/false when `versionText` is in `range`; undefined when the range or version cannot be read. */
export function satisfiesRange(versionText: string, range: string): boolean | undefined {
  const version = readVersion(versionText)
  if (version === undefined || semver.validRange(range) === null) return undefined
  return semver.satisfies(version, range)
}
