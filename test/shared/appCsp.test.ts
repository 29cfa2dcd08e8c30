import { describe, expect, it } from 'vitest'
import { appContentSecurityPolicy, isAllowedSource } from '../../src/shared/appCsp'

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))

describe('appContentSecurityPolicy', () => {
  it('gives an App that declares nothing the restrictive default: no network, no frames', () => {
    const { policy, restrictiveDefault } = appContentSecurityPolicy(undefined)
    expect(restrictiveDefault).toBe(true)
    expect(directive(policy, 'default-src')).toBe("default-src 'none'")
    expect(directive(policy, 'connect-src')).toBe("connect-src 'none'")
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'")
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline'")
  })

  it('puts each declared list into its directives and nowhere else', () => {
    const { policy, applied, refused } = appContentSecurityPolicy({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://cdn.example.com'],
    })
    expect(refused).toEqual([])
    expect(applied.connectDomains).toEqual(['https://api.example.com', 'wss://live.example.com'])
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.example.com wss://live.example.com")
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline' https://cdn.example.com")
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://cdn.example.com")
    expect(directive(policy, 'font-src')).toBe("font-src 'self' https://cdn.example.com")
    expect(directive(policy, 'frame-src')).toBe('frame-src https://www.youtube.com')
    expect(directive(policy, 'base-uri')).toBe('base-uri https://cdn.example.com')
    expect(policy).not.toContain('api.example.com; script')
    expect(directive(policy, 'script-src')).not.toContain('api.example.com')
  })

  it('never loosens: keywords, wildcards, schemes, data:, plain http to other hosts and directive breaks are refused', () => {
    const bad = ['*', "'unsafe-eval'", 'https:', 'data:', 'http://example.com', 'https://a.com; script-src *', 'https://a.com https://b.com', 'javascript:alert(1)', 'https://*', "https://a.com'"]
    const { policy, applied, refused } = appContentSecurityPolicy({ connectDomains: bad, resourceDomains: bad })
    expect(applied.connectDomains).toEqual([])
    expect(applied.resourceDomains).toEqual([])
    expect(refused).toHaveLength(bad.length * 2)
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'")
    expect(policy).not.toContain('unsafe-eval')
    expect(policy.split('; ').filter((part) => part.startsWith('script-src'))).toHaveLength(1)
  })

  it('accepts exact origins, a subdomain wildcard, ports, paths and loopback http', () => {
    for (const source of ['https://example.com', 'https://*.example.com', 'https://example.com:8443', 'https://example.com/api/', 'http://localhost:3000', 'http://127.0.0.1:8080', 'ws://localhost:9000']) {
      expect(isAllowedSource(source), source).toBe(true)
    }
  })

  it('lists a source once, in lower case', () => {
    expect(appContentSecurityPolicy({ connectDomains: ['https://API.example.com', 'https://api.example.com'] }).applied.connectDomains).toEqual(['https://api.example.com'])
  })
})
