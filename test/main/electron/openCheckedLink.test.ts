/** `open_external` in Electron: a question's link reaches the OS only after the same check as every link that leaves the app. */
import { describe, expect, it } from 'vitest'
import { openCheckedLink } from '../../../src/main/electron/externalLinks'

describe('openCheckedLink', () => {
  it('hands a safe link to the OS in its normalized form', () => {
    const opened: string[] = []
    openCheckedLink('https://Auth.Example.com/login?next=/a b', (url) => opened.push(url))
    expect(opened).toEqual(['https://auth.example.com/login?next=/a%20b'])
  })

  it.each(['http://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'https://bank.example@evil.example/', 'not a url'])('refuses %s and says why, opening nothing', (url) => {
    const opened: string[] = []
    expect(() => openCheckedLink(url, (safe) => opened.push(safe))).toThrow('opens only https: and mailto: links')
    expect(opened).toEqual([])
  })
})
