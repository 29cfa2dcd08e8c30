/** The sign-in's loopback redirect: 127.0.0.1 on a port the OS picks, one answer, then closed. */
import { describe, expect, it } from 'vitest'
import { openLoopbackRedirect } from '../../../../src/main/host/web/loopbackRedirect'

describe('loopback redirect', () => {
  it('answers the first callback with "you can close this tab", hands over its query, and closes', async () => {
    const loopback = await openLoopbackRedirect('Notes <b>')
    expect(loopback.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    // Other paths (a favicon) do not use up the one answer.
    expect((await fetch(new URL('/favicon.ico', loopback.redirectUrl))).status).toBe(404)
    const page = await fetch(`${loopback.redirectUrl}?code=abc&state=xyz`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('You can close this tab')
    expect(html).toContain('Notes &#60;b&#62;') // The server's name is text, never markup.
    expect(page.headers.get('cache-control')).toBe('no-store')
    const query = await loopback.callback
    expect(query.get('code')).toBe('abc')
    expect(query.get('state')).toBe('xyz')
    await loopback.close()
    await expect(fetch(`${loopback.redirectUrl}?code=again`)).rejects.toThrow()
  })
})
