/**
 * The managed policy through the host API: a real host pointed at a policy file of the test's own
 * (createHost's `policyPath`, the only way to move it), SDK clients as the window, the fixture MCP
 * server over stdio. Each field is enforced where it belongs and refused with "Set by your
 * organisation"; an unreadable file stops extensions, turns and tool calls; a version below the
 * minimum refuses turns and tool calls while settings stay readable; changes to the file apply
 * without a restart.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import {
  ConnectedAppsResourceSchema,
  ExtensionImportResultSchema,
  ImportPreviewSchema,
  ExtensionsResourceSchema,
  HostResource,
  MANAGED_LABEL,
  PermissionsResourceSchema,
  PolicyResourceSchema,
  RoutinesResourceSchema,
  TELEMETRY_URI,
  TelemetryViewSchema,
  SettingsResourceSchema,
  ToolsResourceSchema,
} from '../../../src/shared/hostApi'
import { addConsentedExtension, call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'
import { startRegistryFixture } from '../../fixtures/registry/registryServer'
import { EVERYTHING_VERSION } from '../../fixtures/registry/registryData'
import { fixtureBundle } from '../extensions/bundles/bundleFixtures'
import { isAppKey } from '../../../src/main/secrets/secretNames'

/** Folders the test made (its data folder and policy file), removed once its hosts stopped. */
let folders: { remove: () => Promise<void> }[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await expectNoChildren()
  await Promise.all(folders.map((folder) => folder.remove()))
  folders = []
})
async function testFolder(): Promise<{ path: string }> {
  const folder = await tempDir('switchboard-policy-')
  folders.push(folder)
  return folder
}

const fixtureConfig = { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath], env: {} }

/** A host whose policy file is `policyFile` (written first when `policy` is given), and a client of it. */
async function hostWithPolicy(policy?: unknown, dataDir?: string): Promise<{ h: TestHost; client: Client; policyFile: string; write: (value: unknown) => Promise<void> }> {
  const folder = dataDir ? { path: dataDir } : await testFolder()
  const policyFile = join(folder.path, 'managed', 'policy.json')
  const write = async (value: unknown) => {
    await mkdir(dirname(policyFile), { recursive: true })
    await writeFile(policyFile, typeof value === 'string' ? value : JSON.stringify(value))
  }
  if (policy !== undefined) await write(policy)
  const h = await startTestHost(join(folder.path, 'data'), { policyPath: policyFile })
  const client = await h.connectOverWebSocket()
  return { h, client, policyFile, write }
}

const policyView = (client: Client) => read(client, HostResource.policy, PolicyResourceSchema)
const extension = async (client: Client, id: string) => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === id)
const errorOf = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args })
  expect(result.isError, `${name} should be refused`).toBe(true)
  return (result.content as { text: string }[])[0]!.text
}

describe('the policy resource', () => {
  it('says where the file is and that there is none; once written, what it manages, without a restart', async () => {
    const { client, policyFile, write } = await hostWithPolicy()
    expect(await policyView(client)).toEqual({ path: policyFile, state: 'none', problems: [], managed: { extensions: false, extensionRules: [], refusedSources: [] }, updateUrl: expect.stringMatching(/^https:\/\//) })
    await write({ permissions: { leastStrictMode: 'smart' }, connectedApps: { enabled: false }, routines: { enabled: false }, extensions: { allowedSources: ['registry'] } })
    const view = await poll(() => policyView(client), (v) => v.state === 'applied', 'the written policy to apply')
    expect(view.managed).toEqual({ extensions: true, extensionRules: ['Installs only from: registry.'], refusedSources: ['bundle', 'link', 'import', 'manual'], leastStrictMode: 'smart', connectedApps: false, routines: false })
    expect(view.block).toBeUndefined()
  })
})

describe('extensions', () => {
  it('refuses installs by hand and imports the policy does not allow, before anything is stored or started', async () => {
    const { client } = await hostWithPolicy({ extensions: { blockedServers: [{ command: 'node' }, { command: 'node.exe' }] } })
    const refused = await errorOf(client, 'extension_add', { config: fixtureConfig })
    expect(refused).toMatch(new RegExp(`^${MANAGED_LABEL}: “Fixture” matches a server your organisation blocks \\(command node`))
    expect(await extension(client, 'fixture')).toBeUndefined()
    const json = JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [fixtureServerPath] }, other: { command: 'uvx', args: ['tool'] } } })
    // The preview already says which servers cannot be imported, and why.
    const preview = ImportPreviewSchema.parse((await call(client, 'extension_import_preview', { json })).structuredContent)
    expect(preview.servers.map(({ id, importable }) => [id, importable])).toEqual([
      ['fixture', false],
      ['other', true],
    ])
    expect(preview.servers[0]!.problems[0]).toMatch(new RegExp(`^${MANAGED_LABEL}: “fixture” matches a server your organisation blocks`))
    const imported = ExtensionImportResultSchema.parse((await call(client, 'extension_import', { json })).structuredContent)
    expect(imported.results.map(({ id, outcome }) => [id, outcome])).toEqual([
      ['fixture', 'failed'],
      ['other', 'added'],
    ])
    expect(imported.results[0]!.errors[0]).toMatch(new RegExp(`^${MANAGED_LABEL}:`))
    expect((await extension(client, 'other'))?.config).toMatchObject({ installedFrom: { source: 'import' } })
  })

  it('allowed sources: by hand refused when only the registry is allowed; the source a client claims is ignored', async () => {
    const { client } = await hostWithPolicy({ extensions: { allowedSources: ['registry'] } })
    const refused = await errorOf(client, 'extension_add', { config: { ...fixtureConfig, installedFrom: { source: 'registry', registryName: 'io.github.x/y' } } })
    expect(refused).toContain('comes from a source your organisation does not allow (manual); allowed: registry.')
  })

  it('registry installs: refused by registry name, keeping no secret; an allowed one keeps its registry name', async () => {
    const registry = await startRegistryFixture()
    try {
      const { h, client, write } = await hostWithPolicy({ extensions: { blockedServers: [{ registryName: 'io.github.modelcontextprotocol/*' }] } })
      await call(client, 'settings_update', { patch: { registryUrl: registry.url } })
      const install = { name: 'io.github.modelcontextprotocol/everything', version: EVERYTHING_VERSION, choice: { kind: 'package', index: 0 }, inputs: { 'env:EVERYTHING_TOKEN': 'token-1' } }
      expect(await errorOf(client, 'registry_install', install)).toMatch(new RegExp(`^${MANAGED_LABEL}: .* \\(registry name io\\.github\\.modelcontextprotocol/\\*\\)`))
      // No secret of the person's (the activity log's own key aside).
      expect(h.host.services.secrets.knownNames().filter((name) => !isAppKey(name))).toEqual([])
      await write({ extensions: { allowedSources: ['registry'] } })
      await poll(() => policyView(client), (view) => view.managed.extensionRules[0] === 'Installs only from: registry.', 'the new policy')
      await call(client, 'registry_install', install)
      expect((await extension(client, 'everything'))?.config).toMatchObject({ installedFrom: { source: 'registry', registryName: 'io.github.modelcontextprotocol/everything' } })
      await h.host.services.registry.flush()
    } finally {
      await registry.close()
    }
  })

  it('bundles: refused when bundles are not allowed, leaving no installed files; allowed, kept as a bundle install', async () => {
    const { h, client, write } = await hostWithPolicy({ extensions: { blockedSources: ['bundle'] } })
    const files = await tempDir('switchboard-policy-bundle-')
    try {
      const path = join(files.path, 'fixture.mcpb')
      await writeFile(path, await fixtureBundle())
      expect(await errorOf(client, 'extension_install_bundle', { path })).toMatch(new RegExp(`^${MANAGED_LABEL}: .*comes from a source your organisation blocks \\(bundle\\)`))
      // Nothing installed: no version folder, no bundle record, nothing left staged.
      expect(await readdir(join(h.dataDir, 'extensions', 'fixture-bundle')).catch(() => [])).toEqual([])
      expect(JSON.parse(await readFile(join(h.dataDir, 'extensions', 'bundles.json'), 'utf8'))).toEqual({ bundles: {} })
      expect(await readdir(join(h.dataDir, 'extensions', '.staging'))).toEqual([])
      await write({})
      await poll(() => policyView(client), (view) => !view.managed.extensions, 'the lifted policy')
      const installed = (await call(client, 'extension_install_bundle', { path })).structuredContent as { extension: { id: string; config: Record<string, unknown> } }
      expect(installed.extension.config).toMatchObject({ installedFrom: { source: 'bundle' } })
    } finally {
      await files.remove()
    }
  })

  it('stops a running extension the changed policy blocks, and starts it again when the block goes', async () => {
    const { client, write } = await hostWithPolicy()
    await addConsentedExtension(client, fixtureConfig)
    await poll(() => extension(client, 'fixture'), (view) => view?.status === 'ready', 'the fixture to be ready')
    await write({ extensions: { blockedServers: [{ args: `*${'fixtureServer.mjs'}` }] } })
    const blocked = await poll(() => extension(client, 'fixture'), (view) => view?.status === 'error', 'the fixture to be stopped by the policy')
    expect(blocked?.error).toMatch(new RegExp(`^${MANAGED_LABEL}: “Fixture” matches a server your organisation blocks`))
    expect((await read(client, HostResource.tools, ToolsResourceSchema)).tools.some((tool) => tool.name.startsWith('fixture__'))).toBe(false)
    // A restart asked for by hand does not get round it.
    await call(client, 'extension_restart', { id: 'fixture' })
    expect((await extension(client, 'fixture'))?.status).toBe('error')
    await write({})
    await poll(() => extension(client, 'fixture'), (view) => view?.status === 'ready', 'the fixture to start again once allowed')
  })
})

describe('the permission mode', () => {
  it('cannot go below the least strict mode; the mode in force shows it; a stricter one can be chosen', async () => {
    const { client, write } = await hostWithPolicy()
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    await write({ permissions: { leastStrictMode: 'ask' } })
    await poll(() => read(client, HostResource.permissions, PermissionsResourceSchema), (view) => view.mode === 'ask', 'the mode in force to be raised to ask')
    expect(await errorOf(client, 'permission_mode_set', { mode: 'smart' })).toMatch(new RegExp(`^${MANAGED_LABEL}: the permission mode cannot be less strict than Ask\\.`))
    await call(client, 'permission_mode_set', { mode: 'chat-only' })
    expect((await read(client, HostResource.permissions, PermissionsResourceSchema)).mode).toBe('chat-only')
    await call(client, 'permission_mode_set', { mode: 'ask' })
    // The policy goes: the person's own choice is theirs again.
    await write({})
    await poll(() => policyView(client), (view) => view.managed.leastStrictMode === undefined, 'the policy to be lifted')
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    expect((await read(client, HostResource.permissions, PermissionsResourceSchema)).mode).toBe('autonomous')
  })

  it('an invalid value means Ask, and the other fields still apply', async () => {
    const { client } = await hostWithPolicy({ permissions: { leastStrictMode: 'lenient' }, routines: { enabled: true } })
    const view = await policyView(client)
    expect(view.managed).toMatchObject({ leastStrictMode: 'ask', routines: true })
    expect(view.problems).toEqual([expect.stringMatching(/^permissions\.leastStrictMode: .*strictest value applies\.$/)])
    expect((await read(client, HostResource.permissions, PermissionsResourceSchema)).mode).toBe('ask')
  })

  it("an agent's own mode is raised to it too", async () => {
    const { h } = await hostWithPolicy({ permissions: { leastStrictMode: 'chat-only' } })
    const tool = h.host.services.extensions.core.cache.lookup('system__get_current_time')!
    const verdict = await h.host.services.permissions.authorize({
      origin: 'model', sessionId: 's', callId: 'c', mode: 'autonomous', extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name,
      tool: { name: tool.toolName, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations }, arguments: {},
    })
    expect(verdict).toMatchObject({ run: false, message: expect.stringMatching(/chat-only/) })
  })
})

describe('connected apps', () => {
  it('turned off by the policy: the endpoint closes, turning it on is refused, and it comes back when allowed', async () => {
    const { client, write } = await hostWithPolicy()
    await call(client, 'connected_apps_set_enabled', { enabled: true })
    expect((await read(client, HostResource.connectedApps, ConnectedAppsResourceSchema)).url).toMatch(/^http:\/\/127\.0\.0\.1:/)
    await write({ connectedApps: { enabled: false } })
    const off = await poll(() => read(client, HostResource.connectedApps, ConnectedAppsResourceSchema), (view) => !view.enabled && view.url === null, 'the endpoint to close')
    expect(off.enabled).toBe(false)
    expect(await errorOf(client, 'connected_apps_set_enabled', { enabled: true })).toMatch(new RegExp(`^${MANAGED_LABEL}: connected apps are turned off\\.`))
    await write({ connectedApps: { enabled: true } })
    await poll(() => read(client, HostResource.connectedApps, ConnectedAppsResourceSchema), (view) => view.enabled && view.url !== null, 'the endpoint to open again')
  })

  it('an invalid value keeps them off from the start', async () => {
    const { client } = await hostWithPolicy({ connectedApps: { enabled: 'yes' } })
    expect(await errorOf(client, 'connected_apps_set_enabled', { enabled: true })).toContain(MANAGED_LABEL)
    expect((await policyView(client)).managed.connectedApps).toBe(false)
  })
})

describe('routines', () => {
  it('turned off by the policy: none is saved or run, the resource says so, and they come back when allowed', async () => {
    const { client, write } = await hostWithPolicy({ routines: { enabled: false } })
    const routine = { name: 'Inbox', agentId: 'assistant', prompt: 'Summarise my inbox', schedule: { kind: 'every-hours', hours: 1 }, timeZone: 'Europe/Berlin' }
    await poll(() => read(client, HostResource.routines, RoutinesResourceSchema), (view) => !view.enabled, 'routines to be off')
    expect(await errorOf(client, 'routine_save', routine)).toMatch(new RegExp(`^${MANAGED_LABEL}: routines are turned off\\.`))
    expect((await read(client, HostResource.routines, RoutinesResourceSchema)).routines).toEqual([])
    await write({ routines: { enabled: true } })
    await poll(() => read(client, HostResource.routines, RoutinesResourceSchema), (view) => view.enabled, 'routines to be on again')
    await call(client, 'routine_save', routine)
    expect((await read(client, HostResource.routines, RoutinesResourceSchema)).routines.map((saved) => saved.name)).toEqual(['Inbox'])
  })
})

describe('telemetry', () => {
  it('a required endpoint turns export on to it, marked managed; the person cannot turn it off or move it; it follows the file', async () => {
    const { client, write } = await hostWithPolicy()
    expect((await read(client, TELEMETRY_URI, TelemetryViewSchema)).managed).toBe(false)
    await write({ telemetry: { requiredEndpoint: 'http://127.0.0.1:4318' } })
    const forced = await poll(() => read(client, TELEMETRY_URI, TelemetryViewSchema), (view) => view.managed, 'the endpoint to be forced')
    expect(forced).toMatchObject({ enabled: true, endpoint: 'http://127.0.0.1:4318', managed: true })
    expect(await errorOf(client, 'telemetry_set', { enabled: false })).toMatch(new RegExp(`^${MANAGED_LABEL}: telemetry goes to the endpoint your organisation chose`))
    await write({})
    await poll(() => read(client, TELEMETRY_URI, TelemetryViewSchema), (view) => !view.managed, 'the endpoint to be the person’s again')
  })

  it('an invalid required endpoint turns export off, managed: the person cannot turn it on', async () => {
    const { client } = await hostWithPolicy({ telemetry: { requiredEndpoint: 'not an address' } })
    const off = await poll(() => read(client, TELEMETRY_URI, TelemetryViewSchema), (view) => view.managed, 'export to be turned off by the policy')
    expect(off).toMatchObject({ enabled: false, managed: true, state: 'blocked', reason: expect.stringMatching(new RegExp(`^${MANAGED_LABEL}: telemetry export is turned off\\.`)) })
    expect(await errorOf(client, 'telemetry_set', { enabled: true, endpoint: 'http://127.0.0.1:4318' })).toContain(MANAGED_LABEL)
  })
})

describe('a policy file that does not parse', () => {
  it('starts no extension, refuses turns and tool calls, and says which file and why', async () => {
    const folder = await testFolder()
    const first = await hostWithPolicy(undefined, folder.path)
    await addConsentedExtension(first.client, fixtureConfig)
    await poll(() => extension(first.client, 'fixture'), (view) => view?.status === 'ready', 'the fixture to be ready')
    await first.h.stop({ keepData: true })

    const { client, policyFile, write } = await hostWithPolicy('{ "connectedApps": { "enabled": false ', folder.path)
    const view = await policyView(client)
    expect(view).toMatchObject({ path: policyFile, state: 'unreadable', error: expect.stringMatching(/^It is not valid JSON: /), block: { kind: 'unreadable' } })
    expect(view.block?.message).toContain(policyFile)
    const stopped = await poll(() => extension(client, 'fixture'), (v) => v?.status === 'error', 'the fixture to be held back')
    expect(stopped?.error).toBe(view.block?.message)
    expect(await errorOf(client, 'chat_send', { text: 'hello' })).toBe(view.block?.message)
    expect(await errorOf(client, 'tool_call', { name: 'system__get_current_time', arguments: {} })).toBe(view.block?.message)
    expect((await read(client, HostResource.sessions, { parse: (v: unknown) => v as { sessions: unknown[] } })).sessions).toEqual([])

    // Fixed: everything runs again, without a restart.
    await write({})
    await poll(() => extension(client, 'fixture'), (v) => v?.status === 'ready', 'the fixture to start once the file reads')
    expect((await call(client, 'tool_call', { name: 'system__get_current_time', arguments: {} })).isError).toBeFalsy()
  })
})

describe('the minimum version', () => {
  it('below it: turns and tool calls are refused with the version asked for, settings stay readable', async () => {
    const { client, write } = await hostWithPolicy({ minimumVersion: '99.0.0' })
    const view = await policyView(client)
    expect(view.block).toMatchObject({ kind: 'version', required: '99.0.0' })
    const message = 'Your organisation requires version 99.0.0 or later'
    expect(await errorOf(client, 'chat_send', { text: 'hello' })).toContain(message)
    expect(await errorOf(client, 'tool_call', { name: 'system__get_current_time', arguments: {} })).toContain(message)
    expect((await read(client, HostResource.settings, SettingsResourceSchema)).theme).toBeDefined()
    await write({ minimumVersion: '0.0.1' })
    await poll(() => policyView(client), (v) => v.block === undefined, 'the gate to open for an older minimum')
    expect((await call(client, 'tool_call', { name: 'system__get_current_time', arguments: {} })).isError).toBeFalsy()
  })

  it('a minimum that is not a version refuses them too', async () => {
    const { client } = await hostWithPolicy({ minimumVersion: 'latest' })
    expect((await policyView(client)).block).toMatchObject({ kind: 'version', required: 'latest' })
    expect(await errorOf(client, 'chat_send', { text: 'hello' })).toMatch(/is not a version/)
  })
})
