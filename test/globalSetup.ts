/** Builds the app once before any test file runs, so parallel end-to-end files never build at the same time. */
// @ts-expect-error -- a plain .mjs script without type declarations
import { buildIfStale } from '../scripts/build-if-stale.mjs'
import { chromiumMissingMessage, findChromium, REQUIRE_CHROMIUM_ENV } from './e2e/chromium'

export default function setup(): void {
  // CI requires the end-to-end tests: a missing browser fails the run before anything else.
  const browser = findChromium()
  if (!browser.found && process.env[REQUIRE_CHROMIUM_ENV] === '1') throw new Error(chromiumMissingMessage(browser, true))
  // For a quick run of tests that need no build (never in CI): SWITCHBOARD_SKIP_BUILD=1 npx vitest run test/main
  if (process.env.SWITCHBOARD_SKIP_BUILD === '1' && !process.env.CI) return
  buildIfStale(process.cwd())
}
