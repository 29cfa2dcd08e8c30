// Types for scripts/notices.mjs, so the TypeScript tests can import it.
export interface LockEntry {
  name?: string
  version: string
  license?: string
  dev?: boolean
  optional?: boolean
  dependencies?: Record<string, string>
}
export function importedPackages(root: string): Set<string>
export function shippedPackages(root: string): Map<string, LockEntry>
export function noticesText(root: string): string
