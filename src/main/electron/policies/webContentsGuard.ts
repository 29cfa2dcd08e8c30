/**
 * Applied to every web contents the app creates (`app.on('web-contents-created')`): no navigation
 * away from our page, no new windows, no <webview>, no WebRTC over UDP. Only types come from
 * electron, so the wiring itself is tested with a fake.
 */
import type { WebContents } from 'electron'
import { isAllowedNavigation } from './navigationPolicy'
import { windowOpenDecision } from '../externalLinks'
import { isAppSandboxFrameNavigation } from '../appSandboxProtocol'

interface NavigationEvent {
  url: string
  /** Set on will-frame-navigate. */
  isMainFrame?: boolean
  preventDefault(): void
}

export function guardWebContents(contents: WebContents, appUrl: string, openExternal: (safeUrl: string) => void): void {
  const denyForeign = (event: NavigationEvent) => {
    if (!isAllowedNavigation(event.url, appUrl)) event.preventDefault()
  }
  contents.on('will-navigate', denyForeign)
  contents.on('will-redirect', denyForeign)
  // Subframes do not emit will-navigate; this covers them (and the main frame once more, harmlessly).
  // MCP Apps: a subframe may load the sandbox proxy and its App's srcdoc, nothing else.
  contents.on('will-frame-navigate', (event: NavigationEvent) => {
    if (event.isMainFrame === false && isAppSandboxFrameNavigation(event.url, false)) return
    denyForeign(event)
  })
  // webviewTag is off already; this also stops a <webview> that would bring its own webPreferences.
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => windowOpenDecision(url, openExternal))
  // MCP Apps are subframes of the window, so the window's policy is theirs, nested frames included:
  // Chromium's network layer then sends no WebRTC UDP (STUN, ICE) from any of them, whatever their
  // script does (no CSP or Permissions Policy covers WebRTC; see host/apps/appFrameGuard.ts). The window
  // itself uses no WebRTC.
  contents.setWebRTCIPHandlingPolicy(WEBRTC_POLICY)
}

/** WebRTC may use UDP only through a proxy that carries it, i.e. in practice not at all. */
export const WEBRTC_POLICY = 'disable_non_proxied_udp'
