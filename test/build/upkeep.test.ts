/**
 * Licence, provenance and upkeep (issue 34 item 9): the licence and repository package.json declares
 * (and the update configuration follows), the third-party notices the packages ship, Dependabot's
 * configuration, and the pull-request workflow running what .ci/run runs. Packing itself is checked
 * by scripts/packCheck.mjs (`npm run dist:check`, a .ci/run step).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { importedPackages, noticesText, shippedPackages } from '../../scripts/notices.mjs'

const root = join(import.meta.dirname, '../..')
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  author: string
  license?: string
  repository?: { type: string; url: string }
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const lock = (JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; dev?: boolean }> }).packages
const builderConfig = parse(readFileSync(join(root, 'build/electron-builder.yml'), 'utf8')) as {
  publish: { provider: string; owner?: string; repo?: string }
  extraResources: { from: string; to: string }[]
}

describe('licence and provenance', () => {
  it('package.json names the licence, and LICENSE holds its text with the authors', () => {
    expect(packageJson.license).toBe('MIT')
    const license = readFileSync(join(root, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^MIT License\n/)
    expect(license).toContain(`Copyright (c) 2026 ${packageJson.author}`)
  })

  it('package.json names the GitHub repository, and the update configuration asks its releases', () => {
    const [, owner, repo] = /^git\+https:\/\/github\.com\/([^/]+)\/([^/]+)\.git$/.exec(packageJson.repository?.url ?? '') ?? []
    expect(owner).toBeDefined()
    expect(builderConfig.publish).toMatchObject({ provider: 'github', owner, repo })
  })

  it('every package ships its licence and the notices beside app.asar (and the tray icon, read from a file)', () => {
    expect(builderConfig.extraResources).toEqual([
      { from: 'LICENSE', to: 'LICENSE' },
      { from: 'out/THIRD_PARTY_NOTICES.md', to: 'THIRD_PARTY_NOTICES.md' },
      { from: 'resources/icon.png', to: 'icon.png' },
    ])
  })
})

describe('third-party notices (scripts/notices.mjs)', () => {
  const text = noticesText(root)
  const headings = new Set([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]!))
  const shipped = shippedPackages(root)

  it('list every runtime package of the lock file, the ones app.asar packs in node_modules', () => {
    const runtime = Object.entries(lock).filter(([path, entry]) => path !== '' && entry.dev !== true)
    expect(runtime.length).toBeGreaterThan(10)
    const missing = runtime.filter(([path, entry]) => !headings.has(`${path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version}`))
    expect(missing.map(([path]) => path)).toEqual([])
  })

  it('list what the build bundles: every package the sources import, and what those depend on', () => {
    const imported = importedPackages(root)
    for (const name of ['react', 'marked', 'highlight.js', 'ai', '@modelcontextprotocol/client', 'zod', 'gpt-tokenizer']) expect(imported).toContain(name)
    for (const name of imported) expect([...headings].some((heading) => heading.startsWith(`${name}@`)), name).toBe(true)
    // A dependency of a bundled package (react-dom needs scheduler), from the lock's graph.
    expect(shipped.has('node_modules/scheduler')).toBe(true)
    expect([...headings].some((heading) => heading.startsWith('scheduler@'))).toBe(true)
  })

  it('carry each package\'s licence text, and leave out the tools that only build and test', () => {
    expect(text).toMatch(/## react@[\d.]+\n\nLicence: MIT\n\n```\nMIT License/)
    for (const tool of ['vitest', 'eslint', 'electron-builder', 'typescript']) expect([...headings].some((heading) => heading.startsWith(`${tool}@`)), tool).toBe(false)
  })
})

describe('upkeep', () => {
  it('Dependabot updates the npm packages and the workflows\' actions weekly, grouped', () => {
    const config = parse(readFileSync(join(root, '.github/dependabot.yml'), 'utf8')) as {
      version: number
      updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string }; groups?: Record<string, unknown> }[]
    }
    expect(config.version).toBe(2)
    expect(config.updates.map((update) => update['package-ecosystem']).sort()).toEqual(['github-actions', 'npm'])
    for (const update of config.updates) {
      expect(update.directory).toBe('/')
      expect(update.schedule.interval).toBe('weekly')
      expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0)
    }
  })

  it('every pull request runs .ci/run on Ubuntu, as root (it installs system packages)', () => {
    const workflow = parse(readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8')) as {
      on: Record<string, unknown>
      permissions: Record<string, string>
      jobs: Record<string, { 'runs-on': string; steps: { uses?: string; run?: string }[] }>
    }
    expect(Object.keys(workflow.on)).toContain('pull_request')
    expect(workflow.permissions).toEqual({ contents: 'read' })
    const [job] = Object.values(workflow.jobs)
    expect(job!['runs-on']).toBe('ubuntu-latest')
    expect(job!.steps[0]!.uses).toMatch(/^actions\/checkout@/)
    expect(job!.steps.some((step) => /^sudo .*bash \.ci\/run$/.test(step.run ?? ''))).toBe(true)
  })
})
