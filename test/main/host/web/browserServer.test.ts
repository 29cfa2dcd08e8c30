/** Browser mode's doors: token, Origin, Host, paths, frame limits, static files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFile, mkdir, symlink } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { startTestHost, type TestHost } from '../../../helpers/testHost'
import type { BrowserServer } from '../../../../src/main/host/web/browserServer'
import { resolveInside } from '../../../../src/main/host/web/staticFiles'
import { tempDir } from '../../../helpers/tempDir'

let h: TestHost
let server: BrowserServer

beforeAll(async () => {
  h = await startTestHost()
  await mkdir(join(h.dataDir, 'assets'))
  await writeFile(join(h.dataDir, 'index.html'), '<!doctype html><title>Switchboard</title>')
  await writeFile(join(h.dataDir, 'assets', 'app.js'), 'console.log(1)')
  server = await h.browser({ maxFrameBytes: 4096 })
})
afterAll(() => h.stop())

/** Opens a raw WebSocket; resolves with 'open' or the HTTP status of the refusal. */
function attempt(url: string, options: { origin?: string; headers?: Record<string, string>; protocol?: string } = {}): Promise<string | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options.protocol ?? 'mcp', { origin: options.origin, headers: options.headers })
    socket.on('open', () => {
      socket.close()
      resolve('open')
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('error', () => resolve('error'))
  })
}

describe('browser-mode access', () => {
  it('accepts the token as a query parameter or a bearer header, with our own Origin or none', async () => {
    expect(await attempt(`${server.mcp}?token=${server.token}`)).toBe('open')
    expect(await attempt(server.mcp, { headers: { Authorization: `Bearer ${server.token}` } })).toBe('open')
    expect(await attempt(`${server.mcp}?token=${server.token}`, { origin: server.url.replace(/\/$/, '') })).toBe('open')
  })

  it('refuses a missing or wrong token, a foreign Origin, a foreign Host and unknown paths', async () => {
    expect(await attempt(server.mcp)).toBe(401)
    expect(await attempt(`${server.mcp}?token=wrong`)).toBe(401)
    expect(await attempt(`${server.mcp}?token=${server.token}x`)).toBe(401)
    expect(await attempt(`${server.mcp}?token=${server.token}`, { origin: 'https://evil.example' })).toBe(403)
    expect(await attempt(`${server.mcp}?token=${server.token}`, { origin: 'http://127.0.0.1:1' })).toBe(403)
    expect(await attempt(`${server.mcp}?token=${server.token}`, { headers: { Host: 'attacker.example:80' } })).toBe(403)
    expect(await attempt(server.mcp.replace('/mcp', '/other') + `?token=${server.token}`)).toBe(404)
  })

  it('keeps /frontend behind the same token (its session is tested in test/renderer/frontendSession.test.ts)', async () => {
    expect(await attempt(server.frontend)).toBe(401)
    expect(await attempt(`${server.frontend}?token=wrong`)).toBe(401)
    expect(await attempt(`${server.frontend}?token=${server.token}`, { origin: 'https://evil.example' })).toBe(403)
  })
})

describe('browser-mode frames', () => {
  function open(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.mcp}?token=${server.token}`, 'mcp')
      socket.on('open', () => resolve(socket))
      socket.on('error', reject)
    })
  }
  function reply(socket: WebSocket): Promise<Record<string, unknown>> {
    return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
  }

  it('drops frames over the cap, answers malformed ones, and the session survives', async () => {
    const socket = await open()
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5000) } }))
    socket.send(Buffer.from([0, 1, 2]), { binary: true })
    const parseError = reply(socket)
    socket.send('{nope')
    expect(await parseError).toMatchObject({ id: null, error: { code: -32700 } })
    const invalid = reply(socket)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 42 }))
    expect(await invalid).toMatchObject({ id: 9, error: { code: -32600 } })
    const pong = reply(socket)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }))
    expect(await pong).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
    socket.close()
  })

  it('closes the connection (1009, message too large) past the hard memory bound', async () => {
    const socket = await open()
    const code = new Promise<number>((resolve) => socket.on('close', resolve))
    socket.send('x'.repeat(4096 * 2 + 1))
    expect(await code).toBe(1009)
  })
})

describe('browser-mode static files', () => {
  it('serves the renderer with the CSP and refuses paths outside it', async () => {
    const page = await fetch(server.url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Switchboard</title>')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const script = await fetch(new URL('assets/app.js', server.url))
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    // Hashed assets are kept by the browser across starts (with their compiled code); the page is read anew.
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect((await fetch(new URL('missing.js', server.url))).status).toBe(404)
    expect((await fetch(new URL('/%2e%2e/%2e%2e/etc/passwd', server.url))).status).toBe(404)
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405)
  })

  it('answers only its own loopback host:port (421 otherwise), so a DNS-rebinding page cannot read the files', async () => {
    const { port } = new URL(server.url)
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { Host: host } }, (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        outgoing.on('error', reject)
        outgoing.end()
      })
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(200)
    expect(await statusFor(`localhost:${port}`)).toBe(200)
    expect(await statusFor(`rebound.attacker.example:${port}`)).toBe(421)
    expect(await statusFor('127.0.0.1')).toBe(421)
    expect(await statusFor(`127.0.0.1:${Number(port) + 1}`)).toBe(421)
  })

  it('does not follow a symlink out of the served folder', async () => {
    const outside = await tempDir()
    try {
      await writeFile(join(outside.path, 'private.txt'), 'chat history of another user')
      await symlink(join(outside.path, 'private.txt'), join(h.dataDir, 'assets', 'leak.js'))
      await symlink(outside.path, join(h.dataDir, 'assets', 'out'))
      await symlink(join(h.dataDir, 'assets', 'app.js'), join(h.dataDir, 'assets', 'alias.js'))
      expect((await fetch(new URL('assets/leak.js', server.url))).status).toBe(404)
      expect((await fetch(new URL('assets/out/private.txt', server.url))).status).toBe(404)
      // A link that stays inside is served like the file it names.
      expect(await (await fetch(new URL('assets/alias.js', server.url))).text()).toBe('console.log(1)')
    } finally {
      await outside.remove()
    }
  })

  it('resolves only paths inside the root', () => {
    expect(resolveInside('/srv/app', '/')).toBe('/srv/app/index.html')
    expect(resolveInside('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js')
    expect(resolveInside('/srv/app', '/../secret')).toBe('/srv/app/secret')
    expect(resolveInside('/srv/app', '/%2e%2e/%2e%2e/etc/passwd')).toBe('/srv/app/etc/passwd')
    expect(resolveInside('/srv/app', '/a%00b')).toBeUndefined()
    expect(resolveInside('/srv/app', '/%E0%A4%A')).toBeUndefined()
  })
})
