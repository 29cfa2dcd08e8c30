// Types for scripts/releaseTag.mjs, so the TypeScript tests can import its pure part.
export function releaseTagProblem(tag: string, version: string): string | undefined
