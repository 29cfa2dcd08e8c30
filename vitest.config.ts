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

/**
 * Pure unit tests: no host, no process, no server of their own, and every module-level store they
 * touch is reset in their own beforeEach. They share one worker's modules (`isolate: false`), which
 * saves vitest's ~0.2 s set-up per file; a file that starts holding state across files belongs in
 * the other project.
 */
const UNIT_FILES = ['test/shared/**/*.test.ts', 'test/renderer/**/*.test.ts']

export default defineConfig({
  test: {
    // Two files at a time. vitest's default is one worker fewer than the cores, which is ONE worker on a
    // 2-core machine: every file ran after the other, although most of their time is spent waiting
    // (hosts starting, servers answering, Chromium drawing), not computing.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_FILES, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          // test/electron needs the Electron binary: `npm run test:electron` (test/electron/vitest.config.ts).
          // The conformance suite has a budget of its own: `npm run conformance` (test/conformance/vitest.config.ts).
          exclude: [...configDefaults.exclude, 'test/electron/**', 'test/conformance/**', ...UNIT_FILES, ...e2eExclusions()],
        },
      },
    ],
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
