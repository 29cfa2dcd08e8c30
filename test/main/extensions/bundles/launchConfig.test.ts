/** Launch config: overrides, substitution, list expansion, secrets only in env; settings checks; version ranges and compatibility. */
import { sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compatibilityProblems } from '../../../../src/main/extensions/bundles/compatibility'
import { buildLaunch, type LaunchInputs } from '../../../../src/main/extensions/bundles/launchConfig'
import { parseManifest, type Manifest } from '../../../../src/main/extensions/bundles/manifestSchema'
import { checkUserConfig, formFields } from '../../../../src/main/extensions/bundles/userConfig'
import { satisfiesRange } from '../../../../src/main/extensions/bundles/versionRange'
import { findSecretRefs } from '../../../../src/main/secrets/secretRefs'
import { fixtureManifest } from './bundleFixtures'

const folders = { HOME: '/home/ann', DESKTOP: '/home/ann/Desktop', DOCUMENTS: '/home/ann/Documents' }
function manifest(overrides: Record<string, unknown>): Manifest {
  const parsed = parseManifest(JSON.stringify(fixtureManifest(overrides)))
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  return parsed.manifest
}
const inputs = (overrides: Partial<LaunchInputs> = {}): LaunchInputs => ({
  installDir: '/data/extensions/fixture-bundle/1.0.0',
  platform: 'linux',
  folders,
  values: {},
  secretKeys: [],
  nodeCommand: '/usr/bin/node-for-tests',
  ...overrides,
})
const userConfig = {
  roots: { type: 'directory', title: 'Folders', multiple: true, required: true },
  api_key: { type: 'string', title: 'API key', sensitive: true, required: true },
  limit: { type: 'number', title: 'Limit', min: 1, max: 10, default: 5 },
  verbose: { type: 'boolean', title: 'Verbose', default: false },
  notes: { type: 'directory', title: 'Notes', default: '${DOCUMENTS}/Notes' },
}

describe('buildLaunch', () => {
  const server = (mcp_config: Record<string, unknown>, type = 'node') => ({ server: { type, entry_point: 'server/index.js', mcp_config } })

  it('substitutes ${__dirname}, ${HOME} and settings, expands a list argument, refers to secrets in env, and resolves node', () => {
    const m = manifest({
      ...server({ command: 'node', args: ['${__dirname}/server/index.js', '--limit=${user_config.limit}', '${user_config.roots}', '--home', '${HOME}'], env: { FIXTURE_KEY: 'Bearer ${user_config.api_key}', FIXTURE_VERBOSE: '${user_config.verbose}' } }),
      user_config: userConfig,
    })
    const launch = buildLaunch(m, inputs({ values: { limit: 3, verbose: true, roots: ['/a b', '/c'] }, secretKeys: ['api_key'] }))
    expect(launch).toEqual({
      command: '/usr/bin/node-for-tests',
      args: [`/data/extensions/fixture-bundle/1.0.0/server/index.js`, '--limit=3', '/a b', '/c', '--home', '/home/ann'],
      env: { FIXTURE_KEY: 'Bearer ${secret:mcpb:fixture-bundle:api_key}', FIXTURE_VERBOSE: 'true' },
      cwd: '/data/extensions/fixture-bundle/1.0.0',
    })
  })

  it('lets a platform override replace command, args and env wholesale', () => {
    const m = manifest(server({ command: 'python3', args: ['a.py'], env: { FIXTURE_A: '1' }, platform_overrides: { linux: { command: '${__dirname}/bin/server', args: ['--linux'] }, win32: { command: 'server.exe' } } }, 'binary'))
    expect(buildLaunch(m, inputs())).toMatchObject({ command: '/data/extensions/fixture-bundle/1.0.0/bin/server', args: ['--linux'], env: { FIXTURE_A: '1' } })
    expect(buildLaunch(m, inputs({ platform: 'win32' }))).toMatchObject({ command: 'server.exe', args: ['a.py'] })
    expect(buildLaunch(m, inputs({ platform: 'darwin' }))).toMatchObject({ command: 'python3', args: ['a.py'] })
    expect(buildLaunch(manifest(server({ command: 'x', args: ['${/}'] }, 'binary')), inputs()).args).toEqual([sep])
  })

  it('keeps "node" for a non-node server and drops a missing list setting', () => {
    const m = manifest({ ...server({ command: 'node', args: ['${user_config.roots}'] }, 'binary'), user_config: userConfig })
    expect(buildLaunch(m, inputs())).toMatchObject({ command: 'node', args: [] })
  })

  it('refuses a sensitive setting on the command line and an undeclared setting', () => {
    const sensitiveArg = manifest({ ...server({ command: 'node', args: ['--key=${user_config.api_key}'] }), user_config: userConfig })
    expect(() => buildLaunch(sensitiveArg, inputs({ secretKeys: ['api_key'] }))).toThrow(/passes the sensitive setting "api_key" as a command-line argument/)
    const undeclared = manifest(server({ command: 'node', args: ['${user_config.nope}'] }))
    expect(() => buildLaunch(undeclared, inputs())).toThrow(/\$\{user_config\.nope\}, which the bundle does not declare/)
  })

  it('escapes a literal ${secret:…} typed into a setting that lands in env', () => {
    const m = manifest({ ...server({ command: 'node', env: { FIXTURE_NOTE: '${user_config.notes}' } }), user_config: userConfig })
    expect(buildLaunch(m, inputs({ values: { notes: '/x/${secret:provider:openai}' } })).env.FIXTURE_NOTE).toBe('/x/$${secret:provider:openai}')
  })

  it("escapes secret syntax the manifest's own env text holds, so a bundle cannot name a keychain secret (issue 12 item 1)", () => {
    const m = manifest({
      ...server({
        command: 'node',
        env: { STOLEN: '${secret:provider:anthropic}', MIXED: 'key=${secret:extension:github:env:GITHUB_TOKEN};dir=${__dirname}', OWN: '${user_config.api_key}', LITERAL: '$${secret:x}' },
      }),
      user_config: userConfig,
    })
    const { env } = buildLaunch(m, inputs({ secretKeys: ['api_key'] }))
    expect(env).toEqual({
      STOLEN: '$${secret:provider:anthropic}',
      MIXED: `key=$\${secret:extension:github:env:GITHUB_TOKEN};dir=/data/extensions/fixture-bundle/1.0.0`,
      OWN: '${secret:mcpb:fixture-bundle:api_key}',
      LITERAL: '$$${secret:x}',
    })
    // Only the bundle's own sensitive setting is a reference; everything else is text.
    expect(Object.values(env).flatMap(findSecretRefs)).toEqual(['mcpb:fixture-bundle:api_key'])
  })
})

describe('checkUserConfig', () => {
  const m = manifest({ user_config: userConfig })

  it('applies defaults with folder variables and reports missing required keys', () => {
    expect(checkUserConfig(m, {}, folders)).toEqual({
      values: { limit: 5, verbose: false, notes: '/home/ann/Documents/Notes' },
      secrets: {},
      secretKeys: [],
      missing: ['roots', 'api_key'],
      errors: [],
    })
  })

  it('checks types, bounds, paths and lists, naming the field', () => {
    const checked = checkUserConfig(m, { limit: 11, verbose: 'maybe', roots: ['relative/path'], notes: ['/a', '/b'], extra: 'x' }, folders)
    expect(checked.errors).toEqual([
      '"extra" is not a setting of this bundle; remove it.',
      '"Folders" (roots) must be a full path to a folder, e.g. /home/me/Documents.',
      '"Limit" (limit) must be at most 10.',
      '"Verbose" (verbose) must be true or false.',
      '"Notes" (notes) takes one value, not a list.',
    ])
  })

  it('separates sensitive values and keeps previous values on update', () => {
    const previous = { values: { roots: ['/kept'], limit: 2 }, secretKeys: ['api_key'], declaredKeys: ['roots', 'api_key', 'limit'] }
    expect(checkUserConfig(m, { limit: '7' }, folders, previous)).toMatchObject({ values: { roots: ['/kept'], limit: 7 }, secrets: {}, secretKeys: ['api_key'], missing: [] })
    expect(checkUserConfig(m, { api_key: 'new-key', roots: ['/r'] }, folders)).toMatchObject({ secrets: { api_key: 'new-key' }, secretKeys: ['api_key'], missing: [] })
    const fields = formFields(m, folders, previous)
    expect(fields.find((field) => field.key === 'api_key')).toMatchObject({ isSet: true, isNew: false, current: undefined })
    expect(fields.find((field) => field.key === 'verbose')).toMatchObject({ isNew: true, default: false })
    expect(fields.find((field) => field.key === 'roots')).toMatchObject({ current: ['/kept'] })
  })
})

describe('versions and compatibility', () => {
  it.each([
    ['v20.11.0', '>=18.0.0', true],
    ['v20.11.0', '>=22', false],
    ['v20.11.0', '^20.1', true],
    ['v20.11.0', '^18 || ^20', true],
    ['v20.11.0', '>=16 <20', false],
    ['3.11.4', '~3.11', true],
    ['3.12.0', '3.11.x', false],
    ['3.12.0', '3.x', true],
    ['20.0.0', '18.0.0 - 20.0.0', true],
    // Ranges the hand-written reader misjudged (issue 22): all as npm reads `engines`.
    ['v18.5.0', '<=18', true],
    ['v18.5.0', '16 - 18', true],
    ['v19.0.0', '16 - 18', false],
    ['3.5.0', '>3', false],
    ['4.0.0', '>3', true],
    ['v20.0.0-rc.1', '>=20', false],
    ['1.2.3-beta.2', '^1.2.3-beta', true],
    ['1.4.0', '^1.2.3-beta', true],
    ['2.0.0', '^1.2.3-beta', false],
    ['3.12', '>=3.10', true],
    ['3.13.0rc1', '~3.13', true],
  ])('%s in %s is %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected)
  })

  it('reports an unreadable range instead of guessing', () => {
    expect(satisfiesRange('20.0.0', 'latest')).toBeUndefined()
  })

  it('names platform and runtime problems', async () => {
    const m = manifest({ compatibility: { platforms: ['darwin', 'win32'], runtimes: { node: '>=99', python: '>=3.10' } } })
    const problems = await compatibilityProblems(m, { platform: 'linux', nodeVersion: 'v20.1.0', pythonVersion: async () => undefined })
    expect(problems).toEqual([
      'This bundle runs on darwin, win32, not on linux.',
      'This bundle needs Node.js >=99; this computer has Node.js v20.1.0. Update Switchboard, or ask the author for a bundle that supports it.',
      'This bundle needs Python >=3.10, and no Python was found; install a matching Python 3.',
    ])
    expect(await compatibilityProblems(manifest({ compatibility: { platforms: ['linux'], runtimes: { node: '>=18' } } }), { platform: 'linux', nodeVersion: process.version, pythonVersion: async () => '3.12.1' })).toEqual([])
  })
})
