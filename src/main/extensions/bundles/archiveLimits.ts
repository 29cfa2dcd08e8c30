/** The guards an unzip applies, with defaults sized for real bundles (a server with a vendored node_modules). */
export interface ArchiveLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number
  /** Most bytes all files may take once unzipped. */
  maxTotalBytes: number
  /** Most bytes one file may take once unzipped. */
  maxEntryBytes: number
  /** Largest unzipped/zipped ratio allowed for a file over `ratioFloorBytes` (zip bombs reach 1000:1 and more). */
  maxRatio: number
  ratioFloorBytes: number
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
}
