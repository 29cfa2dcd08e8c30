// `npm run test:electron`: the smoke test of the real Electron app (Playwright's Electron support).
// Kept out of `npm test`, which runs without the Electron binary; the release workflow runs it on
// Linux, macOS and Windows before packaging.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/electron/**/*.electron.test.ts'],
    environment: 'node',
    globalSetup: ['test/globalSetup.ts'],
    env: { SWITCHBOARD_LOG_LEVEL: process.env.SWITCHBOARD_LOG_LEVEL ?? 'warn' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
