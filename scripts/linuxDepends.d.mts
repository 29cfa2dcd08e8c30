// Types for scripts/linuxDepends.mjs, so the TypeScript tests can import it.
export const REQUIRED_DEB_DEPENDS: readonly string[]
export function resolvedDebDepends(config: Record<string, unknown>): string[]
export function dependsNames(field: string): string[]
export function missingDebDepends(depends: string | readonly string[]): string[]
