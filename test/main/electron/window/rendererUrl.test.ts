import { describe, expect, it } from 'vitest'
import { rendererUrl } from '../../../../src/main/electron/window/rendererUrl'

const built = 'app://switchboard/index.html'

describe('rendererUrl', () => {
  it('loads the built page from the app:// scheme', () => {
    expect(rendererUrl({ isPackaged: false, devServerUrl: undefined })).toBe(built)
  })

  it.each(['http://localhost:5173/', 'http://127.0.0.1:5173/', 'http://[::1]:5173/'])('uses the dev server %s when unpackaged', (devServerUrl) => {
    expect(rendererUrl({ isPackaged: false, devServerUrl})).toBe(devServerUrl)
  })

  it('ignores the dev server in a packaged app', () => {
    expect(rendererUrl({ isPackaged: true, devServerUrl: 'http://localhost:5173/'})).toBe(built)
  })

  it.each(['https://evil.example/', 'http://192.168.1.5:5173/', 'http://localhost.evil.example/', 'file:///tmp/evil.html', 'javascript:alert(1)', 'not a url', ''])(
    'refuses %j as a dev server and loads the built page',
    (devServerUrl) => {
      expect(rendererUrl({ isPackaged: false, devServerUrl})).toBe(built)
    },
  )
})
