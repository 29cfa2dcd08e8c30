import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/globalSetup.ts'],
    // Hosts started by tests log only warnings and errors; set it to debug when chasing a problem.
    env: { SWITCHBOARD_LOG_LEVEL: process.env.SWITCHBOARD_LOG_LEVEL ?? 'warn' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
