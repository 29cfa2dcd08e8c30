/** What the chat end-to-end tests share: the scripted model server, a host on a fresh data folder, and a client of its API. */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedModelServerOptions } from '../fixtures/modelServer/scriptedModelServer'
import { alwaysOfferTools, selectScriptedModel } from '../helpers/hostCalls'
import { connectHostClient, root, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

export interface ChatWorld {
  models: ScriptedModelServer
  host: HostProcess
  client: Client
  /** Closes the page (when given), the client, the model server and the host, and removes the data folder. */
  stop(app?: AppPage): Promise<void>
}

/**
 * `selectModel: false` leaves the first-run screen for the test to go through. `alwaysOffer`: the tools
 * the script calls without searching first (hostCalls.alwaysOfferTools).
 */
export async function startChatWorld(name: string, script: ScriptedModelServerOptions, { selectModel = true, alwaysOffer = [] as readonly string[] } = {}): Promise<ChatWorld> {
  const models = await startScriptedModelServer(script)
  const dataDir = await mkdtemp(join(tmpdir(), `switchboard-e2e-${name}-`))
  const host = await startHost(root, dataDir)
  const client = await connectHostClient(host, `e2e-${name}`)
  if (selectModel) await selectScriptedModel(client, models.baseUrl)
  await alwaysOfferTools(client, alwaysOffer)
  return {
    models,
    host,
    client,
    async stop(app) {
      await client.close()
      await app?.close()
      await models.stop()
      await stopHostAndClean(host, [dataDir])
    },
  }
}
