/** Builds the app once before any test file runs, so parallel end-to-end files never build at the same time. */
// @ts-expect-error -- a plain .mjs script without type declarations
import { buildIfStale } from '../scripts/build-if-stale.mjs'

export default function setup(): void {
  // For a quick run of tests that need no build (never in CI): SWITCHBOARD_SKIP_BUILD=1 npx vitest run test/main
  if (process.env.SWITCHBOARD_SKIP_BUILD === '1' && !process.env.CI) return
  buildIfStale(process.cwd())
}
