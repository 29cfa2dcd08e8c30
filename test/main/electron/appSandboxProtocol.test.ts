/** Electron stand-in (pure factory): only subframes may load the App sandbox origin or an App's srcdoc. */
import { describe, expect, it } from 'vitest'
import { appSandboxSchemePrivileges, isAppSandboxFrameNavigation } from '../../../src/main/electron/appSandboxProtocol'
import { appProtocolResponse } from '../../../src/main/electron/appProtocol'

describe('App sandbox scheme in Electron', () => {
  it('lets a subframe load the sandbox origin and about:srcdoc, nothing else', () => {
    expect(isAppSandboxFrameNavigation('switchboard-app://sandbox/app/abc', false)).toBe(true)
    expect(isAppSandboxFrameNavigation('about:srcdoc', false)).toBe(true)
    expect(isAppSandboxFrameNavigation('switchboard-app://sandbox/app/abc', true)).toBe(false)
    expect(isAppSandboxFrameNavigation('switchboard-app://other/app/abc', false)).toBe(false)
    expect(isAppSandboxFrameNavigation('https://evil.example/', false)).toBe(false)
    expect(isAppSandboxFrameNavigation('switchboard-app://user:pw@sandbox/', false)).toBe(false)
  })

  it('is a standard, secure origin without fetch, CORS or service workers', () => {
    expect(appSandboxSchemePrivileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, allowServiceWorkers: false })
  })

  it("the window's own CSP may frame only that origin", async () => {
    const response = await appProtocolResponse('/nonexistent', 'app://switchboard/index.html')
    expect(response.headers.get('content-security-policy')).toContain('frame-src switchboard-app://sandbox')
  })
})
