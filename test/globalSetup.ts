/** Builds the app once before any test file runs, so parallel end-to-end files never build at the same time. */
// @ts-expect-error -- a plain .mjs script without type declarations
import { buildIfStale } from '../scripts/build-if-stale.mjs'

export default function setup(): void {
  buildIfStale(process.cwd())
}
