/**
 * WebRTC is kept from MCP Apps. An App's CSP stops fetch, WebSocket, images, fonts and the rest, but
 * a peer connection sends UDP (STUN, ICE checks) to any address it names, and nothing a page can
 * declare covers it: Chromium has no CSP directive for WebRTC ("Unrecognized Content-Security-Policy
 * directive 'webrtc'") and no Permissions Policy feature ("Unrecognized feature: 'webrtc'").
 *
 * So the sandbox proxy (appSandboxPage.ts) puts this script first in every App's document, before
 * any of the App's own: it replaces the peer connection constructors with ones that refuse, and
 * removes every nested frame that would hold a document of the App's own making (srcdoc,
 * javascript:, about:…, data:, blob: — a fresh document has the constructors back), wherever it is
 * put: the document or any shadow root (attachShadow is watched; the HTML parsers that make
 * declarative shadow roots get them as plain templates). Frames of declared `frameDomains` (http(s)
 * pages of their own) stay. The App's own HTML is freed of declarative shadow roots by the proxy
 * before it loads (`withoutDeclarativeShadowRoots` in the proxy's script).
 *
 * This is as far as a page can enforce it, and what browser mode has. The desktop app also turns
 * off non-proxied UDP for the whole window at Chromium's network layer (electron/policies/webContentsGuard.ts).
 *
 * Kept as script text (not a compiled function) so the bundler cannot rewrite what the page runs.
 */

/** The guard's source; it contains no `</script` and runs as an inline script. */
export const APP_FRAME_GUARD = `(() => {
  'use strict'
  const refusal = 'WebRTC is not available to MCP Apps in Switchboard: an App reaches the network only through the domains its server declared.'
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
    if (!(name in window)) continue
    const refuse = function () { throw new DOMException(refusal, 'NotSupportedError') }
    Object.defineProperty(window, name, { value: refuse, writable: false, configurable: false, enumerable: false })
  }

  const lock = (target, name, value) => Object.defineProperty(target, name, { value, writable: false, configurable: false })
  const shadowFree = (html) => (typeof html === 'string' ? html.replace(/shadowrootmode/gi, 'data-shadowrootmode-refused') : html)
  // HTML parsers that make declarative shadow roots: they get plain templates instead.
  for (const [target, name] of [[Element.prototype, 'setHTMLUnsafe'], [ShadowRoot.prototype, 'setHTMLUnsafe'], [Document, 'parseHTMLUnsafe'], [Document.prototype, 'write'], [Document.prototype, 'writeln']]) {
    const original = target[name]
    if (typeof original === 'function') lock(target, name, function (...args) { return original.apply(this, args.map(shadowFree)) })
  }

  const FRAMES = 'iframe, frame, object, embed'
  /** A frame may stay only when it loads an http(s) page (the CSP's frame-src decides which). */
  const remotePage = (element) => {
    if (element.hasAttribute('srcdoc')) return false
    const source = element.getAttribute(element.localName === 'object' ? 'data' : 'src')
    if (source === null || source.trim() === '') return element.localName === 'object' || element.localName === 'embed'
    try {
      return /^https?:$/.test(new URL(source, document.baseURI).protocol)
    } catch {
      return false
    }
  }
  const check = (element) => {
    if (!element.matches(FRAMES) || remotePage(element)) return
    element.remove()
    console.warn('Switchboard removed a frame this App wrote itself (' + element.localName + '): a document of its own making could use WebRTC. Apps may frame only the https pages their server declared.')
  }
  const sweep = (node) => {
    if (node.nodeType !== 1) return
    check(node)
    for (const element of node.querySelectorAll(FRAMES)) check(element)
  }
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target)
      else for (const node of record.addedNodes) sweep(node)
    }
  })
  const watch = (root) => observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['src', 'srcdoc', 'data'] })
  watch(document)
  const attachShadow = Element.prototype.attachShadow
  // Every shadow root is watched too; none is clonable (a clone's root would be made unwatched).
  lock(Element.prototype, 'attachShadow', function (init) {
    const root = attachShadow.call(this, { ...init, clonable: false })
    watch(root)
    return root
  })
})()`
