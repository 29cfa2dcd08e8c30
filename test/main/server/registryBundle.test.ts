/**
 * mcpb packages from the registry on a real host: the bundle file is downloaded from the fixture
 * registry, its SHA-256 checked against `fileSha256`, and only then installed by the bundle
 * installer — consent first, then the bundle's server runs and answers a tool call. A file that does
 * not match its checksum is refused and leaves nothing behind.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, ExtensionsResourceSchema, HostResource, RegistryServerDetailsSchema, RegistryToolOutput } from '../../../src/shared/hostApi'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { call, poll, read } from '../../helpers/hostCalls'
import { startRegistryFixture, type RegistryFixture } from '../../fixtures/registry/registryServer'
import { fixtureBundle } from '../extensions/bundles/bundleFixtures'
import { expectNoChildren } from '../extensions/harness'

let cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  await expectNoChildren()
})

async function connect(): Promise<{ h: TestHost; client: Client; fixture: RegistryFixture }> {
  const fixture = await startRegistryFixture()
  const h = await startTestHost()
  cleanups.push(() => fixture.close(), () => h.stop(), () => h.host.services.registry.flush())
  const client = await h.connectOverWebSocket()
  await call(client, 'settings_update', { patch: { registryUrl: fixture.url } })
  return { h, client, fixture }
}

/** Publishes a bundle in the fixture registry as `io.example/fixture-bundle`, with the given checksum. */
async function publish(fixture: RegistryFixture, sha256?: string): Promise<void> {
  const bundle = await fixtureBundle()
  fixture.files.set('fixture.mcpb', bundle)
  fixture.entries.push({
    server: {
      name: 'io.example/fixture-bundle',
      title: 'Fixture Bundle',
      description: 'A bundle served by the fixture registry.',
      version: '1.0.0',
      packages: [{ registryType: 'mcpb', identifier: `${fixture.url}/files/fixture.mcpb`, version: '1.0.0', fileSha256: sha256 ?? createHash('sha256').update(bundle).digest('hex'), transport: { type: 'stdio' } }],
    },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active' } },
  })
}

const install = (client: Client) =>
  client.callTool({ name: 'registry_install', arguments: { name: 'io.example/fixture-bundle', version: '1.0.0', choice: { kind: 'package', index: 0 }, inputs: {} } })

describe('mcpb packages from the registry', () => {
  it('downloads, checks the SHA-256, installs through the bundle installer, asks first, then runs', async () => {
    const { h, client, fixture } = await connect()
    await publish(fixture)
    const details = RegistryServerDetailsSchema.parse((await call(client, 'registry_server', { name: 'io.example/fixture-bundle' })).structuredContent)
    expect(details.choices[0]).toMatchObject({ type: 'mcpb', fields: [], preview: expect.stringContaining('check its SHA-256') })
    expect(details.choices[0]!.unsupported).toBeUndefined()

    const result = await install(client)
    expect(result.isError).toBeFalsy()
    const installed = RegistryToolOutput.registry_install.parse(result.structuredContent)
    expect(installed).toMatchObject({ extension: { consent: 'pending', enabled: false }, missingSettings: [] })
    expect(fixture.requests).toContain('/files/fixture.mcpb')
    // The download is gone once the installer has its own copy.
    expect(await readdir(join(h.dataDir, 'registry-downloads'))).toEqual([])

    const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    await call(client, 'elicitation_respond', { id: elicitations[0]!.id, action: 'accept', content: { decision: 'allow_once' } })
    const id = installed.extension.id
    await poll(
      async () => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === id),
      (view) => view?.status === 'ready' && view.toolCount > 0,
      'the bundle to start',
    )
    const launched = await call(client, 'tool_call', { name: `${id}__show_launch`, arguments: {} })
    expect(JSON.stringify(launched.content)).toContain('argv')
  })

  it('refuses a download whose SHA-256 does not match, and installs nothing', async () => {
    const { h, client, fixture } = await connect()
    await publish(fixture, 'b'.repeat(64))
    const result = await install(client)
    expect(result.isError).toBe(true)
    expect((result.content as { text: string }[])[0]!.text).toMatch(/does not match the registry's fileSha256 \(expected b{64}, got [0-9a-f]{64}\)/)
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((view) => view.id)).not.toContain('fixture-bundle')
    expect(existsSync(join(h.dataDir, 'registry-downloads')) ? await readdir(join(h.dataDir, 'registry-downloads')) : []).toEqual([])
  })
})
