/**
 * The host tools behind MCP Apps. The window's bridge (renderer/apps/) turns each App request into
 * one of these; main decides: an App reaches only its own extension, only tools whose visibility
 * includes "app", every call through the permission layer (origin "app", so the dialog says "the App
 * “Y” of extension X asks"), and its CSP and permissions are what main built from the resource, not what the
 * window says.
 */
import { randomUUID } from 'node:crypto'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { ALLOW_FEATURES, APP_MIME_TYPE, callableByApp, resourceUiOf } from '../../../shared/appMeta'
import { appContentSecurityPolicy } from '../../../shared/appCsp'
import { describeInvisible, escapeInvisible, findInvisible, stripInvisible } from '../../../shared/invisibleText'
import type { HostToolArgs, HostToolName } from '../../../shared/hostApi'
import { toolDefinitionOf } from '../../agent'
import type { CatalogTool } from '../../extensions'
import { log } from '../../log/log'
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

/** hostTools' `raw(...)`: a tool that builds its own CallToolResult; `signal` aborts with the request. */
export type RawToolRegistrar = <N extends HostToolName>(name: N, description: string, run: (args: HostToolArgs<N>, signal: AbortSignal) => Promise<CallToolResult>) => void

/** An App's HTML larger than this is refused (the frame would be slow and the message heavy). */
const MAX_APP_HTML = 8 * 1024 * 1024
/** Text an App may leave as context for the next turn. */
const MAX_CONTEXT_TEXT = 20_000
/** Text an App may put into the conversation at once (ui/message): as much as its context. */
export const MAX_APP_MESSAGE_TEXT = MAX_CONTEXT_TEXT

const failed = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] })

/** The text of content blocks an App sent (other kinds are named, not passed on). */
function textOf(content: readonly { type: string; [key: string]: unknown }[] | undefined): string {
  return (content ?? []).map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : `[${block.type.slice(0, 40)} content left out]`)).join('\n')
}

export function registerAppTools(tool: ToolRegistrar, raw: RawToolRegistrar, services: HostServices): void {
  const { extensions, permissions, apps, chat } = services
  const { manager, cache } = extensions.core

  /** The App's own tool: it must still be in the catalog and still have an App. */
  const appOf = (name: string): CatalogTool & { ui: { resourceUri: string } } => {
    const entry = cache.lookup(name)
    if (entry?.ui?.resourceUri) return entry as CatalogTool & { ui: { resourceUri: string } }
    const remembered = apps.view().tools.find((known) => known.name === name)
    if (remembered) throw new Error(`The App of ${remembered.extensionName} cannot be shown: the extension "${remembered.extensionId}" is not installed or not running. Install or start it in Settings → Extensions.`)
    throw new Error(`The tool ${name} has no App.`)
  }
  const connectionOf = (app: CatalogTool) => {
    const connection = manager.connection(app.extensionId)
    if (!connection) throw new Error(`${app.extensionName} is not running, so its App cannot reach it. Start it in Settings → Extensions.`)
    return connection
  }

  tool('app_open', "Read a tool's App and prepare its sandbox page (main builds the CSP and the allowed permissions).", async ({ tool: name }) => {
    const app = appOf(name)
    const pages = apps.sandbox()
    if (!pages) throw new Error('This window cannot show Apps (no sandbox origin); the tool card shows the result as text.')
    const resourceUri = app.ui.resourceUri
    const read = await connectionOf(app).readResource(resourceUri)
    const content = read.contents.find((item) => item.uri === resourceUri) ?? read.contents[0]
    if (!content) throw new Error(`${app.extensionName} returned nothing for its App ${resourceUri}.`)
    if (content.mimeType !== undefined && content.mimeType.replace(/\s/g, '').toLowerCase() !== APP_MIME_TYPE) {
      throw new Error(`${app.extensionName}'s App ${resourceUri} is ${content.mimeType}, not ${APP_MIME_TYPE}; it is not shown.`)
    }
    const html = 'text' in content && typeof content.text === 'string' ? content.text : 'blob' in content && typeof content.blob === 'string' ? Buffer.from(content.blob, 'base64').toString('utf8') : ''
    if (html === '') throw new Error(`${app.extensionName}'s App ${resourceUri} is empty.`)
    if (html.length > MAX_APP_HTML) throw new Error(`${app.extensionName}'s App ${resourceUri} is ${Math.round(html.length / 1e6)} MB, more than the ${MAX_APP_HTML / 1e6} MB an App may be.`)
    const ui = resourceUiOf(content._meta)
    const csp = appContentSecurityPolicy(ui.csp)
    const granted = apps.granted(app.extensionId, resourceUri).filter((permission) => ui.permissions.includes(permission))
    const allow = granted.map((permission) => ALLOW_FEATURES[permission]).join('; ')
    const sandboxUrl = pages.register({ policy: csp.policy, allow })
    if (csp.refused.length > 0) log('warn', 'apps', `${app.extensionId}: refused CSP sources of ${resourceUri}: ${csp.refused.join(', ')}`)
    log('info', 'apps', `${app.extensionId}: App ${resourceUri} runs under CSP "${csp.policy}"${allow ? ` with ${allow}` : ''}`)
    apps.recordApplied({
      extensionId: app.extensionId,
      resourceUri,
      policy: csp.policy,
      restrictiveDefault: csp.restrictiveDefault,
      ...(ui.csp ? { declared: ui.csp } : {}),
      refused: csp.refused,
      permissions: ui.permissions,
      granted,
    })
    const definition = toolDefinitionOf(app)
    return {
      extensionId: app.extensionId,
      extensionName: app.extensionName,
      toolName: app.toolName,
      resourceUri,
      html,
      sandboxUrl,
      policy: csp.policy,
      restrictiveDefault: csp.restrictiveDefault,
      refused: csp.refused,
      permissions: ui.permissions,
      granted,
      allow,
      ...(ui.prefersBorder !== undefined ? { prefersBorder: ui.prefersBorder } : {}),
      tool: { name: definition.name, title: definition.title, description: definition.description, inputSchema: definition.inputSchema },
    }
  })

  raw('app_call_tool', "An App's tools/call: its own extension only, tools visible to Apps only, through the permission layer.", async ({ app: appName, sessionId, name, arguments: args = {} }, signal) => {
    const app = appOf(appName)
    // Only the App's own server: a tool of another extension is never reachable, whatever its name.
    // Its server's tools switched off on the extension's page stay reachable: "off" is about the model, apps and hooks, the App is part of the server.
    const target = cache.lookupOwn(app.extensionId, name)
    if (!target) return failed(`The App of ${app.extensionName} asked for a tool "${name}" that ${app.extensionName} does not offer.`)
    if (!callableByApp(target.ui)) return failed(`The tool "${name}" of ${app.extensionName} is for the model only; Apps cannot call it.`)
    const verdict = await permissions.authorize(
      { origin: 'app', caller: { kind: 'mcp-app', app: app.title ?? app.toolName, extensionName: app.extensionName }, ...(sessionId !== undefined ? { sessionId } : {}), callId: randomUUID(), extensionId: target.extensionId, extensionName: target.extensionName, extensionTrust: target.trust, toolName: target.name, tool: toolDefinitionOf(target), arguments: args },
      { signal },
    )
    if (!verdict.run) return failed(verdict.message)
    // What the App hands an agent it reaches is limited to what it may read: its own extension's resources.
    const caller = { name: `the App of ${app.extensionName}`, reads: `An App can attach only resources of its own extension (${app.extensionId}).`, mayRead: (extensionId: string) => extensionId === app.extensionId }
    const { result } = await extensions.callTool(target.name, args, caller, signal, undefined, { switchedOffToo: true })
    return result
  })

  tool('app_read_resource', "An App's resources/read: its own extension's resources only.", async ({ app: appName, uri }) => {
    const app = appOf(appName)
    const read = await connectionOf(app).readResource(uri)
    return { contents: read.contents.filter((item) => JSON.stringify(item).length <= MAX_APP_HTML) }
  })

  tool('app_permissions_allow', 'The person allowed permissions an App declared (only declared ones are kept).', async ({ app: appName, permissions: asked }) => {
    const app = appOf(appName)
    const applied = apps.view().applied.find((entry) => entry.extensionId === app.extensionId && entry.resourceUri === app.ui.resourceUri)
    const declared = applied?.permissions ?? []
    const allowed = asked.filter((permission) => declared.includes(permission))
    return { granted: await apps.grant(app.extensionId, app.ui.resourceUri, allowed) }
  })

  tool('app_message', "An App's ui/message: a message in the conversation, shown as coming from the App.", async ({ app: appName, sessionId, content }) => {
    const app = appOf(appName)
    const text = textOf(content).trim()
    if (text === '') throw new Error(`The App of ${app.extensionName} sent an empty message; nothing was added.`)
    if (text.length > MAX_APP_MESSAGE_TEXT) {
      throw new Error(`The App of ${app.extensionName} sent a message of ${text.length} characters, more than the ${MAX_APP_MESSAGE_TEXT} an App's message may have; nothing was added. Send a shorter message.`)
    }
    const from = `App of ${app.extensionName}`
    // The App shows its extension's content: its message is outside content when that extension brings it (chatService reads the mark).
    const provenance = { from: { kind: 'mcp-app' as const, name: `the ${from}`, extensionId: app.extensionId } }
    // Hidden characters, as in tool descriptions: the person sees them escaped, the model never gets them.
    const hidden = findInvisible(text)
    if (hidden.length === 0) return chat.send(sessionId, text, undefined, { from, provenance })
    log('warn', 'apps', `${app.extensionId}: the App's message hides ${describeInvisible(hidden)}: shown escaped, removed before the model reads it: "${escapeInvisible(text).slice(0, 300)}"`)
    return chat.send(sessionId, stripInvisible(text), undefined, { from, shown: escapeInvisible(text), provenance })
  })

  tool('app_context_set', "An App's ui/update-model-context: context for the session's next turn (replaces the App's previous one).", async ({ app: appName, sessionId, content, structuredContent }) => {
    const app = appOf(appName)
    const parts = [textOf(content), structuredContent !== undefined ? JSON.stringify(structuredContent) : ''].filter((part) => part !== '')
    const given = parts.join('\n').slice(0, MAX_CONTEXT_TEXT)
    // The model reads an App's context as it reads the App's messages: hidden characters removed and marked, and logged.
    const hidden = findInvisible(given)
    if (hidden.length > 0) log('warn', 'apps', `${app.extensionId}: the App's model context hides ${describeInvisible(hidden)}: removed before the model reads it: "${escapeInvisible(given).slice(0, 300)}"`)
    const text = hidden.length > 0 ? stripInvisible(given) : given
    apps.setContext(sessionId, app.name, text === '' ? undefined : { extensionId: app.extensionId, extensionName: app.extensionName, resourceUri: app.ui.resourceUri, text })
    return { sessionId, size: text.length }
  })
}
