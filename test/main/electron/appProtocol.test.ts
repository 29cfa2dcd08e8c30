import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { APP_INDEX_URL, appProtocolResponse, appSchemePrivileges } from '../../../src/main/electron/appProtocol'
import { tempDir } from '../../helpers/tempDir'

let root: { path: string; remove: () => Promise<void> }
beforeAll(async () => {
  root = await tempDir()
  await writeFile(join(root.path, 'index.html'), '<!doctype html><title>Switchboard</title>')
  await mkdir(join(root.path, 'assets'))
  await writeFile(join(root.path, 'assets', 'index.js'), 'export {}')
})
afterAll(() => root.remove())

describe('app:// protocol (the request handler Electron calls, run without Electron)', () => {
  it('serves the page with the full CSP as a header', async () => {
    const response = await appProtocolResponse(root.path, APP_INDEX_URL)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Switchboard</title>')
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'.*frame-ancestors 'none'/)
    const script = await appProtocolResponse(root.path, 'app://switchboard/assets/index.js')
    expect(script.headers.get('content-type')).toMatch(/javascript/)
  })

  it('lets the window keep the hashed assets (and their compiled code), never the page that names them', async () => {
    expect(appSchemePrivileges).toMatchObject({ standard: true, codeCache: true })
    expect((await appProtocolResponse(root.path, 'app://switchboard/assets/index.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await appProtocolResponse(root.path, APP_INDEX_URL)).headers.get('cache-control')).toBe('no-store')
  })

  it.each([
    ['a missing file', 'app://switchboard/missing.js'],
    ['another host', 'app://other/index.html'],
    ['a traversal out of the folder', 'app://switchboard/%2e%2e/%2e%2e/etc/passwd'],
    ['another scheme', 'file:///etc/passwd'],
    ['a malformed URL', 'app://['],
  ])('answers %s with 404', async (_what, url) => {
    expect((await appProtocolResponse(root.path, url)).status).toBe(404)
  })

  it('refuses methods other than GET and HEAD', async () => {
    expect((await appProtocolResponse(root.path, APP_INDEX_URL, 'POST')).status).toBe(405)
    const head = await appProtocolResponse(root.path, APP_INDEX_URL, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})
