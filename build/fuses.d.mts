// Types for build/fuses.mjs, so the TypeScript tests can import it.
import type { FuseV1Config } from '@electron/fuses'
export declare const FUSES: Readonly<Record<string, boolean>>
export declare function fuseConfig(electronPlatformName: string, arch: string): FuseV1Config
export declare function executableFile(electronPlatformName: string, names: { executableName: string; productFilename: string }): string
