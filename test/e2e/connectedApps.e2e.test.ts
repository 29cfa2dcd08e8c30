/**
 * Connected apps end to end through browser mode: the real host (`npm run host`), the built
 * renderer in headless Chromium, and an outside app as an SDK v2 client over streamable HTTP. The
 * person turns the endpoint on in Settings → Connected apps, the app knocks, the window says
 * "Claude Code (a connected app) asks to use Switchboard", allowing shows the token once with config
 * snippets (another app's request waits until it is closed), the app then works with it; the
 * gateway switch, the session cap and Revoke in the settings change what it gets.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectedAppsResourceSchema, HostResource } from '../../src/shared/hostApi'
import { poll, read } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

let app: AppPage
let host: HostProcess
let dataDir: string
let page: Page
let observer: Client
const outside: Client[] = []

/** The outside app, as Claude Code (or `who`) introduces itself; connected with `token` when it has one. */
async function connectOutside(url: string, token?: string, who = { name: 'claude-code', title: 'Claude Code' }): Promise<Client> {
  const client = new Client({ ...who, version: '2.0.0' })
  outside.push(client)
  await client.connect(new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}))
  return client
}

const connectedApps = () => read(observer, HostResource.connectedApps, ConnectedAppsResourceSchema)

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-connected-apps-'))
  host = await startHost(root, dataDir)
  observer = await connectHostClient(host, 'e2e-observer')
  app = await openAppPage(host)
  page = app.page
}, 180_000)

afterAll(async () => {
  await Promise.all(outside.map((client) => client.close().catch(() => undefined)))
  await observer?.close()
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Connected apps in browser mode (Electron stands in as headless Chromium)', () => {
  it('turns the endpoint on, asks to allow a knocking app, shows its token once, and revokes it', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Connected apps' }).click()
    await page.getByRole('heading', { level: 2, name: 'Connected apps' }).waitFor()
    await page.getByRole('switch', { name: 'Serve connected apps' }).click()
    const { url } = await poll(connectedApps, (view) => view.url !== null, 'the endpoint to listen')
    await expect.poll(() => page.getByText(url!, { exact: true }).isVisible()).toBe(true)

    // The app knocks without a token: refused, and the window asks, naming it as a connected app. A second app knocks too.
    await expect(connectOutside(url!)).rejects.toThrow()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Claude Code (a connected app) asks to use Switchboard' }).waitFor()
    await expect(connectOutside(url!, undefined, { name: 'zed', title: 'Zed' })).rejects.toThrow()
    await expect.poll(() => dialog.getByText('Request 1 of 2').isVisible()).toBe(true)
    await expect.poll(() => dialog.getByText('Assistant', { exact: true }).isVisible()).toBe(true)
    const allow = dialog.getByRole('button', { name: 'Allow', exact: true })
    await expect.poll(() => allow.isEnabled()).toBe(true)
    await screenshot(page, 'connected-apps-approval.png')
    await allow.click()

    // The token, once, with the configs of the three apps.
    const issued = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Claude Code is allowed' }) })
    await issued.waitFor()
    const token = (await issued.locator('code').first().textContent())!.trim()
    expect(token).toMatch(/^sbapp_/)
    await expect.poll(() => issued.getByText(`claude mcp add --transport http switchboard "${url}"`, { exact: false }).isVisible()).toBe(true)
    await issued.getByRole('tab', { name: 'VS Code' }).click()
    await expect.poll(() => issued.getByText('.vscode/mcp.json', { exact: false }).isVisible()).toBe(true)
    await screenshot(page, 'connected-apps-token.png')
    // The second app's request waits behind the token: nothing covers it while it is shown.
    const zed = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Zed (a connected app) asks to use Switchboard' }) })
    expect(await zed.count()).toBe(0)
    await issued.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => issued.count()).toBe(0)
    // Then it comes, and the count goes on from the first: 2 of 2, not "1 of 1" or nothing.
    await zed.waitFor()
    await expect.poll(() => zed.getByText('Request 2 of 2').isVisible()).toBe(true)
    const deny = zed.getByRole('button', { name: 'Deny', exact: true })
    await expect.poll(() => deny.isEnabled()).toBe(true)
    await deny.click()
    await expect.poll(() => zed.count()).toBe(0)

    // With the token the app gets the Assistant, and nothing else until the gateway is on.
    const claude = await connectOutside(url!, token)
    expect((await claude.listTools()).tools.map((tool) => tool.name)).toEqual(['chat-with-assistant'])
    const row = page.getByRole('listitem', { name: 'Claude Code' })
    await row.waitFor()
    await row.getByRole('switch', { name: "Let Claude Code use your extensions' tools" }).click()
    await poll(connectedApps, (view) => view.apps[0]?.scope.gateway === true, 'the gateway to be on for the app')
    // Its session cap, on the row: checked as typed, saved on Enter.
    await expect.poll(() => row.getByText('1 of at most 16 open sessions', { exact: false }).isVisible()).toBe(true)
    const cap = row.getByRole('textbox', { name: 'Most open sessions of Claude Code' })
    await cap.fill('0')
    await expect.poll(() => row.getByText('An app needs at least 1 session.').isVisible()).toBe(true)
    await cap.fill('4')
    await cap.press('Enter')
    await poll(connectedApps, (view) => view.apps[0]?.maxSessions === 4, 'the new session cap')
    await expect.poll(() => row.getByText('1 of at most 4 open sessions', { exact: false }).isVisible()).toBe(true)
    await page.evaluate('document.activeElement?.blur()')
    await screenshot(page, 'connected-apps-settings.png')

    await row.getByRole('button', { name: 'Revoke' }).click()
    await row.getByRole('group', { name: 'Revoke Claude Code?' }).getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => row.count()).toBe(0)
    await expect(claude.listTools()).rejects.toThrow()
    expect(app.pageErrors).toEqual([])
  })
})
