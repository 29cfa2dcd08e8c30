/**
 * Checks an archive entry's name before anything is written: a name must stay inside the staging
 * folder (no "..", no absolute path, no drive letter, no backslash that Windows would read as a
 * separator) — the "zip slip" guard. Returns the problem, or undefined for a safe name.
 */
export function entryNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it has an empty name'
  if (name.includes('\0')) return 'its name contains a NUL character'
  if (name.includes('\\')) return 'its name contains a backslash, which Windows reads as a folder separator'
  if (/^[A-Za-z]:/.test(name)) return 'its name starts with a drive letter (an absolute path)'
  if (name.startsWith('/')) return 'its name is an absolute path'
  if (name.split('/').some((part) => part === '..')) return 'its name climbs out of the bundle with ".."'
  return undefined
}

/** The entry's path segments without empty and "." parts. */
export function entrySegments(name: string): string[] {
  return name.split('/').filter((part) => part !== '' && part !== '.')
}
