// Types for scripts/nodeVersion.mjs, so the TypeScript tests can import its pure parts.
export const NODE_FIX: string
export function minimumOf(range: string): [number, number, number]
export function nodeVersionProblem(version: string, range: string): string | undefined
export function requireNodeVersion(root: string): void
