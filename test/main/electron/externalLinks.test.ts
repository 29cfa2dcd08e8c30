import { describe, expect, it } from 'vitest'
import { windowOpenDecision } from '../../../src/main/electron/externalLinks'
import { MAX_EXTERNAL_URL_LENGTH, isSafeExternalUrl } from '../../../src/shared/externalLinks'

describe('isSafeExternalUrl', () => {
  it.each([
    ['https', 'https://example.com/docs', 'https://example.com/docs'],
    ['https without a path (normalized)', 'https://example.com', 'https://example.com/'],
    ['https with upper-case scheme and host (normalized)', 'HTTPS://Example.COM/a', 'https://example.com/a'],
    ['https with a port, query and fragment', 'https://example.com:8443/a?b=c#d', 'https://example.com:8443/a?b=c#d'],
    ['https with an IDN host (punycode)', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https with spaces (percent-encoded)', 'https://example.com/a b', 'https://example.com/a%20b'],
    ['mailto', 'mailto:someone@example.com', 'mailto:someone@example.com'],
    ['mailto with subject', 'mailto:someone@example.com?subject=Hi', 'mailto:someone@example.com?subject=Hi'],
  ])('allows %s', (_name, url, normalized) => {
    expect(isSafeExternalUrl(url)).toBe(normalized)
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in upper case', 'JAVASCRIPT:alert(1)'],
    ['javascript: with leading whitespace', '  javascript:alert(1)'],
    ['javascript: with a tab inside the scheme', 'java\tscript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['file: to an executable', 'file:///C:/Windows/System32/calc.exe'],
    ['a UNC path', '\\\\evil-host\\share\\payload.exe'],
    ['http:', 'http://example.com/'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob:', 'blob:https://example.com/uuid'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ms-msdt (Follina-style handler)', 'ms-msdt:/id PCWDiagnostic'],
    ['search-ms', 'search-ms:query=x'],
    ['smb:', 'smb://evil-host/share'],
    ['ftp:', 'ftp://example.com/'],
    ['ws:', 'wss://example.com/'],
    ['a custom app handler', 'slack://open'],
    ['about:', 'about:blank'],
    ['https with user and password', 'https://user:pass@example.com/'],
    ['https with only a user (hides the real host)', 'https://bank.example@evil.example/'],
    ['https with an empty password marker', 'https://user:@example.com/'],
    ['mailto written with credentials', 'mailto://user:pass@example.com'],
    ['an empty mailto', 'mailto:'],
    ['https without a host', 'https://'],
    ['a scheme-relative URL', '//example.com/'],
    ['a relative path', '/settings'],
    ['an empty string', ''],
    ['malformed https', 'https://exa mple.com/'],
    ['an unclosed IPv6 host', 'https://[::1/'],
    ['an over-long URL', `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`],
  ])('denies %s', (_name, url) => {
    expect(isSafeExternalUrl(url)).toBeUndefined()
  })
})

describe('windowOpenDecision', () => {
  it('always denies the window and hands a safe URL, normalized, to openExternal', () => {
    const opened: string[] = []
    expect(windowOpenDecision('HTTPS://Example.com', (url) => opened.push(url))).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/'])
  })

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'about:blank', 'https://u:p@example.com/', ''])(
    'denies %j without opening anything',
    (url) => {
      const opened: string[] = []
      expect(windowOpenDecision(url, (safe) => opened.push(safe))).toEqual({ action: 'deny' })
      expect(opened).toEqual([])
    },
  )
})
