/** The host McpServer: the app's tools and resources, served to one renderer connection. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { z } from 'zod'
import {
  HostResource,
  HostToolInput,
  HostToolOutput,
  type ExtensionsResource,
  type HostResourceUri,
  type HostToolName,
  type SessionsResource,
  type SettingsResource,
} from '../../shared/hostApi'
import type { SessionIndex } from '../agent/sessionIndex'
import type { SettingsStore } from '../settings/settingsStore'
import type { SecretStore } from '../secrets/secretStore'
import { describeSecretName } from '../secrets/secretNames'
import type { NoticeBoard } from './noticeBoard'
import { log } from '../log/log'

/** What the host server serves; one instance is shared by every connection. */
export interface HostServices {
  dataDir: string
  version: string
  sessions: SessionIndex
  settings: SettingsStore
  secrets: SecretStore
  /** Things to tell the person once (shown in the settings resource until dismissed). */
  notices: NoticeBoard
  extensions: { list(): ExtensionsResource['extensions']; onChange(listener: () => void): () => void }
}

type Reader = () => unknown

/** Builds one McpServer for one renderer connection; `dispose` detaches it from the shared services. */
export function createHostServer(services: HostServices): { server: McpServer; dispose: () => void } {
  const server = new McpServer(
    { name: 'switchboard-host', version: services.version },
    { capabilities: { resources: { subscribe: true, listChanged: true } } },
  )
  const readers: Record<HostResourceUri, Reader> = {
    [HostResource.sessions]: (): SessionsResource => ({ sessions: services.sessions.list() }),
    [HostResource.settings]: (): SettingsResource => settingsView(services),
    [HostResource.extensions]: (): ExtensionsResource => ({ extensions: services.extensions.list() }),
  }
  for (const [uri, read] of Object.entries(readers)) {
    server.registerResource(uri, uri, { mimeType: 'application/json' }, async () => ({
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(read()) }],
    }))
  }

  const subscribed = new Set<string>()
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const uri = request.params.uri
    if (!(uri in readers)) throw new Error(`Unknown resource ${uri}`)
    subscribed.add(uri)
    return {}
  })
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri)
    return {}
  })
  const changed = (uri: HostResourceUri) => () => {
    if (!subscribed.has(uri)) return
    server.server.sendResourceUpdated({ uri }).catch((error: Error) => log('debug', 'host', `resources/updated for ${uri} not sent: ${error.message}`))
  }
  const detach = [
    services.sessions.onChange(changed(HostResource.sessions)),
    services.settings.onChange(changed(HostResource.settings)),
    services.secrets.onChange(changed(HostResource.settings)),
    services.notices.onChange(changed(HostResource.settings)),
    services.extensions.onChange(changed(HostResource.extensions)),
  ]

  const tool = <N extends HostToolName>(name: N, description: string, run: (args: z.infer<(typeof HostToolInput)[N]>) => Promise<z.infer<(typeof HostToolOutput)[N]>>) => {
    server.registerTool(
      name,
      { description, inputSchema: HostToolInput[name], outputSchema: HostToolOutput[name] },
      // The SDK types the callback from the schema generics; the cast keeps one typed wrapper for all tools.
      (async (args: z.infer<(typeof HostToolInput)[N]>): Promise<CallToolResult> => {
        try {
          const result = await run(args)
          return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: (error as Error).message }] }
        }
      }) as never,
    )
  }
  tool('session_create', 'Create a chat session.', ({ title }) => services.sessions.create(title))
  tool('session_rename', 'Rename a chat session.', ({ id, title }) => services.sessions.rename(id, title))
  tool('session_delete', 'Delete a chat session.', async ({ id }) => {
    await services.sessions.remove(id)
    return { id }
  })
  tool('settings_update', 'Change settings.', async ({ patch }) => {
    services.settings.update(patch)
    return settingsView(services)
  })
  tool('secret_set', 'Store a secret in the OS keychain (write-only).', async ({ key, value }) => {
    await services.secrets.set(key, value)
    return { key, isSet: true as const }
  })
  tool('secret_delete', 'Remove a secret from the OS keychain.', async ({ key }) => {
    await services.secrets.delete(key)
    return { key, isSet: false as const }
  })
  tool('notice_dismiss', 'Dismiss a notice.', async ({ id }) => {
    services.notices.dismiss(id)
    return { id }
  })

  return { server, dispose: () => detach.forEach((off) => off()) }
}

function settingsView(services: HostServices): SettingsResource {
  const { theme } = services.settings.get()
  const secrets = Object.fromEntries(services.secrets.knownNames().map((name) => [name, { isSet: true as const, use: describeSecretName(name) }]))
  return { theme, dataDir: services.dataDir, keychain: services.secrets.status(), secrets, notices: services.notices.list() }
}
