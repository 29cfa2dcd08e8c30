// Types for scripts/electronBinary.mjs, so the TypeScript tests can import it.
export type ElectronLocation = { found: true; path: string } | { found: false; reason: string }

export interface LocateOptions {
  packageDir?: () => string
  readFile?: (path: string) => string
  exists?: (path: string) => boolean
  env?: Record<string, string | undefined>
}

export const INSTALL_HINT: string

/** Where the Electron binary is, or why there is none (without loading the electron package). */
export function locateElectron(options?: LocateOptions): ElectronLocation
