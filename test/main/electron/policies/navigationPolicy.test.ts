import { describe, expect, it } from 'vitest'
import { isAllowedNavigation, isTrustedSender } from '../../../../src/main/electron/policies/navigationPolicy'

const APP = 'app://switchboard/index.html'
const DEV_APP = 'http://localhost:5173/'

describe('isAllowedNavigation (built page on app://switchboard)', () => {
  it.each([
    ['the page itself', APP],
    ['the page with a query', `${APP}?session=1`],
    ['the page with a fragment', `${APP}#/settings`],
    ['another page of our own origin', 'app://switchboard/other.html'],
  ])('allows %s', (_name, url) => {
    expect(isAllowedNavigation(url, APP)).toBe(true)
  })

  it.each([
    ['another app:// host', 'app://evil/index.html'],
    ['credentials in front of our host', 'app://user@switchboard/index.html'],
    ['a look-alike host', 'app://switchboard.evil/index.html'],
    ['a local file', 'file:///home/me/Downloads/evil.html'],
    ['the built file itself on file://', 'file:///opt/Switchboard/resources/app/out/renderer/index.html'],
    ['https', 'https://example.com/'],
    ['http', 'http://example.com/'],
    ['the dev server origin', DEV_APP],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['about:blank', 'about:blank'],
    ['chrome:', 'chrome://settings'],
    ['devtools:', 'devtools://devtools/bundled/inspector.html'],
    ['a custom scheme', 'switchboard://open'],
    ['an empty string', ''],
    ['a malformed URL', 'http://[::1'],
    ['a relative URL', 'index.html'],
  ])('denies %s', (_name, url) => {
    expect(isAllowedNavigation(url, APP)).toBe(false)
  })
})

describe('isAllowedNavigation (dev server)', () => {
  it.each([
    ['the root', 'http://localhost:5173/'],
    ['a path on the same origin', 'http://localhost:5173/index.html?x=1#y'],
  ])('allows %s', (_name, url) => {
    expect(isAllowedNavigation(url, DEV_APP)).toBe(true)
  })

  it.each([
    ['another port', 'http://localhost:5174/'],
    ['another host name for the same machine', 'http://127.0.0.1:5173/'],
    ['https on the same host', 'https://localhost:5173/'],
    ['credentials in front of the same host', 'http://user@evil.example:5173/'],
    ['a look-alike host', 'http://localhost.evil.example:5173/'],
    ['the built page', APP],
    ['javascript:', 'javascript:location="http://localhost:5173/"'],
  ])('denies %s', (_name, url) => {
    expect(isAllowedNavigation(url, DEV_APP)).toBe(false)
  })
})

describe('isAllowedNavigation with an app URL that is neither app:// nor http', () => {
  it('denies everything, even the same URL', () => {
    expect(isAllowedNavigation('data:text/html,x', 'data:text/html,x')).toBe(false)
    expect(isAllowedNavigation('about:blank', 'not a url')).toBe(false)
  })
})

describe('isTrustedSender', () => {
  it.each([
    ['our page, main frame', APP, APP, true, true],
    ['our page with a fragment, main frame', `${APP}#/chat`, APP, true, true],
    ['dev server page, main frame', 'http://localhost:5173/', DEV_APP, true, true],
    ['our page in a subframe', APP, APP, false, false],
    ['a foreign page, main frame', 'https://evil.example/', APP, true, false],
    ['a local file, main frame', 'file:///tmp/evil.html', APP, true, false],
    ['another app:// host, main frame', 'app://evil/index.html', APP, true, false],
    ['about:blank, main frame', 'about:blank', APP, true, false],
    ['a frame without URL', undefined, APP, true, false],
    ['an empty URL', '', APP, true, false],
  ] as const)('%s → %s', (_name, frameUrl, appUrl, isMainFrame, expected) => {
    expect(isTrustedSender(frameUrl, appUrl, isMainFrame)).toBe(expected)
  })
})
