/**
 * One App on screen: ext-apps' `AppBridge` over an AppFrameTransport to the sandbox proxy frame.
 * The bridge has no MCP client of its own (null): every App request becomes a host tool call, and
 * main decides (appTools.ts). The tool's input and result are replayed to the App once it says it is
 * initialized (nothing is sent before); while the model is still writing the call, the App gets the
 * input as far as it has arrived (tool-input-partial), then the whole input once. A call that ended without a result tells the App it was
 * cancelled, and closing tears the App down before the frame goes.
 */
import { AppBridge, type McpUiHostContext, type McpUiResourceTeardownRequest } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client'
import type { AppOpenResult, ToolCallView } from '../../shared/hostApi'
import type { HostClient } from '../mcp/hostClient'
import type { AppDisplayMode } from './hostStyles'
import { AppFrameTransport } from './appFrameTransport'

/** What the card does for the App; each returns what the App is told. */
export interface AppSessionHandlers {
  onSize(size: { width?: number; height?: number }): void
  /** Returns the mode now in force (a mode the host does not offer is refused there). */
  onDisplayMode(mode: AppDisplayMode): AppDisplayMode
  /** The mode in force now (the answer when the App asks for a mode it did not declare). */
  currentDisplayMode(): AppDisplayMode
  /** Asks the person; resolves true when the link was opened. */
  onOpenLink(url: string): Promise<boolean>
  /** Asks the person; resolves true when the files were saved. */
  onDownload(files: DownloadFile[]): Promise<boolean>
  /** The App's latest context for the next turn ('' when it cleared it). */
  onModelContext(text: string): void
  onLog(text: string): void
}

export interface DownloadFile {
  name: string
  mimeType: string
  data: Uint8Array | string
}

export interface AppSessionOptions extends AppSessionHandlers {
  iframe: HTMLIFrameElement
  opened: AppOpenResult
  /** The namespaced tool the App belongs to. */
  appTool: string
  sessionId: string | undefined
  client: HostClient
  hostContext: McpUiHostContext
}

export interface AppSession {
  /** The call changed (its result arrived, it was cancelled): tell the App what is new. */
  update(call: ToolCallView): void
  setHostContext(context: McpUiHostContext): void
  close(reason: string): Promise<void>
}

const HOST_INFO = { name: 'Switchboard', version: '0.1.0' }
/** How long closing waits for the App to finish its teardown. */
const TEARDOWN_TIMEOUT_MS = 500
const ENDED_WITHOUT_RESULT: Partial<Record<ToolCallView['state'], string>> = {
  cancelled: 'The call was cancelled.',
  denied: 'The person denied the call.',
  'timed-out': 'The tool did not answer in time.',
  error: 'The call failed.',
}

const textBlocks = (content: readonly ContentBlock[] | undefined) => (content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')

export async function startAppSession(options: AppSessionOptions): Promise<AppSession> {
  const { iframe, opened, appTool, sessionId, client } = options
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      downloadFile: {},
      updateModelContext: { text: {}, structuredContent: {} },
      message: { text: {} },
      sandbox: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, permissions: Object.fromEntries(opened.granted.map((name) => [name, {}])) },
    },
    { hostContext: options.hostContext },
  )
  const sent = { input: false, result: false, cancelled: false }
  /** The partial input last sent while the model was writing the call (JSON), to send only what changed. */
  let sentPartial = ''
  let initialized = false
  let latest: ToolCallView | undefined

  const flush = () => {
    const call = latest
    if (!initialized || !call) return
    if (call.state === 'writing') {
      const partial = JSON.stringify(call.arguments ?? {})
      if (partial === sentPartial) return
      sentPartial = partial
      void bridge.sendToolInputPartial({ arguments: (call.arguments ?? {}) as Record<string, unknown> })
      return
    }
    if (!sent.input) {
      sent.input = true
      void bridge.sendToolInput({ arguments: (call.arguments ?? {}) as Record<string, unknown> })
    }
    if (call.result && !sent.result) {
      sent.result = true
      const { content, isError, structuredContent } = call.result
      void bridge.sendToolResult({ content, isError, ...(structuredContent !== undefined ? { structuredContent } : {}) } as CallToolResult)
    } else if (!call.result && !sent.cancelled && ENDED_WITHOUT_RESULT[call.state]) {
      sent.cancelled = true
      void bridge.sendToolCancelled({ reason: ENDED_WITHOUT_RESULT[call.state]! })
    }
  }

  bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: opened.html })
  bridge.oninitialized = () => {
    initialized = true
    flush()
  }
  bridge.onsizechange = (size) => options.onSize(size)
  bridge.onrequestdisplaymode = async ({ mode }) => {
    // The spec: never switch to a mode the App did not list in its own availableDisplayModes.
    const declared = bridge.getAppCapabilities()?.availableDisplayModes
    return { mode: declared && !declared.includes(mode) ? options.currentDisplayMode() : options.onDisplayMode(mode) }
  }
  bridge.onloggingmessage = ({ level, data }) => options.onLog(`${level}: ${typeof data === 'string' ? data : JSON.stringify(data)}`)
  bridge.oncalltool = async (params, extra) => {
    const raw = await client.callRaw('app_call_tool', { app: appTool, sessionId, name: params.name, arguments: params.arguments ?? {} }, { signal: extra.mcpReq.signal })
    return raw as CallToolResult
  }
  bridge.onreadresource = async ({ uri }) => (await client.call('app_read_resource', { app: appTool, uri })) as never
  bridge.onlistresources = async () => ({ resources: [] })
  bridge.onlistresourcetemplates = async () => ({ resourceTemplates: [] })
  bridge.onlistprompts = async () => ({ prompts: [] })
  bridge.onopenlink = async ({ url }) => ((await options.onOpenLink(url)) ? {} : { isError: true })
  bridge.ondownloadfile = async ({ contents }) => {
    const files: DownloadFile[] = contents.flatMap((item): DownloadFile[] => {
      if (item.type !== 'resource') return []
      const resource = item.resource
      const name = resource.uri.split('/').pop() || 'download'
      const mimeType = resource.mimeType ?? 'application/octet-stream'
      if ('text' in resource && typeof resource.text === 'string') return [{ name, mimeType, data: resource.text }]
      if ('blob' in resource && typeof resource.blob === 'string') return [{ name, mimeType, data: Uint8Array.from(atob(resource.blob), (c) => c.charCodeAt(0)) }]
      return []
    })
    if (files.length === 0) return { isError: true }
    return (await options.onDownload(files)) ? {} : { isError: true }
  }
  bridge.onmessage = async ({ content }) => {
    if (!sessionId) return { isError: true }
    await client.call('app_message', { app: appTool, sessionId, content: content as never })
    return {}
  }
  bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
    if (!sessionId) return {}
    await client.call('app_context_set', { app: appTool, sessionId, content: content as never, structuredContent })
    options.onModelContext([textBlocks(content), structuredContent !== undefined ? JSON.stringify(structuredContent) : ''].filter(Boolean).join('\n'))
    return {}
  }

  const frame = iframe.contentWindow
  if (!frame) throw new Error('The App frame is not in the page.')
  await bridge.connect(new AppFrameTransport(frame))
  // Only now does the proxy load: its "ready" cannot arrive before the bridge listens.
  iframe.src = opened.sandboxUrl

  return {
    update(call) {
      latest = call
      flush()
    },
    setHostContext: (context) => bridge.setHostContext(context),
    async close(reason) {
      if (initialized) {
        const params: McpUiResourceTeardownRequest['params'] = { reason }
        await bridge.teardownResource(params, { timeout: TEARDOWN_TIMEOUT_MS }).catch(() => undefined)
      }
      await bridge.close().catch(() => undefined)
    },
  }
}
