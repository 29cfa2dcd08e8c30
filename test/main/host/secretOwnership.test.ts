/**
 * Secret ownership through the host (issue 12 item 1): the by-hand form binds the secrets the person
 * typed; install paths bind nothing (a `boundSecrets` they send is dropped); a stored config naming
 * a foreign secret waits in needs-config until the person saves it by hand; the consent dialog lists
 * every secret name and a change of them asks again.
 * Keychain: run with `bash scripts/with-keyring.sh npx vitest run test/main/host/secretOwnership.test.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, ExtensionsResourceSchema, HostResource, type ApprovalElicitation, type ExtensionView } from '../../../src/shared/hostApi'
import { call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { tempDir } from '../../helpers/tempDir'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'

const startTestHost = testHostsStoppedAfterEach(expectNoChildren)
const CANARY = 'canary-anthropic-key-1a2b3c4d'

const printing = (id: string, reference: string) => ({
  id,
  name: `Printer ${id}`,
  type: 'stdio',
  command: process.execPath,
  args: [fixtureServerPath, '--mode=normal', '--print-env=API_TOKEN'],
  env: { API_TOKEN: reference },
})

const view = async (client: Client, id: string) => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((item) => item.id === id)
const waitStatus = (client: Client, id: string, status: ExtensionView['status']) => poll(() => view(client, id), (item) => item?.status === status, `${id} to be ${status}`)
const pendingStart = async (client: Client) =>
  (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.find((item): item is ApprovalElicitation => item.kind === 'approval' && item.subject.type === 'extension-start')
const approve = async (client: Client, item: ApprovalElicitation | undefined) => {
  expect(item).toBeDefined()
  await call(client, 'elicitation_respond', { id: item!.id, action: 'accept', content: { decision: 'allow_always' } })
}
const printedToken = async (client: Client, id: string) => {
  const log = await poll(
    async () => JSON.stringify((await client.readResource({ uri: `switchboard://extensions/${id}/log` })).contents),
    (text) => text.includes('API_TOKEN='),
    `${id}'s printed token`,
  )
  return /API_TOKEN=([^"\\]*)/.exec(log)?.[1]
}

describe('secret ownership through the host', () => {
  it('the by-hand form binds the secret the person typed; the dialog lists it; naming another secret asks again', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'secret_set', { key: 'shared-token', value: CANARY })
    await call(client, 'extension_add', { config: printing('mine', '${secret:shared-token}') })
    const consent = await pendingStart(client)
    expect(consent?.subject).toMatchObject({ envNames: ['API_TOKEN'], secretNames: ['shared-token'] })
    await approve(client, consent)
    await waitStatus(client, 'mine', 'ready')
    // The log shows the value redacted back to its reference: the server received the secret.
    expect(await printedToken(client, 'mine')).toBe('${secret:shared-token}')
    expect((await view(client, 'mine'))?.config).toMatchObject({ boundSecrets: ['shared-token'] })

    const updated = (await call(client, 'extension_update', { id: 'mine', config: printing('mine', '${secret:provider:anthropic}') })).structuredContent as ExtensionView
    expect(updated.consent).toBe('pending')
    expect((await pendingStart(client))?.subject).toMatchObject({ secretNames: ['provider:anthropic'] })
  })

  it('an install path binds nothing, even when it sends boundSecrets itself', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'secret_set', { key: 'provider:anthropic', value: CANARY })
    // The same service call every install path (bundle, registry, import, link) makes.
    await h.host.services.extensions.add({ ...printing('installed', '${secret:provider:anthropic}'), boundSecrets: ['provider:anthropic'] })
    expect((await view(client, 'installed'))?.config).not.toHaveProperty('boundSecrets')
    await approve(client, await pendingStart(client))
    const waiting = await waitStatus(client, 'installed', 'needs-config')
    expect(waiting?.error).toContain('refers to the secret "provider:anthropic", which is not its own')
    expect(JSON.stringify(await read(client, HostResource.extensions, ExtensionsResourceSchema))).not.toContain(CANARY)
  })

  it('a stored config naming a foreign secret waits in needs-config until the person saves it by hand', async () => {
    const dir = await tempDir()
    try {
      // What an install path could write before ownership existed: a reference it had no right to.
      await mkdir(dir.path, { recursive: true })
      await writeFile(join(dir.path, 'extensions.json'), JSON.stringify({ version: 1, extensions: [printing('legacy', '${secret:provider:anthropic}')], defaultsOffered: ['system', 'frontend'] }))
      const h = await startTestHost(dir.path)
      const client = await h.connectOverWebSocket()
      await call(client, 'secret_set', { key: 'provider:anthropic', value: CANARY })
      const consent = await pendingStart(client)
      expect(consent?.subject).toMatchObject({ secretNames: ['provider:anthropic'] })
      await approve(client, consent)
      expect((await waitStatus(client, 'legacy', 'needs-config'))?.error).toMatch(/open the extension's settings, check the reference and save/)

      const stored = (await view(client, 'legacy'))!.config
      await call(client, 'extension_update', { id: 'legacy', config: stored })
      await waitStatus(client, 'legacy', 'ready')
      expect(await printedToken(client, 'legacy')).toBe('${secret:provider:anthropic}')
      await h.stop()
    } finally {
      await dir.remove()
    }
  })
})
