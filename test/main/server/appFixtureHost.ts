/** A real host with the App fixture server (stdio) added and consented, once its two App tools are listed. */
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { AppsResourceSchema, HostResource } from '../../../src/shared/hostApi'
import { addConsentedExtension, poll, read } from '../../helpers/hostCalls'
import type { TestHost } from '../../helpers/testHost'

export const appFixturePath = join(import.meta.dirname, '../../fixtures/servers/appFixtureServer.mjs')

export async function hostWithAppFixture(startTestHost: () => Promise<TestHost>): Promise<Client> {
  const h = await startTestHost()
  await h.browser()
  const { client } = await h.connectOverPorts()
  await addConsentedExtension(client, { id: 'fix', name: 'Fixture', type: 'stdio', command: process.execPath, args: [appFixturePath], env: {} })
  await poll(() => read(client, HostResource.apps, AppsResourceSchema), (apps) => apps.tools.filter((tool) => tool.available).length === 2, 'App tools listed')
  return client
}
