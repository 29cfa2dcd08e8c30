/**
 * Without an OS keychain (no Secret Service on the session bus), no screen may promise one: the
 * first-run screen, the provider form, the add form, an import preview, its results and the approval
 * dialog all say that secrets are kept in memory until Switchboard quits, and where the fix is. The real host (`npm run host`) with
 * its session bus pointed nowhere, the built renderer in headless Chromium.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppPage, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const MEMORY = 'kept in memory until Switchboard quits'

let host: HostProcess | undefined
let app: AppPage | undefined
let page: Page
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-no-keychain-'))
  // No Secret Service can answer here: the keychain is unavailable for this host only.
  host = await startHost(root, dataDir, undefined, { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dataDir, 'no-bus')}` })
  app = await openAppPage(host, { viewport: { width: 1180, height: 900 } })
  page = app.page
}, 180_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('no OS keychain (browser mode, Electron stands in as headless Chromium)', () => {
  it('says on every screen that takes a secret that it is kept in memory, never that it goes to the keychain', async () => {
    // First run.
    await page.getByText(MEMORY, { exact: false }).first().waitFor()
    expect(await page.locator('body').innerText()).not.toMatch(/stored in your OS keychain/i)
    await screenshot(page, 'no-keychain-first-run.png')

    // The provider form.
    await page.getByRole('button', { name: 'Open Models & keys' }).click()
    await page.getByRole('button', { name: /Add provider/ }).first().click()
    await page.getByText(MEMORY, { exact: false }).first().waitFor()
    expect(await page.locator('main, body').first().innerText()).not.toMatch(/go(es)? to the OS keychain|Stored in the OS keychain/i)

    // The add form.
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = page.getByRole('form', { name: 'Add extension' })
    await form.getByText(MEMORY, { exact: false }).waitFor()
    expect(await form.innerText()).not.toMatch(/goes to the keychain/i)

    // An import preview with a secret-looking value.
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Install extension' }).click()
    await page.getByRole('tab', { name: 'Paste or import' }).click()
    await page.getByRole('textbox', { name: 'Paste a config' }).fill(JSON.stringify({ mcpServers: { demo: { command: 'node', args: ['server.js'], env: { API_TOKEN: 'sk-live-not-a-real-token-1234567890' } } } }))
    await page.getByRole('button', { name: 'Preview' }).click()
    const keep = page.getByRole('checkbox', { name: 'Keep API_TOKEN as a secret?' })
    await keep.waitFor()
    expect(await page.getByRole('checkbox', { name: /to the keychain/ }).count()).toBe(0)
    await page.getByText(MEMORY, { exact: false }).first().waitFor()
    await screenshot(page, 'no-keychain-import.png')

    // Imported: the results and the approval dialog say where the token really is.
    await page.getByRole('button', { name: 'Import 1 server' }).click()
    const dialog = page.getByRole('dialog')
    const secretsInDialog = dialog.getByTestId('consent-secrets')
    await secretsInDialog.waitFor()
    expect(await secretsInDialog.innerText()).toContain(`Their values are kept in memory until Switchboard quits`)
    expect(await dialog.innerText()).not.toMatch(/keychain/i)
    await screenshot(page, 'no-keychain-consent.png')
    await dialog.getByRole('button', { name: 'Deny' }).click()
    const results = page.getByRole('region', { name: 'Import results' })
    await results.getByText('Kept in memory until Switchboard quits: ', { exact: false }).waitFor()
    expect(await results.innerText()).not.toMatch(/keychain/i)
    expect(app!.pageErrors).toEqual([])
  })
})
