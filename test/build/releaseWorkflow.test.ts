/** .github/workflows/release.yml: all three OSes, the Electron smoke test before packaging, packages attached to the release. */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

interface Step {
  name?: string
  run?: string
  uses?: string
  env?: Record<string, string>
}
const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as {
  on: { push: { tags: string[] } }
  permissions: Record<string, string>
  jobs: { package: { strategy: { matrix: { os: string[] } }; steps: Step[] } }
}
const steps = workflow.jobs.package.steps
const indexOf = (text: string) => steps.findIndex((step) => (step.run ?? '').includes(text))

describe('the release workflow', () => {
  it('runs on version tags, on Linux, macOS and Windows, and may write the release', () => {
    expect(workflow.on.push.tags).toEqual(['v*'])
    expect(workflow.jobs.package.strategy.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest'])
    expect(workflow.permissions.contents).toBe('write')
  })

  it('installs, fetches the Electron binary, builds, smoke-tests the app, then packages with the checked config', () => {
    const order = ['npm ci', 'npx install-electron', 'npm run build', 'npm run test:electron', 'electron-builder --config build/electron-builder.yml'].map(indexOf)
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('signs and notarises only from optional secrets, and publishes only for a tag', () => {
    const packaging = steps[indexOf('electron-builder --config')]!
    expect(Object.keys(packaging.env ?? {}).sort()).toEqual(['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_ID', 'APPLE_TEAM_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK', 'GH_TOKEN'])
    expect(packaging.run).toContain("--publish ${{ startsWith(github.ref, 'refs/tags/') && 'always' || 'never' }}")
  })
})
