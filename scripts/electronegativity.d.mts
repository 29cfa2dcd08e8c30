// Types for scripts/electronegativity.mjs, so the TypeScript tests can import its allow-list logic.
export interface AllowEntry {
  check: string
  file: string | undefined
  sample: string | undefined
  reason: string
}

/** Parses and validates build/electronegativity-allow.json; throws naming the bad entry. */
export function parseAllowList(text: string): AllowEntry[]

/** Splits findings into unexpected ones and names allow-list entries that matched nothing. */
export function classifyFindings<Finding extends { id: string; file: string; sample?: string }>(
  findings: Finding[],
  allowList: AllowEntry[],
): { unexpected: Finding[]; unusedEntries: AllowEntry[] }

/** The path of a staged file in the build output (`index.cjs.js` → `index.cjs`). */
export function originalName(stagedPath: string): string
