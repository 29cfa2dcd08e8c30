import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { HandlerDetails, WebContents } from 'electron'
import { guardWebContents } from '../../../../src/main/electron/policies/webContentsGuard'

const APP = 'app://switchboard/index.html'

/** A fake electron WebContents: an EventEmitter that records the window-open handler. */
class FakeWebContents extends EventEmitter {
  windowOpenHandler?: (details: HandlerDetails) => { action: 'deny' | 'allow' }
  webRtcPolicy?: string
  setWindowOpenHandler(handler: (details: HandlerDetails) => { action: 'deny' | 'allow' }): void {
    this.windowOpenHandler = handler
  }
  setWebRTCIPHandlingPolicy(policy: string): void {
    this.webRtcPolicy = policy
  }
}

/** Emits an event the way Electron does and says whether a listener called preventDefault(). */
function prevented(contents: FakeWebContents, name: string, url: string): boolean {
  let isPrevented = false
  contents.emit(name, { url, preventDefault: () => (isPrevented = true) })
  return isPrevented
}

function guarded() {
  const contents = new FakeWebContents()
  const opened: string[] = []
  guardWebContents(contents as unknown as WebContents, APP, (url) => opened.push(url))
  return { contents, opened }
}

describe('guardWebContents (fake electron WebContents)', () => {
  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])('%s: prevents foreign URLs, lets our page reload', (event) => {
    const { contents } = guarded()
    expect(prevented(contents, event, 'https://evil.example/')).toBe(true)
    expect(prevented(contents, event, 'file:///tmp/evil.html')).toBe(true)
    expect(prevented(contents, event, 'javascript:alert(1)')).toBe(true)
    expect(prevented(contents, event, APP)).toBe(false)
    expect(prevented(contents, event, `${APP}#/settings`)).toBe(false)
  })

  it('prevents every <webview> from attaching', () => {
    const { contents } = guarded()
    expect(prevented(contents, 'will-attach-webview', APP)).toBe(true)
  })

  it('turns off WebRTC over non-proxied UDP for the window and every App frame in it', () => {
    const { contents } = guarded()
    expect(contents.webRtcPolicy).toBe('disable_non_proxied_udp')
  })

  it('denies every new window and opens only safe links externally', () => {
    const { contents, opened } = guarded()
    const open = (url: string) => contents.windowOpenHandler?.({ url } as HandlerDetails)
    expect(open('https://example.com/docs')).toEqual({ action: 'deny' })
    expect(open('mailto:someone@example.com')).toEqual({ action: 'deny' })
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' })
    expect(open(APP)).toEqual({ action: 'deny' })
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/docs', 'mailto:someone@example.com'])
  })
})
