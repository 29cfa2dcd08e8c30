/** `npm run host` prints the connected apps' endpoint: null while it is off, its URL with --gateway-port (and that URL answers MCP clients). */
import { afterEach, describe, expect, it } from 'vitest'
import { startHost, type HostProcess } from '../../e2e/hostProcess'
import { root } from '../../e2e/appPage'
import { tempDir } from '../../helpers/tempDir'

const started: { host: HostProcess; remove: () => Promise<void> }[] = []
afterEach(async () => {
  for (const { host, remove } of started.splice(0)) {
    await host.stop()
    await remove()
  }
})

async function host(args: string[] = []) {
  const dir = await tempDir()
  const child = await startHost(root, dir.path, 120_000, {}, args)
  started.push({ host: child, remove: dir.remove })
  return child.info
}

describe('npm run host and connected apps', () => {
  it('prints gateway: null while connected apps are off', async () => {
    expect((await host()).gateway).toBeNull()
  })

  it('prints the endpoint with --gateway-port, and the endpoint refuses a client without a token', async () => {
    const { gateway } = await host(['--gateway-port', '0'])
    expect(gateway).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const response = await fetch(gateway!, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })
})
