import { configDefaults, defineConfig } from 'vitest/config'
import { chromiumMissingMessage, findChromium, REQUIRE_CHROMIUM_ENV } from './test/e2e/chromium.ts'

const E2E_FILES = 'test/e2e/**/*.e2e.test.ts'

/** Without a browser the end-to-end files are left out with one line saying why and the fix; CI requires them (test/globalSetup.ts). */
function e2eExclusions(): string[] {
  const browser = findChromium()
  if (browser.found || process.env[REQUIRE_CHROMIUM_ENV] === '1') return []
  console.warn(chromiumMissingMessage(browser, false))
  return [E2E_FILES]
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/electron needs the Electron binary: `npm run test:electron` (test/electron/vitest.config.ts).
    // The conformance suite has a budget of its own: `npm run conformance` (test/conformance/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/electron/**', 'test/conformance/**', ...e2eExclusions()],
    environment: 'node',
    globalSetup: ['test/globalSetup.ts'],
    // Hosts started by tests log only warnings and errors; set it to debug when chasing a problem.
    env: { SWITCHBOARD_LOG_LEVEL: process.env.SWITCHBOARD_LOG_LEVEL ?? 'warn' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // How long expect.poll waits for a state to arrive (vitest's default is 1 s): a bound on waiting
    // on a busy machine, never a speed requirement. A poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
  },
})
