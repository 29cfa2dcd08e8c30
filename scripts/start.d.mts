// Types for scripts/start.mjs, so the TypeScript tests can import its detection function.
export type ElectronLocation = { found: true; path: string } | { found: false; reason: string }

/** Where the Electron binary is, or why there is none. */
export function locateElectron(requireElectron?: (id: string) => unknown, exists?: (path: string) => boolean): ElectronLocation
