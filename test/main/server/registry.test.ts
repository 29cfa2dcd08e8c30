/**
 * The registry host API on a real host, against the local fixture registry: the registry URL is a
 * setting; registry_search / registry_server answer; registry_install of the npm entry for
 * server-everything stores its secret in the keychain (never in extensions.json), waits for the
 * consent dialog with the exact npx command, and after approval runs the real package via npx
 * until it is ready with its tools listed.
 * Run with a real Secret Service: `bash scripts/with-keyring.sh npx vitest run test/main/server/registry.test.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/client'
import {
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HostResource,
  RegistryPageSchema,
  RegistryServerDetailsSchema,
  RegistryToolOutput,
  SettingsResourceSchema,
  ToolsResourceSchema,
} from '../../../src/shared/hostApi'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { call, poll, read, settledKeychain } from '../../helpers/hostCalls'
import { startRegistryFixture, type RegistryFixture } from '../../fixtures/registry/registryServer'
import { EVERYTHING_VERSION } from '../../fixtures/registry/registryData'
import { isAppKey } from '../../../src/main/secrets/secretNames'

const EVERYTHING = 'io.github.modelcontextprotocol/everything'
let cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

async function connect(): Promise<{ h: TestHost; client: Client; fixture: RegistryFixture }> {
  const fixture = await startRegistryFixture()
  const h = await startTestHost()
  // The registry cache is written in the background; it is on disk before the data dir goes.
  cleanups.push(() => fixture.close(), () => h.stop(), () => h.host.services.registry.flush())
  const client = await h.connectOverWebSocket()
  await call(client, 'settings_update', { patch: { registryUrl: fixture.url } })
  return { h, client, fixture }
}

const structured = async (client: Client, name: string, args: Record<string, unknown>) => (await call(client, name, args)).structuredContent

describe('the registry URL setting', () => {
  it('defaults to the official registry, accepts a loopback fixture, and refuses plain http elsewhere', async () => {
    const h = await startTestHost()
    cleanups.push(() => h.stop())
    const client = await h.connectOverWebSocket()
    expect((await read(client, HostResource.settings, SettingsResourceSchema)).registryUrl).toBe('https://registry.modelcontextprotocol.io')
    await call(client, 'settings_update', { patch: { registryUrl: 'http://127.0.0.1:9/' } })
    expect((await read(client, HostResource.settings, SettingsResourceSchema)).registryUrl).toBe('http://127.0.0.1:9/')
    await expect(call(client, 'settings_update', { patch: { registryUrl: 'http://registry.example.com' } })).rejects.toThrow(/https:\/\//)
    const offline = await client.callTool({ name: 'registry_search', arguments: {} })
    expect(offline.isError).toBe(true)
    expect((offline.content as { text: string }[])[0]!.text).toMatch(/Could not reach the MCP Registry at http:\/\/127\.0\.0\.1:9.*registry address \(Change, on the Registry tab/)
  })
})

describe('registry_search and registry_server', () => {
  it('pages with the cursor, hides deleted servers and flags deprecated ones', async () => {
    const { client } = await connect()
    const first = RegistryPageSchema.parse(await structured(client, 'registry_search', {}))
    expect(first).toMatchObject({ fromCache: false, nextCursor: 'c4' })
    const second = RegistryPageSchema.parse(await structured(client, 'registry_search', { cursor: first.nextCursor }))
    const names = [...first.entries, ...second.entries].map((entry) => entry.name)
    expect(names).toContain('io.example/old-search')
    expect(names).not.toContain('io.example/removed')
    expect(second.entries.find((entry) => entry.name === 'io.example/old-search')?.status).toBe('deprecated')
    const again = RegistryPageSchema.parse(await structured(client, 'registry_search', {}))
    expect(again).toMatchObject({ fromCache: true, lastUpdated: first.lastUpdated })
  })

  it('gives the details with the npm package and its form', async () => {
    const { client } = await connect()
    const details = RegistryServerDetailsSchema.parse(await structured(client, 'registry_server', { name: EVERYTHING }))
    expect(details).toMatchObject({ name: EVERYTHING, version: EVERYTHING_VERSION, status: 'active' })
    expect(details.choices[0]?.fields.map((field) => field.key)).toEqual(['env:EVERYTHING_TOKEN', 'env:LOG_LEVEL'])
  })
})

describe('registry_install', () => {
  it('refuses missing required values by name and stores nothing', async () => {
    const { h, client } = await connect()
    const reply = await client.callTool({ name: 'registry_install', arguments: { name: EVERYTHING, version: EVERYTHING_VERSION, choice: { kind: 'package', index: 0 }, inputs: {} } })
    expect(reply.isError).toBe(true)
    expect((reply.content as { text: string }[])[0]!.text).toBe('"EVERYTHING_TOKEN" is required (A token the server is given); fill it in.')
    // No secret of the person's (the activity log's own key aside).
    expect(h.host.services.secrets.knownNames().filter((name) => !isAppKey(name))).toEqual([])
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((view) => view.id)).not.toContain('everything')
  })

  it('installs server-everything through npx: secret in the keychain only, consent first, then ready with its tools', { timeout: 180_000 }, async () => {
    const { h, client } = await connect()
    if (process.env.SWITCHBOARD_REQUIRE_KEYRING === '1') expect(await settledKeychain(client)).toMatchObject({ keychain: 'available' })
    const token = `tok-${randomBytes(12).toString('hex')}`
    const installed = RegistryToolOutput.registry_install.parse(
      await structured(client, 'registry_install', { name: EVERYTHING, version: EVERYTHING_VERSION, choice: { kind: 'package', index: 0 }, inputs: { 'env:EVERYTHING_TOKEN': token } }),
    )
    const id = installed.extension.id
    expect(id).toBe('everything')
    expect(installed.storedSecrets).toEqual(['extension:everything:env:EVERYTHING_TOKEN'])
    expect(installed.extension).toMatchObject({ enabled: false, consent: 'pending', status: 'disabled' })
    expect(await h.host.services.secrets.get('extension:everything:env:EVERYTHING_TOKEN')).toBe(token)

    // The consent dialog shows the exact command before anything runs.
    const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    expect(elicitations).toHaveLength(1)
    const approval = elicitations[0]!
    expect(approval.kind === 'approval' && approval.subject).toMatchObject({
      command: 'npx',
      args: ['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`],
    })
    await call(client, 'elicitation_respond', { id: approval.id, action: 'accept', content: { decision: 'allow_always' } })

    const ready = await poll(
      async () => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === id),
      (view) => (view?.status === 'ready' && view.toolCount > 0) || view?.status === 'error',
      'server-everything to start through npx and list its tools',
      150_000,
    )
    expect(ready).toMatchObject({ status: 'ready', enabled: true, consent: 'approved' })
    expect(ready!.toolCount).toBeGreaterThan(0)
    const tools = await read(client, HostResource.tools, ToolsResourceSchema)
    expect(tools.tools.map((tool) => tool.name)).toContain('everything__echo')

    // The value reached the server's environment from the keychain (get-env echoes it back to the person).
    const env = await call(client, 'tool_call', { name: 'everything__get-env', arguments: {} })
    expect(JSON.stringify(env.content)).toContain(token)

    await h.settle()
    const saved = await readFile(join(h.dataDir, 'extensions.json'), 'utf8')
    expect(saved).toContain('${secret:extension:everything:env:EVERYTHING_TOKEN}')
    expect(saved).not.toContain(token)
  })
})
