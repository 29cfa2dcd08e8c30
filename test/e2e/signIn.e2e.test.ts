/**
 * Signing in to a remote extension end to end in browser mode: the real host (`npm run host`), the
 * built renderer in headless Chromium, and a local authorization server fixture protecting an MCP
 * server. Add the remote → approve (the dialog says it will ask you to sign in) → Sign in → the
 * URL dialog → the server's consent page in a new tab → Allow → "you can close this tab" → ready →
 * a tool call → restart the host → still signed in (tokens in the OS keychain) → the access token
 * expires → refreshed silently. Needs a Secret Service for the restart step (run the suite through
 * scripts/with-keyring.sh); without one it skips with one line, and with SWITCHBOARD_REQUIRE_KEYRING=1
 * (CI, with-keyring.sh) a missing keychain fails it instead. The host probes the keychain after it is
 * ready, so the test waits for the probe's answer before it decides.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource, ToolsResourceSchema } from '../../src/shared/hostApi'
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/oauthFixture'
import { call, poll, read, settledKeychain } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, recordFrames, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

let server: OAuthFixture
let host: HostProcess | undefined
let client: Client | undefined
let app: AppPage | undefined
let dataDir: string
let keychain = false
let noKeychain = ''
const requireKeyring = process.env.SWITCHBOARD_REQUIRE_KEYRING === '1'
const received: string[] = []

const extension = async () => (await read(client!, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((item) => item.id === 'notes')
const whoami = async () => {
  await poll(() => read(client!, HostResource.tools, ToolsResourceSchema), ({ tools }) => tools.some((tool) => tool.name === 'notes__whoami'), 'the whoami tool', 30_000)
  const result = await call(client!, 'tool_call', { name: 'notes__whoami', arguments: {} }, { timeout: 60_000 })
  return (result.content as { text?: string }[]).map((block) => block.text ?? '').join('')
}

beforeAll(async () => {
  server = await startOAuthFixture()
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-sign-in-'))
  host = await startHost(root, dataDir)
  client = await connectHostClient(host, 'e2e-sign-in')
  const status = await settledKeychain(client)
  keychain = status.keychain === 'available'
  if (status.keychain === 'unavailable') {
    noKeychain = `no OS keychain here (${status.reason})`
    if (requireKeyring) throw new Error(`[sign-in e2e] SWITCHBOARD_REQUIRE_KEYRING=1 but ${noKeychain}; ${status.fix}`)
    console.warn(`[sign-in e2e] SKIPPED: ${noKeychain}; run it inside bash scripts/with-keyring.sh.`)
  }
}, 180_000)

afterAll(async () => {
  await client?.close()
  await app?.close()
  await server?.stop()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Sign in to a remote extension in Chromium', () => {
  it('signs in through the browser, stays signed in after a restart, and refreshes an expired token silently', { timeout: 240_000 }, async ({ skip }) => {
    skip(!keychain, noKeychain)
    app = await openAppPage(host!, { timeoutMs: 15_000, beforeLoad: (page) => recordFrames(page, [], received) })
    const { page } = app
    await call(client!, 'extension_add', { config: { id: 'notes', name: 'Fixture Notes', type: 'streamable-http', url: server.mcpUrl } })

    // The consent dialog says where it connects and that it will ask to sign in.
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'The extension “Fixture Notes” asks to connect to its server' }).waitFor()
    expect(await dialog.getByTestId('consent-sign-in').innerText()).toMatch(/will ask you to sign in/)
    await expect.poll(() => dialog.getByRole('button', { name: 'Allow and remember' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Allow and remember' }).click()

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    const signIn = page.getByRole('button', { name: 'Sign in to Fixture Notes' })
    await signIn.waitFor({ timeout: 30_000 })
    await page.getByText('Needs sign-in').waitFor()
    await screenshot(page, 'sign-in-needed.png')
    await signIn.click()

    // The existing URL dialog: the full link, opened only on the click.
    await dialog.getByRole('heading', { name: 'Open a page for Fixture Notes?' }).waitFor()
    expect(await dialog.getByTestId('question-url').innerText()).toContain(`${server.issuer}/authorize?`)
    expect(server.counts.authorizations).toBe(0)
    const consentTab = page.context().waitForEvent('page')
    await expect.poll(() => dialog.getByRole('button', { name: 'Open in browser' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Open in browser' }).click()
    const tab = await consentTab
    await tab.getByRole('heading', { name: 'Allow Switchboard to read your notes?' }).waitFor()
    await tab.getByRole('button', { name: 'Allow' }).click()
    await tab.getByText('You can close this tab').waitFor()
    await tab.close()

    await poll(extension, (view) => view?.status === 'ready', 'the extension to be ready after signing in', 30_000)
    await page.getByText('Ready', { exact: true }).first().waitFor()
    expect(await whoami()).toBe('signed in as ada@example.com')
    expect((await extension())?.signIn?.description).toMatch(/^Signed in with .*\/as using a client registered on the fly/)

    // Restart: the tokens are in the keychain, so no new sign-in.
    await app.close()
    app = undefined
    await client!.close()
    await host!.stop()
    host = await startHost(root, dataDir)
    client = await connectHostClient(host, 'e2e-sign-in-again')
    await poll(extension, (view) => view?.status === 'ready', 'the extension to be ready after the restart', 30_000)
    expect(await whoami()).toBe('signed in as ada@example.com')
    expect(server.counts.authorizations).toBe(1)

    // The access token expires: the next call refreshes it without anyone noticing.
    server.expireAccessTokens()
    expect(await whoami()).toBe('signed in as ada@example.com')
    expect(server.counts.refreshes).toBe(1)
    expect((await extension())?.status).toBe('ready')

    // Canary: no token or code in the data folder or in any frame the window received.
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true })
    const contents = await Promise.all(files.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8').catch(() => '')))
    const seen = [...contents, ...received].join('\n')
    for (const value of server.issued) expect(seen).not.toContain(value)
  })

  it('signs in with a client registered beforehand, entered on the extension page', { timeout: 240_000 }, async ({ skip }) => {
    skip(!keychain, noKeychain)
    const registered = await startOAuthFixture({ preRegisteredClients: ['switchboard-desktop'] })
    try {
      app = await openAppPage(host!, { timeoutMs: 15_000 })
      const { page } = app
      await call(client!, 'extension_add', { config: { id: 'team', name: 'Team Notes', type: 'streamable-http', url: registered.mcpUrl } })
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'The extension “Team Notes” asks to connect to its server' }).waitFor()
      await expect.poll(() => dialog.getByRole('button', { name: 'Allow and remember' }).isEnabled()).toBe(true)
      await dialog.getByRole('button', { name: 'Allow and remember' }).click()
      const team = async () => (await read(client!, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((item) => item.id === 'team')
      await poll(team, (view) => view?.status === 'needs-sign-in', 'the extension to need a sign-in', 30_000)

      await page.getByRole('button', { name: 'Settings' }).click()
      await page.getByRole('tab', { name: 'Extensions' }).click()
      await page.getByTitle('Show details of Team Notes').click()
      await page.getByText('Use a client registered with the server').click()
      const form = page.getByRole('form', { name: 'Registered client of Team Notes' })
      // The form names the authorization server the id is for; the secret typed goes to the keychain, the config refers to it.
      await form.getByText(/For the authorization server /).waitFor()
      await form.getByLabel('Client ID').fill('switchboard-desktop')
      await form.getByLabel('Client secret (optional)').fill('plain-secret-value')
      await form.getByRole('button', { name: 'Save' }).click()
      await form.getByRole('status').getByText('signs in with client switchboard-desktop').waitFor()
      await screenshot(page, 'sign-in-registered-client.png')
      expect((await team())?.config.auth).toMatchObject({ clientId: 'switchboard-desktop', clientSecret: '${secret:extension:team:oauth:client-secret}' })
      expect(await form.getByLabel('Client secret (optional)').inputValue()).toBe('')
      expect(await page.content()).not.toContain('plain-secret-value')

      await poll(team, (view) => view?.status === 'needs-sign-in', 'the extension to need a sign-in again', 30_000)
      // Before the id was entered Switchboard may have registered itself; from now on it must not.
      const registrationsBefore = registered.counts.registrations
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await dialog.getByRole('heading', { name: 'Open a page for Team Notes?' }).waitFor()
      expect(await dialog.getByTestId('question-url').innerText()).toContain('client_id=switchboard-desktop')
      const consentTab = page.context().waitForEvent('page')
      await expect.poll(() => dialog.getByRole('button', { name: 'Open in browser' }).isEnabled()).toBe(true)
      await dialog.getByRole('button', { name: 'Open in browser' }).click()
      const tab = await consentTab
      await tab.getByRole('button', { name: 'Allow' }).click()
      await tab.getByText('You can close this tab').waitFor()
      await tab.close()
      await poll(team, (view) => view?.status === 'ready', 'the extension to be ready after signing in', 30_000)
      // The id the person entered was used, and Switchboard did not register a client of its own.
      expect(registered.authorizedClients).toEqual(['switchboard-desktop'])
      expect(registered.counts.registrations).toBe(registrationsBefore)
      await poll(team, (view) => /^Signed in with .*the client id you entered/.test(view?.signIn?.description ?? ''), 'the page to say which client signed in', 30_000)
    } finally {
      await registered.stop()
    }
  })
})
