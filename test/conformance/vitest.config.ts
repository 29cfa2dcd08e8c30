// `npm run conformance`: the official MCP conformance suites' client scenarios (both installed
// versions) against the real extension core and the host API. Kept out of `npm test` so that each has a budget of its own; `.ci/run` runs it as
// its own step.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/conformance/**/*.conformance.test.ts'],
    environment: 'node',
    env: { SWITCHBOARD_LOG_LEVEL: process.env.SWITCHBOARD_LOG_LEVEL ?? 'warn' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
