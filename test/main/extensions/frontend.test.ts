/** The frontend extension (tools served by the app window) over a given transport; F19 on reload. */
import { McpServer, InMemoryTransport } from '@modelcontextprotocol/server'
import type { Transport } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { toModelResult } from '../../../src/main/extensions/dispatch/toolDispatch'
import { config, stopAllManagers, testCore, until, untilStatus } from './harness'

afterEach(stopAllManagers)

/** Stands in for the renderer's frontend-tools server: a real McpServer on one end of a linked pair. */
async function windowServer(): Promise<{ clientTransport: Transport; reload: () => Promise<void> }> {
  const server = new McpServer({ name: 'window', version: '1' })
  server.registerTool('show_chart', { description: 'Waits for the person' }, () => new Promise(() => {}))
  server.registerTool('notify', { description: 'Shows a notification' }, () => ({ content: [{ type: 'text', text: 'shown' }] }))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  return { clientTransport, reload: () => server.close() }
}

describe('frontend extension', () => {
  it('fails pending calls with "window unavailable" when the window reloads, and works again after', async () => {
    const window = await windowServer()
    let current: Transport | undefined = window.clientTransport
    const core = testCore([config({ id: 'window', name: 'App window', type: 'frontend' })], { frontend: () => current })
    await untilStatus(core.manager, 'window', 'ready')
    await until(() => core.cache.lookup('window__show_chart') !== undefined, 'frontend tools')

    const pending = core.dispatcher.call({ name: 'window__show_chart' })
    current = undefined // the page is reloading: no window to connect to
    await window.reload()
    const outcome = await pending
    expect(outcome.status).toBe('failed')
    expect(toModelResult(outcome).content[0]).toMatchObject({ text: expect.stringMatching(/^window unavailable/) })
    await until(() => /window unavailable/.test(core.manager.get('window')?.error ?? ''), 'the extension to wait for the window')

    const second = await windowServer()
    current = second.clientTransport
    await core.manager.restart('window') // the host does this when a window connects
    await untilStatus(core.manager, 'window', 'ready')
    await until(() => core.cache.lookup('window__notify') !== undefined, 'frontend tools again')
    expect(toModelResult(await core.dispatcher.call({ name: 'window__notify' })).content[0]).toMatchObject({ text: 'shown' })
  })
})
