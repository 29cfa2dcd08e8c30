/**
 * Signing in to a remote extension end to end in Node: the real extension core (manager,
 * connection, SDK transport, our auth session), the host's loopback redirect, and a local
 * authorization server fixture. The test plays the person's browser: it opens the offered page,
 * presses Allow and lands on the loopback. The keychain is the SecretStore's in-memory fallback
 * (the e2e test covers the OS keychain).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExtensionsCore } from '../../../../src/main/extensions'
import { setLogSink } from '../../../../src/main/log/log'
import type { SecretStore } from '../../../../src/main/secrets/secretStore'
import { startSignInCore } from '../../../helpers/signInCore'
import { startOAuthFixture, type OAuthFixture } from '../../../fixtures/oauth/oauthFixture'

const ID = 'notes'
let server: OAuthFixture
let core: ExtensionsCore
let secrets: SecretStore
let asked: { url: string; message: string }[]
let landed: string[]
let notices: string[]
let lines: string[]
let restoreLog: () => void

/** The person's browser: open the page, press Allow, follow the redirect to the loopback. */
async function browse(url: string): Promise<void> {
  const page = await (await fetch(url)).text()
  const allow = /href="([^"]+)" role="button">Allow/.exec(page)?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"')
  if (!allow) throw new Error(`no Allow button on ${page}`)
  landed.push(await (await fetch(allow)).text())
}

function until(predicate: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(core.manager.get(ID))}`)), 15_000)
    // Manager changes, plus a poll for what the tool cache fills in after them.
    const poll = setInterval(() => check(), 25)
    const check = () => {
      if (!predicate()) return
      clearTimeout(timer)
      clearInterval(poll)
      off()
      resolve()
    }
    const off = core.manager.onChange(check)
    check()
  })
}
const status = () => core.manager.get(ID)?.status

async function start(options: { accessTokenSeconds?: number; browser?: (url: string) => Promise<void>; metadata?: Record<string, unknown> } = {}) {
  server = await startOAuthFixture({ accessTokenSeconds: options.accessTokenSeconds, metadata: options.metadata })
  ;({ core, secrets } = await startSignInCore({
    config: { id: ID, name: 'Fixture Notes', type: 'streamable-http', url: server.mcpUrl, timeouts: { initMs: 5000, callMs: 5000, hardCapMs: 20_000 } },
    ask: async (_id, question) => {
      asked.push(question)
      void (options.browser ?? browse)(question.url).catch(() => undefined)
      return 'accept'
    },
    notify: (message) => notices.push(message),
  }))
}

async function signIn() {
  await until(() => status() === 'needs-sign-in', 'needs-sign-in')
  await core.manager.signIn(ID)
  await until(() => status() === 'ready', 'ready after signing in')
}

const callWhoami = async () => {
  await until(() => core.cache.catalog().tools.some((tool) => tool.toolName === 'whoami'), 'the tool list')
  return core.dispatcher.call({ name: `${ID}__whoami`, arguments: {} })
}

beforeEach(() => {
  asked = []
  landed = []
  notices = []
  lines = []
  restoreLog = setLogSink((line) => lines.push(line), 'debug')
})

afterEach(async () => {
  await core?.stop()
  await server?.stop()
  restoreLog()
})

describe('signing in to a remote extension', () => {
  it('waits in needs-sign-in, offers the sign-in page, and after Allow is ready with tokens only in the keychain', async () => {
    await start()
    await until(() => status() === 'needs-sign-in', 'needs-sign-in')
    expect(core.manager.get(ID)?.error).toMatch(/asks you to sign in\. Press Sign in/)
    expect(server.counts.authorizations).toBe(0) // Nothing opens before the person asks.

    await core.manager.signIn(ID)
    expect(asked).toHaveLength(1)
    const page = new URL(asked[0]!.url)
    expect(page.origin + page.pathname).toBe(`${server.issuer}/authorize`)
    expect(page.searchParams.get('code_challenge_method')).toBe('S256')
    expect(page.searchParams.get('resource')).toBe(server.mcpUrl)
    expect(page.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32)
    // The challenge's scope, plus offline_access because the server lists it.
    expect(page.searchParams.get('scope')).toBe('notes:read offline_access')
    expect(page.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)

    await until(() => status() === 'ready', 'ready')
    expect(landed[0]).toContain('You can close this tab')
    const outcome = await callWhoami()
    expect(outcome.status).toBe('ok')
    // Tokens, registration: keychain entries named by issuer host, never a value in a name.
    const names = await secrets.listNames()
    expect(names.some((name) => name.startsWith('oauth:tokens:127.0.0.1:'))).toBe(true)
    expect(names.some((name) => name.startsWith('oauth:client:127.0.0.1:'))).toBe(true)
    expect(names.some((name) => name.startsWith('oauth:flow:'))).toBe(false) // The verifier is gone after the exchange.
  })

  it('refreshes silently on a 401 and keeps the rotated refresh token', async () => {
    await start()
    await signIn()
    expect((await callWhoami()).status).toBe('ok')
    server.expireAccessTokens()
    const outcome = await core.dispatcher.call({ name: `${ID}__whoami`, arguments: {} })
    expect(outcome.status).toBe('ok')
    expect(server.counts.refreshes).toBe(1)
    // The rotated token works again: a second expiry refreshes with the new one.
    server.expireAccessTokens()
    expect((await core.dispatcher.call({ name: `${ID}__whoami`, arguments: {} })).status).toBe('ok')
    expect(server.counts.refreshes).toBe(2)
    expect(server.counts.authorizations).toBe(1)
    expect(status()).toBe('ready')
  })

  it('refreshes before the access token expires, without waiting for a 401', async () => {
    await start({ accessTokenSeconds: 30 }) // Inside the one-minute margin: every use refreshes first.
    await signIn()
    const before = server.counts.refreshes
    expect((await callWhoami()).status).toBe('ok')
    expect(server.counts.refreshes).toBeGreaterThan(before)
  })

  it('goes back to needs-sign-in with a notice when the refresh token no longer works', async () => {
    await start()
    await signIn()
    await callWhoami()
    // The server forgets every grant: access and refresh tokens.
    await core.manager.signOut(ID).catch(() => undefined)
    expect(server.counts.revocations).toBe(2) // Refresh token first, then the access token.
    await until(() => status() === 'needs-sign-in', 'needs-sign-in after signing out')
    expect((await secrets.listNames()).some((name) => name.startsWith('oauth:tokens:'))).toBe(false)

    await core.manager.signIn(ID)
    await until(() => status() === 'ready', 'ready again')
    server.expireAccessTokens()
    // Spend the refresh tokens behind Switchboard's back (e.g. the person revoked access on the site).
    await fetch(`${server.issuer}/revoke`, { method: 'POST', body: new URLSearchParams({ token: server.issued.at(-1)! }) })
    await core.dispatcher.call({ name: `${ID}__whoami`, arguments: {} })
    await until(() => status() === 'needs-sign-in', 'needs-sign-in after the refresh failed')
    expect(core.manager.get(ID)?.error).toMatch(/sign-in to Fixture Notes has ended/)
    expect(notices.some((notice) => /has ended/.test(notice))).toBe(true)
  })

  it('ignores a redirect whose state does not belong to the sign-in, and exchanges nothing', async () => {
    await start({
      browser: async (url) => {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!)
        redirect.searchParams.set('code', 'forged-code')
        redirect.searchParams.set('state', 'someone-elses-state')
        redirect.searchParams.set('iss', server.issuer)
        landed.push(await (await fetch(redirect)).text())
      },
    })
    await until(() => status() === 'needs-sign-in', 'needs-sign-in')
    await core.manager.signIn(ID)
    await until(() => /state mismatch/.test(core.manager.get(ID)?.error ?? ''), 'the state mismatch message')
    expect(server.counts.codeExchanges).toBe(0)
    expect(status()).toBe('needs-sign-in')
  })

  it('refuses an answer that names another issuer (RFC 9207) without showing its error text', async () => {
    await start({
      browser: async (url) => {
        const query = new URL(url).searchParams
        const redirect = new URL(query.get('redirect_uri')!)
        redirect.searchParams.set('error', 'access_denied')
        redirect.searchParams.set('error_description', 'Click evil.example to fix this')
        redirect.searchParams.set('state', query.get('state')!)
        redirect.searchParams.set('iss', 'https://evil.example')
        landed.push(await (await fetch(redirect)).text())
      },
    })
    await until(() => status() === 'needs-sign-in', 'needs-sign-in')
    await core.manager.signIn(ID)
    await until(() => /RFC 9207/.test(core.manager.get(ID)?.error ?? ''), 'the issuer mismatch message')
    expect(core.manager.get(ID)?.error).not.toContain('Click evil.example')
    expect(server.counts.codeExchanges).toBe(0)
  })

  it.each([
    ['authorization_endpoint', 'sign-in page'],
    ['token_endpoint', 'token endpoint'],
    ['registration_endpoint', 'registration endpoint'],
  ])('refuses metadata whose %s is plain http:// off this computer, naming it, before offering or sending anything', async (field, what) => {
    const insecure = `http://auth.example.com/as/${field}`
    await start({ metadata: { [field]: insecure } })
    await until(() => (core.manager.get(ID)?.error ?? '').includes(insecure), 'the refusal')
    const error = core.manager.get(ID)!.error!
    expect(error).toMatch(new RegExp(`^Switchboard refused to sign in: the authorization server's ${what} \\(${field}\\) is ${insecure}, which is not https://`))
    expect(error).toMatch(/MCP authorization spec requires https:\/\//)
    // Sign in says the same, and nothing was registered, offered to the person or exchanged.
    await expect(core.manager.signIn(ID)).rejects.toThrow(insecure)
    expect(asked).toEqual([])
    expect(server.counts).toMatchObject({ registrations: 0, authorizations: 0, codeExchanges: 0 })
  })

  it('never puts a token or code in a log line, the extension log, its state or an error (canary)', async () => {
    await start()
    await signIn()
    await callWhoami()
    server.expireAccessTokens()
    await core.dispatcher.call({ name: `${ID}__whoami`, arguments: {} })
    await core.manager.signOut(ID)
    await until(() => status() === 'needs-sign-in', 'needs-sign-in')
    const seen = [
      ...lines,
      ...core.manager.log(ID).map((entry) => entry.text),
      JSON.stringify(core.manager.list()),
      JSON.stringify(core.cache.catalog()),
      ...asked.map((question) => question.message),
    ].join('\n')
    expect(server.issued.length).toBeGreaterThan(4)
    for (const value of server.issued) expect(seen).not.toContain(value)
  })
})
