/**
 * Registry icons reach the window only as harmless images: https URLs or PNG/JPEG/WebP data URLs;
 * SVG (which can carry script), javascript:, http:, credentials and huge values are refused. An https
 * icon is inlined only when its bytes really are a small raster image (served here over real HTTP).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { inlineIcon, MAX_ICON_URL_LENGTH, pickIcon, sanitizeIcon } from '../../../../src/main/extensions/registry/registryIcons'
import { startRegistryFixture, type RegistryFixture } from '../../../fixtures/registry/registryServer'
import { PNG_ICON, SVG_ICON } from '../../../fixtures/registry/registryData'

let fixture: RegistryFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

describe('sanitizeIcon', () => {
  it('keeps https and raster data URLs', () => {
    expect(sanitizeIcon('https://example.com/icon.png')).toBe('https://example.com/icon.png')
    expect(sanitizeIcon(PNG_ICON)).toBe(PNG_ICON)
    expect(sanitizeIcon('data:image/webp;base64,UklGRg==')).toBe('data:image/webp;base64,UklGRg==')
  })

  it('refuses svg, script, plain http, credentials, garbage and anything too long', () => {
    for (const bad of [
      SVG_ICON,
      'data:image/svg+xml;utf8,<svg onload="alert(1)"/>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,abc"onerror="x',
      'javascript:alert(1)',
      'http://example.com/icon.png',
      'https://user:pass@example.com/icon.png',
      'file:///etc/passwd',
      'not a url',
      `https://example.com/${'a'.repeat(MAX_ICON_URL_LENGTH)}`,
    ]) {
      expect(sanitizeIcon(bad), bad.slice(0, 60)).toBeUndefined()
    }
  })

  it('picks the first safe icon, light-theme ones first', () => {
    expect(pickIcon([{ src: SVG_ICON }, { src: 'https://example.com/dark.png', theme: 'dark' }, { src: 'https://example.com/light.png', theme: 'light' }])).toBe('https://example.com/light.png')
    expect(pickIcon([{ src: SVG_ICON }])).toBeUndefined()
    expect(pickIcon(undefined)).toBeUndefined()
  })
})

describe('inlineIcon', () => {
  it('turns a real PNG into a data URL and refuses an SVG served as an image', async () => {
    fixture = await startRegistryFixture()
    const png = Buffer.from(PNG_ICON.slice(PNG_ICON.indexOf(',') + 1), 'base64')
    fixture.files.set('icon.png', png)
    fixture.files.set('icon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))
    fixture.files.set('big.png', Buffer.concat([png, Buffer.alloc(300 * 1024)]))
    expect(await inlineIcon(`${fixture.url}/files/icon.png`)).toBe(`data:image/png;base64,${png.toString('base64')}`)
    expect(await inlineIcon(`${fixture.url}/files/icon.svg`)).toBeUndefined()
    expect(await inlineIcon(`${fixture.url}/files/big.png`)).toBeUndefined()
    expect(await inlineIcon(`${fixture.url}/files/missing.png`)).toBeUndefined()
    expect(await inlineIcon(PNG_ICON)).toBe(PNG_ICON)
  })
})
