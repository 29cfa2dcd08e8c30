/**
 * The MCP server one connected app talks to (one instance per 2025-11-25 session or per
 * 2026-07-28 request). Tools: what gatewayCatalog offers the app, read afresh on every request so
 * a changed scope or a revoked token applies at once. Every call passes the permission inspector
 * with origin `connected-app` (its approvals name the app), then goes through the extension
 * manager like the model's calls. Resources: only the ones a result linked this app to (an
 * agent's progress and history), so an app cannot read other conversations.
 */
import { randomUUID } from 'node:crypto'
import { Server, type CallToolResult, type ReadResourceResult, type Tool } from '@modelcontextprotocol/server'
import { progressUri, historyUri } from '../../shared/hostApi'
import { toolDefinitionOf } from '../agent'
import type { Authorization, ToolCallRequest } from '../permissions'
import type { ChatService } from '../services/chat/chatService'
import type { ExtensionService } from '../services/extensions/extensionService'
import type { CatalogTool } from '../extensions'
import type { StoredApp } from './connectedAppsStore'
import { offeredTools, type OfferedTool } from './gatewayCatalog'
import type { LinkLedger } from './linkLedger'
import type { AppCalls } from './appCalls'
import { stringifyMasked } from '../log/secretValues'

export interface GatewayServerDeps {
  version: string
  /** The app as stored now; undefined once revoked. */
  app: (id: string) => StoredApp | undefined
  tools: () => readonly CatalogTool[]
  authorize: (call: ToolCallRequest, signal: AbortSignal) => Promise<Authorization>
  callTool: ExtensionService['callTool']
  chat: Pick<ChatService, 'progress' | 'history'>
  readExtensionResource: (extensionId: string, uri: string) => Promise<ReadResourceResult>
  links: LinkLedger
  /** In-flight calls per app, ended when it is revoked. */
  calls: AppCalls
}

const HOST_SESSION_URI = /^switchboard:\/\/sessions\/([^/]+)\/(progress|history)$/

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] })

function definitionOf(offered: OfferedTool): Tool {
  const { tool } = offered
  return {
    name: offered.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
  }
}

export function createGatewayServer(deps: GatewayServerDeps, appId: string): Server {
  const server = new Server({ name: 'switchboard', version: deps.version }, { capabilities: { tools: { listChanged: true }, resources: {} } })
  const currentApp = () => {
    const app = deps.app(appId)
    if (!app) throw new Error('This app was disconnected from Switchboard (its token was revoked). Ask the person to allow it again.')
    return app
  }

  /** Session resources (an agent's progress and history) are read from the host itself; a progress link opens its history too. */
  const linkTo = (uri: string, source: string) => {
    const session = HOST_SESSION_URI.exec(uri)
    if (!session) return deps.links.add(appId, uri, source)
    const id = decodeURIComponent(session[1]!)
    deps.links.add(appId, progressUri(id), 'host')
    deps.links.add(appId, historyUri(id), 'host')
  }

  server.setRequestHandler('tools/list', async () => ({ tools: offeredTools(deps.tools(), currentApp().scope).map(definitionOf) }))

  server.setRequestHandler('tools/call', async (request, ctx) => deps.calls.run(appId, ctx.mcpReq.signal, (signal) => callTool(request.params, signal)))

  const callTool = async (params: { name: string; arguments?: Record<string, unknown> }, signal: AbortSignal): Promise<CallToolResult> => {
    const app = currentApp()
    const { name } = params
    const args = params.arguments ?? {}
    const offered = offeredTools(deps.tools(), app.scope).find((tool) => tool.name === name)
    if (!offered) return failure(`Switchboard offers ${app.name} no tool "${name}". List the tools again; the person chooses which agents and tools an app gets in Settings → Connected apps.`)
    const { tool } = offered
    // Agents' chat tools too: the person's policies for them (never, always, ask) and the mode apply, like the model's calls.
    const verdict = await deps.authorize(
      { origin: 'connected-app', caller: { kind: 'connected-app', name: app.name }, callId: randomUUID(), extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name, tool: toolDefinitionOf(tool), arguments: args },
      signal,
    )
    if (!verdict.run) return failure(signal.aborted && deps.app(appId) === undefined ? `Not run: ${app.name} was disconnected from Switchboard.` : verdict.message)
    // What it hands an agent is limited to what it may read itself: the resources its own results linked it to.
    const caller = {
      name: `the connected app "${app.name}"`,
      reads: 'A connected app can attach only resources its own tool results linked it to.',
      mayRead: (extensionId: string, uri: string) => deps.links.mayRead(appId, extensionId, uri),
      source: { kind: 'connected-app' as const, name: app.name, outside: 'connected-app' as const },
    }
    const { result } = await deps.callTool(tool.name, args, caller, signal)
    for (const block of result.content ?? []) if (block.type === 'resource_link') linkTo(block.uri, tool.extensionId)
    return result
  }

  server.setRequestHandler('resources/list', async () => ({ resources: deps.links.list(currentApp().id).map((uri) => ({ uri, name: uri, mimeType: 'application/json' })) }))

  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params
    const source = deps.links.source(currentApp().id, uri)
    if (source === undefined) throw new Error(`No resource ${uri} was given to this app; it can read only what its tool results linked to.`)
    if (source !== 'host') return deps.readExtensionResource(source, uri)
    const session = HOST_SESSION_URI.exec(uri)
    if (!session) throw new Error(`Unknown resource ${uri}`)
    const id = decodeURIComponent(session[1]!)
    const value = session[2] === 'progress' ? deps.chat.progress(id) : await deps.chat.history(id)
    return { contents: [{ uri, mimeType: 'application/json', text: stringifyMasked(value) }] }
  })
  return server
}
