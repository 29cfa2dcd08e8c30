/**
 * .github/workflows/release.yml: all three OSes, the Electron smoke test before packaging, and one
 * release under the pushed tag — a draft job (after the tag/version check), package jobs that build
 * with --publish never and upload into the draft (latest*.yml last), and a job that publishes it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { releaseTagProblem } from '../../scripts/releaseTag.mjs'

interface Step {
  name?: string
  run?: string
  uses?: string
  if?: string
  env?: Record<string, string>
}
interface Job {
  needs?: string | string[]
  if?: string
  'runs-on': string
  strategy?: { matrix: { os: string[] } }
  steps: Step[]
}
const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as {
  on: { push: { tags: string[] } }
  permissions: Record<string, string>
  jobs: { draft: Job; package: Job; publish: Job }
}
const { draft, package: pack, publish } = workflow.jobs
const indexIn = (job: Job, text: string) => job.steps.findIndex((step) => (step.run ?? '').includes(text))
const stepIn = (job: Job, text: string) => job.steps[indexIn(job, text)]!
const ON_TAG = "startsWith(github.ref, 'refs/tags/')"
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version

describe('the release workflow', () => {
  it('runs on version tags, on Linux, macOS and Windows, and may write the release', () => {
    expect(workflow.on.push.tags).toEqual(['v*'])
    expect(pack.strategy?.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest'])
    expect(workflow.permissions.contents).toBe('write')
  })

  it('has exactly three jobs in a line: the draft, the packages (after it), the publish (after them)', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['draft', 'package', 'publish'])
    expect(pack.needs).toBe('draft')
    expect(publish.needs).toBe('package')
    expect(publish.if).toBe(ON_TAG)
  })

  it('checks that the tag names the package.json version before it drafts the release', () => {
    const check = indexIn(draft, 'node scripts/releaseTag.mjs "$GITHUB_REF_NAME"')
    const create = indexIn(draft, 'gh release create "$GITHUB_REF_NAME" --draft --verify-tag')
    expect(check).toBeGreaterThanOrEqual(0)
    expect(create).toBeGreaterThan(check)
    expect([draft.steps[check]!.if, draft.steps[create]!.if]).toEqual([ON_TAG, ON_TAG])
  })

  it('installs, fetches the Electron binary, builds, smoke-tests the app, then packages with the checked config', () => {
    const order = ['npm ci', 'npx install-electron', 'npm run build', 'npm run test:electron', 'electron-builder --config build/electron-builder.yml'].map((text) => indexIn(pack, text))
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('packages with --publish never (electron-builder would publish under its own tag), signing only from optional secrets', () => {
    const packaging = stepIn(pack, 'electron-builder --config')
    expect(packaging.run).toMatch(/--publish never(\s|$)/)
    expect(Object.keys(packaging.env ?? {}).sort()).toEqual(['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_ID', 'APPLE_TEAM_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK'])
    // No job lets electron-builder publish.
    for (const job of Object.values(workflow.jobs)) for (const step of job.steps) expect(step.run ?? '').not.toMatch(/--publish (always|onTag|onTagOrDraft)|\$\{\{.*'always'/)
  })

  it('starts the packaged app once after packaging and before anything is uploaded (Linux with the setuid sandbox, under xvfb)', () => {
    const launch = indexIn(pack, 'node scripts/launchPackaged.mjs dist')
    expect(launch).toBeGreaterThan(indexIn(pack, 'electron-builder --config'))
    expect(launch).toBeLessThan(indexIn(pack, 'gh release upload'))
    const run = pack.steps[launch]!.run!
    expect(run).toContain('xvfb-run -a node scripts/launchPackaged.mjs dist')
    expect(run).toContain('sudo chmod 4755 dist/linux-unpacked/chrome-sandbox')
    expect(pack.steps[launch]!.if).toBeUndefined()
  })

  it('uploads into the release of the pushed tag after packaging, the packages before latest*.yml', () => {
    const upload = stepIn(pack, 'gh release upload')
    expect(indexIn(pack, 'gh release upload')).toBeGreaterThan(indexIn(pack, 'electron-builder --config'))
    expect(upload.if).toBe(ON_TAG)
    const run = upload.run!
    expect(run).toContain('gh release upload "$GITHUB_REF_NAME" "${packages[@]}" --clobber')
    expect(run).toContain('gh release upload "$GITHUB_REF_NAME" "${updates[@]}" --clobber')
    expect(run.indexOf('"${packages[@]}" --clobber')).toBeLessThan(run.indexOf('"${updates[@]}" --clobber'))
    expect(run).toContain('updates=(dist/latest*.yml)')
    for (const ext of ['AppImage', 'deb', 'rpm', 'dmg', 'zip', 'exe', 'blockmap']) expect(run).toContain(`dist/*.${ext}`)
  })

  it("checks the built .deb's Depends on Linux after packaging, and can build the rpm", () => {
    const check = stepIn(pack, 'node scripts/linuxDepends.mjs dist/*.deb')
    expect(check.if).toBe("runner.os == 'Linux'")
    expect(indexIn(pack, 'node scripts/linuxDepends.mjs')).toBeGreaterThan(indexIn(pack, 'electron-builder --config'))
    expect(indexIn(pack, 'node scripts/linuxDepends.mjs')).toBeLessThan(indexIn(pack, 'gh release upload'))
    expect(stepIn(pack, 'apt-get install').run).toMatch(/\brpm\b/)
  })

  it('checks on macOS, after packaging, that a zip of each architecture is there and latest-mac.yml names it', () => {
    const check = stepIn(pack, 'dist/latest-mac.yml')
    expect(check.if).toBe("runner.os == 'macOS'")
    expect(check.run).toContain('-mac.zip')
    expect(indexIn(pack, 'dist/latest-mac.yml')).toBeGreaterThan(indexIn(pack, 'electron-builder --config'))
    expect(indexIn(pack, 'dist/latest-mac.yml')).toBeLessThan(indexIn(pack, 'gh release upload'))
  })

  it("installs @napi-rs/keyring's binary of the other architecture before packaging (x64 dmg on an arm64 Mac, arm64 Linux on x64)", () => {
    const step = stepIn(pack, '@napi-rs/keyring-darwin-x64')
    expect(step.run).toContain('@napi-rs/keyring-linux-arm64-gnu')
    expect(indexIn(pack, '@napi-rs/keyring-darwin-x64')).toBeLessThan(indexIn(pack, 'electron-builder --config'))
    expect(indexIn(pack, '@napi-rs/keyring-darwin-x64')).toBeGreaterThan(indexIn(pack, 'npm ci'))
  })

  it('publishes the draft only in the last job', () => {
    expect(publish.steps.map((step) => step.run?.trim())).toEqual(['gh release edit "$GITHUB_REF_NAME" --draft=false'])
    for (const job of [draft, pack]) expect(job.steps.some((step) => (step.run ?? '').includes('--draft=false'))).toBe(false)
  })
})

describe('scripts/releaseTag.mjs', () => {
  it('accepts v<version> and names the fix for any other tag', () => {
    expect(releaseTagProblem('v1.2.3', '1.2.3')).toBeUndefined()
    expect(releaseTagProblem('v1.2.4', '1.2.3')).toBe(
      `The tag v1.2.4 does not name package.json's version 1.2.3: set "version" to 1.2.4 (npm version 1.2.4 --no-git-tag-version), commit, and tag that commit; or tag v1.2.3 instead.`,
    )
    expect(releaseTagProblem('1.2.3', '1.2.3')).toBeDefined()
  })

  it('as the workflow runs it: exits 0 for this package.json version, 1 with one line for another tag', () => {
    expect(execFileSync(process.execPath, ['scripts/releaseTag.mjs', `v${version}`], { encoding: 'utf8' })).toContain(`v${version}`)
    let failure: { status?: number; stderr?: string } = {}
    try {
      execFileSync(process.execPath, ['scripts/releaseTag.mjs', 'v999.0.0'], { encoding: 'utf8', stdio: 'pipe' })
    } catch (error) {
      failure = error as typeof failure
    }
    expect(failure.status).toBe(1)
    expect(failure.stderr?.trim()).toBe(releaseTagProblem('v999.0.0', version))
  })
})
