/**
 * The frontend-tools session in browser mode, for real: the renderer's own frontend server
 * (createFrontendServer, the same code the page runs) connects over `/frontend` with the page's
 * transport (PageSocketTransport) to a real host; main calls its tools as the `frontend` extension.
 */
import { McpServer } from '@modelcontextprotocol/server'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import type { AddressInfo } from 'node:net'
import { MessageChannel } from 'node:worker_threads'
import { createFrontendServer, serveOnPort } from '../../src/renderer/mcp/frontendServer'
import { PortTransport, emitterPort } from '../../src/shared/portTransport'
import { PageSocketTransport } from '../../src/renderer/mcp/frontendSocket'
import { fakeElectronPort, startTestHost, type TestHost } from '../helpers/testHost'
import { until } from '../main/extensions/harness'
import { PERSON_CALLER } from '../../src/main/services/agents/callerGrants'

let h: TestHost

beforeEach(async () => {
  h = await startTestHost()
})
afterEach(() => h.stop())

/** A page: the renderer's frontend server plus a tool that never answers (a call in flight). */
async function openPage(): Promise<{ server: McpServer; transport: PageSocketTransport }> {
  const { frontend, token } = await h.browser()
  const server = createFrontendServer()
  server.registerTool('wait_forever', { description: 'Never answers' }, () => new Promise<CallToolResult>(() => {}))
  const transport = new PageSocketTransport(new URL(`${frontend}?token=${token}`))
  await server.connect(transport)
  return { server, transport }
}

const status = () => h.host.services.extensions.views().find((view) => view.id === 'frontend')
const hasTool = (name: string) => h.host.services.extensions.tools().tools.some((tool) => tool.name === name)
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text
const call = (name: string, args: Record<string, unknown> = {}) => h.host.services.extensions.callTool(name, args, PERSON_CALLER).then(({ result }) => result)

describe('frontend tools over /frontend', () => {
  it('a new data folder has the trusted "App window" extension, waiting for a window', async () => {
    await until(() => /window unavailable/.test(status()?.error ?? ''), 'the frontend extension to wait for a window')
    expect(status()).toMatchObject({ type: 'frontend', name: 'App window', trust: 'trusted', enabled: true })
  })

  it('serves the page’s tools in the catalog; render_chart checks the spec and tells the model what to fix', async () => {
    await openPage()
    await until(() => status()?.status === 'ready' && hasTool('frontend__render_chart'), 'the frontend tools in the catalog')
    const tools = h.host.services.extensions.tools().tools.filter((tool) => tool.extensionId === 'frontend').map((tool) => tool.name)
    expect(tools).toEqual(expect.arrayContaining(['frontend__render_chart', 'frontend__show_notification', 'frontend__copy_to_clipboard']))

    const spec = { mark: 'bar', data: { values: [{ a: 'x', b: 1 }] }, encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } }
    const drawn = await call('frontend__render_chart', { spec, title: 'Tiny' })
    expect(drawn.isError).toBeFalsy()
    expect(text(drawn)).toContain('“Tiny” is shown')

    const many = await call('frontend__render_chart', { spec: { ...spec, data: { values: Array.from({ length: 5001 }, (_, b) => ({ a: 'x', b })) } } })
    expect(many.isError).toBe(true)
    expect(text(many)).toMatch(/5001 data rows \(limit 5000\)/)
    const fetched = await call('frontend__render_chart', { spec: { ...spec, data: { url: 'https://example.com/data.csv' } } })
    expect(text(fetched)).toMatch(/cannot load data from URLs/)
    const broken = await call('frontend__render_chart', { spec: { mark: 'no-such-mark', data: { values: [] } } })
    expect(broken.isError).toBe(true)
    expect(text(broken)).toMatch(/does not compile/)
    // Node has no Notification API: a clean tool error, not a crash of the page's server.
    const notified = await call('frontend__show_notification', { title: 'Hi', body: 'There' })
    expect(text(notified)).toMatch(/cannot show notifications/)
  })

  it('survives garbage frames from the page: dropped or answered, and the session keeps working', async () => {
    const page = await openPage()
    await until(() => status()?.status === 'ready' && hasTool('frontend__render_chart'), 'the frontend tools')
    const raw = (page.transport as unknown as { socket: WebSocket }).socket
    raw.send('{nope')
    raw.send(JSON.stringify({ jsonrpc: '2.0', id: 'unknown-id', result: {} }))
    raw.send(JSON.stringify({ jsonrpc: '1.0', method: 42 }))
    raw.send(new Uint8Array([0, 1, 2]))
    const after = await call('frontend__render_chart', { spec: { mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } } })
    expect(after.isError).toBeFalsy()
    expect(status()?.status).toBe('ready')
  })

  it('a reload fails the call in flight with "window unavailable"; the next page takes over and its calls work', async () => {
    const first = await openPage()
    await until(() => status()?.status === 'ready' && hasTool('frontend__wait_forever'), 'the frontend tools')
    // A second tab connects meanwhile: it waits as a standby instead of taking the session away.
    const second = await openPage()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(status()?.status).toBe('ready')

    const pending = call('frontend__wait_forever')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await first.transport.close() // the page reloads
    const failed = await pending
    expect(failed.isError).toBe(true)
    expect(text(failed)).toMatch(/^window unavailable/)

    // The standby page serves now, without a restart storm.
    await until(() => status()?.status === 'ready', 'the frontend extension to be ready on the second page')
    const again = await call('frontend__render_chart', { spec: { mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } } })
    expect(again.isError).toBeFalsy()
    const starts = (h.host.services.extensions.log('frontend') ?? []).filter((entry) => entry.text === 'starting').length
    expect(starts).toBeLessThanOrEqual(4)
    await second.server.close()
  })
})

describe('frontend tools over an Electron-style MessagePort', () => {
  it('the page serves its tools on the second port; main’s end goes to host.connectFrontend (only the Electron binary is absent)', async () => {
    const { port1, port2 } = new MessageChannel()
    h.host.connectFrontend(new PortTransport(emitterPort(fakeElectronPort(port1))))
    const server = serveOnPort(port2 as unknown as globalThis.MessagePort)
    await until(() => status()?.status === 'ready' && hasTool('frontend__copy_to_clipboard'), 'the frontend tools over the port')
    const spec = { mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } }
    expect((await call('frontend__render_chart', { spec })).isError).toBeFalsy()
    await server.close()
  })
})

describe('the page’s end of /frontend (PageSocketTransport)', () => {
  it('drops and answers bad frames from main, delivers good ones, and reports a refused socket', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise((resolve) => wss.once('listening', resolve))
    const url = new URL(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/frontend`)
    const replies: unknown[] = []
    wss.on('connection', (socket) => {
      socket.on('message', (data) => replies.push(JSON.parse(String(data))))
      socket.send('{nope')
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'x'.repeat(10) }))
      socket.send('x'.repeat(2000))
    })
    const transport = new PageSocketTransport(url, 1000)
    const errors: string[] = []
    const messages: unknown[] = []
    transport.onerror = (error) => errors.push(error.message)
    transport.onmessage = (message) => messages.push(message)
    await transport.start()
    await until(() => errors.length === 2 && messages.length === 1, 'two dropped frames and one delivered')
    expect(errors.join('\n')).toMatch(/malformed JSON[\s\S]*message too large/)
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, method: 'xxxxxxxxxx' }])
    await until(() => replies.length === 1, 'the parse error reply')
    expect(replies[0]).toMatchObject({ id: null, error: { code: -32700 } })
    await transport.close()
    await new Promise<void>((resolve) => wss.close(() => resolve()))

    const { frontend } = await h.browser()
    await expect(new PageSocketTransport(new URL(`${frontend}?token=wrong`)).start()).rejects.toThrow(/refused|closed before it opened/)
  })
})
