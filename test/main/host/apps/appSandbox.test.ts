/** The App sandbox origin: main registers each App's page (CSP, allowed permissions); the answer is a pure function of the URL. */
import { describe, expect, it } from 'vitest'
import { createSandboxRegistry, startAppSandboxServer } from '../../../../src/main/host/apps/appSandbox'
import { APP_INNER_SANDBOX, SANDBOX_SCRIPT, sandboxPageHtml } from '../../../../src/main/host/apps/appSandboxPage'

const HOST = 'http://127.0.0.1:4000'

describe('sandbox registry', () => {
  it('serves a registered page with the App CSP as its header, framable only by the window', async () => {
    const registry = createSandboxRegistry('http://127.0.0.1:5000', [HOST])
    const url = registry.register({ policy: "default-src 'none'; connect-src 'none'", allow: 'microphone' })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/app\/[A-Za-z0-9_-]{22}$/)
    const page = registry.respond(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(`default-src 'none'; connect-src 'none'; frame-ancestors 'self' ${HOST}`)
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain(JSON.stringify({ hostOrigins: [HOST], allow: 'microphone' }))
    expect(html).toContain('<script src="/sandbox.js"></script>')
  })

  it('knows which permissions the person allowed the Apps it serves (for the Electron permission handler)', () => {
    const registry = createSandboxRegistry('http://127.0.0.1:5000', [HOST])
    expect(registry.allowsFeature('camera')).toBe(false)
    registry.register({ policy: "default-src 'none'", allow: '' })
    expect(registry.allowsFeature('camera')).toBe(false)
    registry.register({ policy: "default-src 'none'", allow: 'camera; clipboard-write' })
    expect(registry.allowsFeature('camera')).toBe(true)
    expect(registry.allowsFeature('clipboard-write')).toBe(true)
    expect(registry.allowsFeature('microphone')).toBe(false)
    expect(registry.allowsFeature('camera; microphone')).toBe(false)
  })

  it('answers unknown pages, other paths and methods with errors', () => {
    const registry = createSandboxRegistry('http://127.0.0.1:5000', [HOST])
    expect(registry.respond('http://127.0.0.1:5000/app/AAAAAAAAAAAAAAAAAAAAAA').status).toBe(404)
    expect(registry.respond('http://127.0.0.1:5000/index.html').status).toBe(404)
    expect(registry.respond('not a url').status).toBe(404)
    expect(registry.respond(registry.register({ policy: "default-src 'none'", allow: '' }), 'POST').status).toBe(405)
  })

  it('the proxy script sandboxes the App without allow-same-origin and checks who talks to it', async () => {
    expect(APP_INNER_SANDBOX).toBe('allow-scripts allow-forms')
    expect(SANDBOX_SCRIPT).toContain('event.source === window.parent')
    expect(SANDBOX_SCRIPT).toContain('hosts.includes(event.origin)')
    expect(SANDBOX_SCRIPT).toContain('event.source === inner.contentWindow')
    const registry = createSandboxRegistry('http://127.0.0.1:5000', [HOST])
    expect(await registry.respond('http://127.0.0.1:5000/sandbox.js').text()).toBe(SANDBOX_SCRIPT)
  })

  it('keeps configuration inert: a value cannot close the config script', () => {
    const html = sandboxPageHtml({ hostOrigins: ['</script><script>alert(1)</script>'], allow: '' })
    expect(html).not.toContain('</script><script>alert(1)')
  })

  it('browser mode serves it on a second loopback port', async () => {
    const server = await startAppSandboxServer([HOST])
    try {
      expect(server.registry.origin).toMatch(/^http:\/\/localhost:\d+$/)
      const response = await fetch(server.registry.register({ policy: "default-src 'none'", allow: '' }))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toContain('frame-ancestors')
    } finally {
      await server.close()
    }
  })
})
