import { afterEach, describe, expect, it } from 'vitest'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { McpServer } from '@modelcontextprotocol/server'
import type { Transport } from '@modelcontextprotocol/server'
import { Client } from '@modelcontextprotocol/client'
import { PortTransport, domPort, type DomPortLike } from '../../../../src/shared/portTransport'
import { createWindowPorts, type WindowPortsOptions } from '../../../../src/main/electron/window/windowPorts'
import { fakeElectronPort, newClient, startTestHost, type TestHost } from '../../../helpers/testHost'

/** Node's MessagePort is an EventTarget like the page's; the cast only bridges the type declarations. */
const pageTransport = (port: MessagePort) => new PortTransport(domPort(port as unknown as DomPortLike))

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(extra: Partial<WindowPortsOptions<MessagePort>> = {}) {
  const testHost: TestHost = await startTestHost()
  cleanups.push(() => testHost.stop())
  const errors: Error[] = []
  const ports = createWindowPorts<MessagePort>({
    // Main's end shaped like Electron's MessagePortMain (fake electron); the page's end is a real port.
    newPair: () => {
      const { port1, port2 } = new MessageChannel()
      return { main: fakeElectronPort(port1), page: port2 }
    },
    connectHost: (transport) => testHost.host.connect(transport, 'test-window'),
    onError: (error) => errors.push(error),
    ...extra,
  })
  cleanups.push(() => ports.close())
  return { ports, errors }
}

/** What the renderer does with ports[0]: an MCP client of the host. */
async function connectPage(hostPort: MessagePort): Promise<{ client: Client; closed: Promise<void> }> {
  const client = newClient()
  const closed = new Promise<void>((resolve) => (client.onclose = resolve))
  await client.connect(pageTransport(hostPort))
  cleanups.push(() => client.close())
  return { client, closed }
}

describe('createWindowPorts (main ends as fake electron MessagePortMain, real host)', () => {
  it('gives the page a working host session on ports[0]', async () => {
    const { ports, errors } = await setup()
    const [hostPort, frontendPort] = ports.open()
    expect(frontendPort).not.toBe(hostPort)
    const { client } = await connectPage(hostPort)
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toContain('session_create')
    const created = await client.callTool({ name: 'session_create', arguments: { title: 'over ports' } })
    expect(created.isError).toBeFalsy()
    expect(errors).toEqual([])
  })

  it('a reload (second open) closes the old sessions and serves the new page', async () => {
    const { ports, errors } = await setup()
    const [firstHost, firstFrontend] = ports.open()
    const first = await connectPage(firstHost)
    const firstFrontendClosed = new Promise<void>((resolve) => firstFrontend.once('close', () => resolve()))

    const [secondHost] = ports.open()
    await first.closed
    await firstFrontendClosed
    await expect(first.client.ping()).rejects.toThrow()

    const second = await connectPage(secondHost)
    await expect(second.client.ping()).resolves.toEqual({})
    expect(errors).toEqual([])
  })

  it('close() ends the current sessions (window closed or renderer gone)', async () => {
    const { ports } = await setup()
    const [hostPort] = ports.open()
    const page = await connectPage(hostPort)
    await ports.close()
    await page.closed
    await ports.close()
  })

  it('hands main’s end of the frontend session to onFrontend, where main is the client of the page’s tools', async () => {
    const frontends: Transport[] = []
    const { ports } = await setup({ onFrontend: (transport) => frontends.push(transport) })
    const [, frontendPort] = ports.open()

    // What the renderer will do with ports[1]: serve its frontend tools.
    const pageServer = new McpServer({ name: 'frontend-tools', version: '0.0.0' })
    pageServer.registerTool('echo', { description: 'echo' }, async () => ({ content: [{ type: 'text', text: 'from the page' }] }))
    await pageServer.connect(pageTransport(frontendPort))
    cleanups.push(() => pageServer.close())

    expect(frontends).toHaveLength(1)
    const main = new Client({ name: 'main', version: '0.0.0' })
    await main.connect(frontends[0]!)
    cleanups.push(() => main.close())
    const result = await main.callTool({ name: 'echo', arguments: {} })
    expect(result.content).toEqual([{ type: 'text', text: 'from the page' }])
  })

  it('reports a host that fails to connect through onError and keeps working', async () => {
    const { ports, errors } = await setup({ connectHost: async () => Promise.reject(new Error('host refused')) })
    ports.open()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((error) => error.message)).toEqual(['host refused'])
    expect(() => ports.open()).not.toThrow()
  })
})
