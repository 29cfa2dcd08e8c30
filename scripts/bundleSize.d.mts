// Types for scripts/bundleSize.mjs, so the TypeScript tests can import its checks.
export const FIRST_CHUNK_BUDGET: number
export const RENDERER_CHUNK_WARNING_KB: number
export function firstLoad(rendererDir: string): { files: Map<string, number>; total: number }
export function checkBundle(rendererDir: string, budget?: number): { within: boolean; total: number; lines: string[] }
