/** Which authorization server addresses a sign-in may use: https, or plain http on this computer only. */
import { describe, expect, it } from 'vitest'
import { isSecureEndpoint, requireHttpsEndpoints } from '../../../../src/main/extensions/auth/httpsEndpoints'

describe('https-only sign-in endpoints', () => {
  it('accepts https anywhere and http on loopback only; no other scheme', () => {
    for (const ok of ['https://auth.example.com/token', 'http://localhost:8080/authorize', 'http://127.0.0.1:9/token', 'http://[::1]:9/register']) expect(isSecureEndpoint(ok), ok).toBe(true)
    for (const bad of ['http://auth.example.com/token', 'http://127.0.0.1.example.com/token', 'http://localhost.example.com/', 'http://10.0.0.2/token', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      expect(isSecureEndpoint(bad), bad).toBe(false)
    }
  })

  it("checks the server's own address too (its metadata comes from there; without metadata its endpoints do)", () => {
    expect(() => requireHttpsEndpoints(undefined, 'http://auth.example.com/')).toThrow(/authorization server's address is http:\/\/auth\.example\.com\/, which is not https/)
    expect(() => requireHttpsEndpoints(undefined, 'https://auth.example.com/')).not.toThrow()
    const metadata = { issuer: 'https://auth.example.com', authorization_endpoint: 'https://auth.example.com/authorize', token_endpoint: 'https://auth.example.com/token', revocation_endpoint: 'http://auth.example.com/revoke' }
    expect(() => requireHttpsEndpoints(metadata, 'https://auth.example.com')).toThrow(/revocation endpoint \(revocation_endpoint\) is http:\/\/auth\.example\.com\/revoke/)
    expect(() => requireHttpsEndpoints({ ...metadata, revocation_endpoint: undefined }, 'https://auth.example.com')).not.toThrow()
  })
})
