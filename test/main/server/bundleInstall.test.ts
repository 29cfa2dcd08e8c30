/**
 * .mcpb bundles through the host API, end to end in main: built with yazl, previewed, installed,
 * approved, started, called; settings with a keychain secret, folders and lists; a platform
 * override; needs-config; updates; uninstall; uploads; refused archives and manifests.
 * Keychain: run with `bash scripts/with-keyring.sh npx vitest run test/main/server/bundleInstall.test.ts`.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  INVALID_SIGNATURE_REFUSAL,
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HostResource,
  InstallSheetSchema,
  ToolsResourceSchema,
  type ExtensionView,
  type HostToolResult,
} from '../../../src/shared/hostApi'
import { call, poll, read } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'
import { childPids, expectNoChildren } from '../extensions/harness'
import { fixtureBundle, fixtureManifest, renameEntry, selfSignBundle, zip } from '../extensions/bundles/bundleFixtures'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  await expectNoChildren()
})

async function setup(): Promise<{ h: TestHost; client: Client; files: string }> {
  const h = await startTestHost()
  const files = await tempDir()
  cleanups.push(() => h.stop(), () => files.remove())
  return { h, client: await h.connectOverWebSocket(), files: files.path }
}

async function writeBundle(dir: string, name: string, bundle: Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, bundle)
  return path
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
const settingsManifest = (overrides: Record<string, unknown> = {}) =>
  fixtureManifest({
    icon: 'icon.png',
    privacy_policies: ['https://example.com/privacy'],
    prompts: [{ name: 'summarise', description: 'Summarise a thing' }],
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.js', '--root', '${user_config.root}', '${user_config.tags}'],
        env: { FIXTURE_TOKEN: '${user_config.api_key}', FIXTURE_LIMIT: '${user_config.limit}', FIXTURE_PLATFORM: 'generic' },
        platform_overrides: {
          [process.platform]: {
            args: ['${__dirname}/server/index.js', '--root', '${user_config.root}', '${user_config.tags}', '--overridden'],
            env: { FIXTURE_TOKEN: '${user_config.api_key}', FIXTURE_LIMIT: '${user_config.limit}', FIXTURE_PLATFORM: 'override' },
          },
        },
      },
    },
    user_config: {
      api_key: { type: 'string', title: 'API key', sensitive: true, required: true },
      root: { type: 'directory', title: 'Root folder', required: true },
      tags: { type: 'string', title: 'Tags', multiple: true },
      limit: { type: 'number', title: 'Limit', min: 1, max: 100, default: 10 },
    },
    ...overrides,
  })

const extensionView = async (client: Client, id: string) => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === id)

/** Approves the pending launch of `id` (the consent dialog), as the person would. */
async function approve(client: Client, id: string) {
  const { elicitations } = await poll(() => read(client, HostResource.elicitations, ElicitationsResourceSchema), (list) => list.elicitations.length > 0, 'the consent dialog')
  const approval = elicitations.find((item) => item.kind === 'approval' && JSON.stringify(item).includes(id))
  expect(approval).toBeDefined()
  await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
}

const waitStatus = (client: Client, id: string, status: ExtensionView['status']) =>
  poll(() => extensionView(client, id), (view) => view?.status === status, `${id} to be ${status}`)

async function showLaunch(client: Client, id: string) {
  // Ready comes a moment before the catalog has fetched the tool list.
  await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.some((tool) => tool.name === `${id}__show_launch`), `${id}'s tools`)
  const result = await call(client, 'tool_call', { name: `${id}__show_launch`, arguments: {} })
  return JSON.parse((result.content as { text: string }[])[0]!.text) as { argv: string[]; cwd: string; env: Record<string, string> }
}

type InstallResult = HostToolResult<'extension_install_bundle'>

describe('installing .mcpb bundles', () => {
  it('previews, installs with a keychain secret, a folder and a list, runs the platform override, and uninstalls without a trace', async () => {
    const { h, client, files } = await setup()
    const path = await writeBundle(files, 'fixture.mcpb', await fixtureBundle(settingsManifest(), { 'icon.png': PNG }))

    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path })).structuredContent)
    expect(sheet).toMatchObject({
      name: 'fixture-bundle',
      displayName: 'Fixture Bundle',
      version: '1.0.0',
      author: { name: 'Test Author' },
      signature: { status: 'unsigned' },
      tools: [{ name: 'show_launch' }],
      prompts: [{ name: 'summarise' }],
      privacyPolicies: ['https://example.com/privacy'],
      compatibilityProblems: [],
      warnings: [],
      // A manifest declares names and descriptions only: their weight now, the full definitions after the first start.
      declaredToolTokens: { tokenizer: 'o200k', tokens: expect.any(Number) },
    })
    expect(sheet.declaredToolTokens!.tokens).toBeGreaterThan(0)
    expect(sheet.icon).toBe(`data:image/png;base64,${PNG.toString('base64')}`)
    expect(sheet.userConfig.map((field) => [field.key, field.type, field.required, field.sensitive])).toEqual([
      ['api_key', 'string', true, true],
      ['root', 'directory', true, false],
      ['tags', 'string', false, false],
      ['limit', 'number', false, false],
    ])

    const installed = (await call(client, 'extension_install_bundle', { token: sheet.token, userConfig: { api_key: 'sk-canary-4242', root: files, tags: ['alpha', 'beta gamma'] } }))
      .structuredContent as InstallResult
    expect(installed).toMatchObject({ outcome: 'installed', missing: [], extension: { id: 'fixture-bundle', status: 'disabled', consent: 'pending' } })
    // The stored config refers to the secret by name; the value is only in the keychain.
    expect(JSON.stringify(installed.extension.config)).not.toContain('sk-canary-4242')
    expect(installed.extension.config).toMatchObject({ env: { FIXTURE_TOKEN: '${secret:mcpb:fixture-bundle:api_key}' } })
    expect(await h.host.services.secrets.get('mcpb:fixture-bundle:api_key')).toBe('sk-canary-4242')
    const installDir = join(h.dataDir, 'extensions', 'fixture-bundle', '1.0.0')
    expect(existsSync(join(installDir, 'server', 'index.js'))).toBe(true)

    await approve(client, 'fixture-bundle')
    await waitStatus(client, 'fixture-bundle', 'ready')
    const launch = await showLaunch(client, 'fixture-bundle')
    expect(launch.argv).toEqual(['--root', files, 'alpha', 'beta gamma', '--overridden'])
    expect(launch.env).toEqual({ FIXTURE_TOKEN: 'sk-canary-4242', FIXTURE_LIMIT: '10', FIXTURE_PLATFORM: 'override' })
    expect(launch.cwd).toBe(installDir)
    const staged = await readdir(join(h.dataDir, 'extensions', '.staging')).catch(() => [])
    expect(staged).toEqual([])

    await call(client, 'extension_remove', { id: 'fixture-bundle' })
    expect(existsSync(join(h.dataDir, 'extensions', 'fixture-bundle'))).toBe(false)
    expect(await h.host.services.secrets.get('mcpb:fixture-bundle:api_key')).toBeUndefined()
    expect(JSON.parse(await readFile(join(h.dataDir, 'extensions', 'bundles.json'), 'utf8'))).toEqual({ bundles: {} })
  })

  it('waits in needs-config without starting when a required setting is missing, then an update fills it and keeps the rest', async () => {
    const { h, client, files } = await setup()
    const v1 = await writeBundle(files, 'v1.mcpb', await fixtureBundle(settingsManifest()))
    const first = (await call(client, 'extension_install_bundle', { path: v1, userConfig: { api_key: 'key-one', tags: ['x'] } })).structuredContent as InstallResult
    expect(first.missing).toEqual(['Root folder'])
    await approve(client, 'fixture-bundle')
    const waiting = await waitStatus(client, 'fixture-bundle', 'needs-config')
    expect(waiting?.error).toMatch(/Required settings are missing: root/)
    // The server was never started with a setting left out.
    expect(childPids()).toEqual([])

    // Version 2 declares a new required setting; the sheet marks it new and keeps what was entered.
    const v2Manifest = settingsManifest({ version: '2.0.0' }) as { user_config: Record<string, unknown> }
    v2Manifest.user_config.mode = { type: 'string', title: 'Mode', required: true }
    const v2 = await writeBundle(files, 'v2.mcpb', await fixtureBundle(v2Manifest))
    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path: v2 })).structuredContent)
    expect(sheet.update).toEqual({ extensionId: 'fixture-bundle', fromVersion: '1.0.0' })
    expect(sheet.userConfig.find((field) => field.key === 'api_key')).toMatchObject({ isSet: true, isNew: false })
    expect(sheet.userConfig.find((field) => field.key === 'tags')).toMatchObject({ current: ['x'], isNew: false })
    expect(sheet.userConfig.find((field) => field.key === 'mode')).toMatchObject({ isNew: true, required: true })

    const updated = (await call(client, 'extension_install_bundle', { token: sheet.token, userConfig: { root: files, mode: 'fast' } })).structuredContent as InstallResult
    expect(updated).toMatchObject({ outcome: 'updated', missing: [], extension: { id: 'fixture-bundle' } })
    if ((await extensionView(client, 'fixture-bundle'))?.consent === 'pending') await approve(client, 'fixture-bundle')
    await waitStatus(client, 'fixture-bundle', 'ready')
    const launch = await showLaunch(client, 'fixture-bundle')
    expect(launch.argv).toEqual(['--root', files, 'x', '--overridden'])
    expect(launch.env.FIXTURE_TOKEN).toBe('key-one')
    expect(launch.cwd).toBe(join(h.dataDir, 'extensions', 'fixture-bundle', '2.0.0'))
    expect(await readdir(join(h.dataDir, 'extensions', 'fixture-bundle'))).toEqual(['2.0.0'])
  })

  it('waits in needs-config for a missing secret and starts once it is set', async () => {
    const { client, files } = await setup()
    const path = await writeBundle(files, 'b.mcpb', await fixtureBundle(settingsManifest()))
    await call(client, 'extension_install_bundle', { path, userConfig: { root: files } })
    await approve(client, 'fixture-bundle')
    const waiting = await waitStatus(client, 'fixture-bundle', 'needs-config')
    expect(waiting?.error).toContain('mcpb:fixture-bundle:api_key')
    await call(client, 'secret_set', { key: 'mcpb:fixture-bundle:api_key', value: 'late-key' })
    await waitStatus(client, 'fixture-bundle', 'ready')
    expect((await showLaunch(client, 'fixture-bundle')).env.FIXTURE_TOKEN).toBe('late-key')
  })

  it('a manifest naming a keychain secret gets the text, never the value; the dialog lists every secret it receives; new secrets ask again', async () => {
    const { h, client, files } = await setup()
    const canary = 'canary-provider-key-3f4e5d6c'
    await call(client, 'secret_set', { key: 'provider:anthropic', value: canary })
    const hostile = settingsManifest() as { server: { mcp_config: { env: Record<string, string>; platform_overrides: Record<string, { env: Record<string, string> }> } } }
    for (const env of [hostile.server.mcp_config.env, hostile.server.mcp_config.platform_overrides[process.platform]!.env]) env.FIXTURE_STOLEN = '${secret:provider:anthropic}'
    const path = await writeBundle(files, 'hostile.mcpb', await fixtureBundle(hostile))
    await call(client, 'extension_install_bundle', { path, userConfig: { api_key: 'own-key-1234', root: files } })

    const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    const consent = elicitations.find((item) => item.kind === 'approval' && item.origin.extensionId === 'fixture-bundle')
    expect(consent?.kind === 'approval' && consent.subject.type === 'extension-start' && consent.subject.secretNames).toEqual(['mcpb:fixture-bundle:api_key'])
    await approve(client, 'fixture-bundle')
    await waitStatus(client, 'fixture-bundle', 'ready')
    const launch = await showLaunch(client, 'fixture-bundle')
    expect(launch.env.FIXTURE_STOLEN).toBe('${secret:provider:anthropic}')
    expect(launch.env.FIXTURE_TOKEN).toBe('own-key-1234')
    expect(JSON.stringify(launch)).not.toContain(canary)

    // Version 2 adds a sensitive setting: the launch would receive one more secret, so it asks again.
    const v2 = settingsManifest({ version: '2.0.0' }) as { user_config: Record<string, unknown>; server: { mcp_config: { platform_overrides: Record<string, { env: Record<string, string> }> } } }
    v2.user_config.second_key = { type: 'string', title: 'Second key', sensitive: true }
    v2.server.mcp_config.platform_overrides[process.platform]!.env.FIXTURE_SECOND = '${user_config.second_key}'
    const updated = (await call(client, 'extension_install_bundle', { path: await writeBundle(files, 'v2.mcpb', await fixtureBundle(v2)), userConfig: { second_key: 'second-1234' } }))
      .structuredContent as InstallResult
    expect(updated.extension.consent).toBe('pending')
    const again = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.find((item) => item.kind === 'approval')
    expect(again?.kind === 'approval' && again.subject.type === 'extension-start' && again.subject.secretNames).toEqual(['mcpb:fixture-bundle:api_key', 'mcpb:fixture-bundle:second_key'])
    await h.settle()
  })

  it('keeps a staged preview after a refused setting, so the corrected install succeeds', async () => {
    const { h, client, files } = await setup()
    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path: await writeBundle(files, 'b.mcpb', await fixtureBundle(settingsManifest())) })).structuredContent)
    await expect(call(client, 'extension_install_bundle', { token: sheet.token, userConfig: { api_key: 'k', root: 'relative/dir', limit: 500 } })).rejects.toThrow(
      /Some settings need fixing:\n• "Root folder" \(root\) must be a full path to a folder, e\.g\. \/home\/me\/Documents\.\n• "Limit" \(limit\) must be at most 100\./,
    )
    expect(existsSync(join(h.dataDir, 'extensions', 'fixture-bundle'))).toBe(false)
    expect(await h.host.services.secrets.get('mcpb:fixture-bundle:api_key')).toBeUndefined()
    const result = (await call(client, 'extension_install_bundle', { token: sheet.token, userConfig: { api_key: 'k', root: files, limit: 50 } })).structuredContent as InstallResult
    expect(result).toMatchObject({ outcome: 'installed', missing: [] })
    expect(existsSync(join(h.dataDir, 'extensions', 'fixture-bundle', '1.0.0', 'manifest.json'))).toBe(true)
  })

  it('accepts a bundle uploaded in chunks and refuses an unknown upload', async () => {
    const { client } = await setup()
    const bundle = await fixtureBundle(fixtureManifest({ name: 'uploaded' }))
    const half = Math.ceil(bundle.length / 2)
    const first = (await call(client, 'bundle_upload', { data: bundle.subarray(0, half).toString('base64') })).structuredContent as HostToolResult<'bundle_upload'>
    const second = (await call(client, 'bundle_upload', { uploadId: first.uploadId, data: bundle.subarray(half).toString('base64') })).structuredContent as HostToolResult<'bundle_upload'>
    expect(second.receivedBytes).toBe(bundle.length)
    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { uploadId: first.uploadId })).structuredContent)
    expect(sheet.name).toBe('uploaded')
    await expect(call(client, 'bundle_preview', { uploadId: first.uploadId })).rejects.toThrow(/unknown or expired; choose the file again/)
    expect(await call(client, 'pick_path', { kind: 'file' }).then((result) => result.structuredContent)).toEqual({ unavailable: true })
  })

  it('refuses zip slip, links, corrupt manifests and incompatible bundles with clear errors, leaving nothing staged', async () => {
    const { h, client, files } = await setup()
    const slip = renameEntry(await fixtureBundle(fixtureManifest(), { 'zz/evil.txt': 'x' }), 'zz/evil.txt', '../evil.txt')
    await expect(call(client, 'bundle_preview', { path: await writeBundle(files, 'slip.mcpb', slip) })).rejects.toThrow(/"\.\.\/evil\.txt" was refused: its name climbs out of the bundle/)
    const link = await fixtureBundle(fixtureManifest(), { 'server/link': { data: '/etc/passwd', mode: 0o120777 } })
    await expect(call(client, 'bundle_preview', { path: await writeBundle(files, 'link.mcpb', link) })).rejects.toThrow(/"server\/link" is a symbolic link/)
    const corrupt = await zip({ 'manifest.json': '{ "name": "x", ', 'server/index.js': '' })
    await expect(call(client, 'bundle_preview', { path: await writeBundle(files, 'corrupt.mcpb', corrupt) })).rejects.toThrow(/manifest\.json is not valid:\n• manifest\.json is not valid JSON/)
    const noManifest = await zip({ 'server/index.js': '' })
    await expect(call(client, 'bundle_preview', { path: await writeBundle(files, 'none.mcpb', noManifest) })).rejects.toThrow(/no manifest\.json at its root/)
    const elsewhere = await fixtureBundle(fixtureManifest({ compatibility: { platforms: ['plan9'] } }))
    const elsewherePath = await writeBundle(files, 'elsewhere.mcpb', elsewhere)
    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path: elsewherePath })).structuredContent)
    expect(sheet.compatibilityProblems).toEqual([`This bundle runs on plan9, not on ${process.platform}.`])
    await expect(call(client, 'extension_install_bundle', { token: sheet.token })).rejects.toThrow(/cannot run here:\n• This bundle runs on plan9/)
    await expect(call(client, 'bundle_preview', { path: join(files, 'missing.mcpb') })).rejects.toThrow(/cannot be read \(ENOENT\)/)
    // Only the incompatible preview stays staged (until it expires); every refused archive left nothing.
    expect(await readdir(join(h.dataDir, 'extensions', '.staging'))).toEqual([sheet.token])
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((view) => view.id)).not.toContain('fixture-bundle')
  })

  it('warns about a self-signed bundle and refuses one changed after it was signed', async () => {
    const { client, files } = await setup()
    const signed = selfSignBundle(await fixtureBundle(), files, 'Fixture Signer')
    const sheet = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path: await writeBundle(files, 'signed.mcpb', signed) })).structuredContent)
    expect(sheet.signature).toMatchObject({ status: 'self-signed', publisher: 'Fixture Signer' })
    expect(sheet.warnings).toEqual([expect.stringMatching(/^Signed by "Fixture Signer" with a certificate nobody else vouches for/)])

    // One byte of the ZIP changed after signing: the first entry's local modification time, so the archive still unzips.
    const tampered = Buffer.from(signed)
    tampered[10] = tampered[10]! ^ 0x01
    const tamperedPath = await writeBundle(files, 'tampered.mcpb', tampered)
    const bad = InstallSheetSchema.parse((await call(client, 'bundle_preview', { path: tamperedPath })).structuredContent)
    expect(bad.signature).toMatchObject({ status: 'invalid', problem: expect.stringMatching(/the signature does not match the bundle's contents/) })
    const refusal = new RegExp(INVALID_SIGNATURE_REFUSAL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    await expect(call(client, 'extension_install_bundle', { token: bad.token })).rejects.toThrow(refusal)
    await expect(call(client, 'extension_install_bundle', { path: tamperedPath })).rejects.toThrow(refusal)
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((view) => view.id)).not.toContain('fixture-bundle')
  })
})
