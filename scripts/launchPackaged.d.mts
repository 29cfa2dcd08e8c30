// Types for scripts/launchPackaged.mjs, so the TypeScript tests can import it.
export const READY_FILE: string
export function packagedBinary(distDir: string, target: { platform: string; arch: string; productName: string; executableName: string }): string
export function appNames(builderConfig: Record<string, unknown> & { productName?: string; executableName?: string; linux?: { executableName?: string } }, packageJson: { name: string; productName?: string }): { productName: string; executableName: string }
export type LaunchResult = { ok: true; output: string } | { ok: false; problem: string; output: string }
export function launchOnce(options: { binary: string; dataDir: string; readyTimeoutMs?: number; settleMs?: number; pollMs?: number; stopTimeoutMs?: number; args?: string[] }): Promise<LaunchResult>
