/**
 * Install from the MCP Registry end to end in browser mode: the real host (`npm run host`), the
 * built renderer in headless Chromium, the local fixture registry on loopback, and the real
 * `@modelcontextprotocol/server-everything` package run through npx. The registry address is set in
 * the browser page; search, details (deprecated warned, deleted absent), the generated form with a
 * secret, the consent dialog with the exact npx command, then ready with its tools. Only Electron
 * is absent.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppPage, recordFrames, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'
import { startRegistryFixture, type RegistryFixture } from '../fixtures/registry/registryServer'
import { EVERYTHING_VERSION } from '../fixtures/registry/registryData'

let app: AppPage
let host: HostProcess
let registry: RegistryFixture
let dataDir: string
let page: Page
const sent: string[] = []
/** The words of every registry search the page has sent with words in it, in order. */
const typedSearches = () =>
  sent
    .map((frame) => JSON.parse(frame) as { method?: string; params?: { name?: string; arguments?: { query?: string } } })
    .filter((message) => message.method === 'tools/call' && message.params?.name === 'registry_search' && message.params.arguments?.query !== undefined)
    .map((message) => message.params!.arguments!.query)

beforeAll(async () => {
  registry = await startRegistryFixture()
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-registry-'))
  host = await startHost(root, dataDir)
  app = await openAppPage(host, {
    viewport: { width: 1180, height: 1000 },
    beforeLoad: async (page) => {
      recordFrames(page, sent)
      // The page's own clock, so that the search box's debounce can be held still (below); it runs in real time until then.
      await page.clock.install()
    },
  })
  page = app.page
}, 180_000)

afterAll(async () => {
  await app?.close()
  await registry?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Install from the MCP Registry in browser mode (Electron stands in as headless Chromium)', () => {
  it('says in words when the registry cannot be reached and offers the other ways in; settings lead back to the chat', { timeout: 120_000 }, async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Install extension' }).click()
    await page.getByRole('button', { name: 'Change' }).click()
    const address = page.getByRole('form', { name: 'Registry address' })
    // Nothing listens there: as offline as a registry gets.
    await address.getByLabel('Registry address').fill('https://127.0.0.1:9')
    await address.getByRole('button', { name: 'Save' }).click()
    const problem = page.getByRole('alert').filter({ hasText: 'Could not reach the MCP Registry' })
    await problem.waitFor({ timeout: 30_000 })
    expect(await problem.innerText()).toMatch(/Without it you can still add one By hand or Paste or import a config/)
    await screenshot(page, 'registry-offline.png')
    await problem.getByRole('button', { name: 'By hand' }).click()
    await page.getByRole('tab', { name: 'By hand', selected: true }).waitFor()

    // Another section and back: the Extensions tab opens on the list, not on the add form.
    await page.getByRole('tab', { name: 'General' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
    // The way back to the chat.
    await page.getByRole('button', { name: 'Back to the chat' }).click()
    await page.getByRole('tablist', { name: 'Settings sections' }).waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBeNull()
  })

  it('searches the fixture registry, installs server-everything with a secret, asks first, and ends ready with its tools', { timeout: 240_000 }, async () => {
    const canary = `tok-${randomUUID()}`
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Install extension' }).click()
    await page.getByRole('tab', { name: 'Registry', selected: true }).waitFor()

    // Point the browser at the fixture registry; a plain-http address elsewhere is refused by the host.
    await page.getByRole('button', { name: 'Change' }).click()
    const address = page.getByRole('form', { name: 'Registry address' })
    await address.getByLabel('Registry address').fill('http://registry.example.com')
    await address.getByRole('button', { name: 'Save' }).click()
    await address.getByText('must start with https://', { exact: false }).waitFor()
    await address.getByLabel('Registry address').fill(registry.url)
    await address.getByRole('button', { name: 'Save' }).click()
    await page.getByText(`Registry: ${registry.url}`).waitFor()

    // The first page, then the next one by cursor; deleted servers never show, deprecated ones say so.
    const results = page.getByRole('list', { name: 'Registry servers' })
    await results.getByRole('button', { name: /Everything/ }).waitFor()
    await page.getByText('Last updated', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Load more' }).click()
    await results.getByRole('button', { name: /Old Search/ }).waitFor()
    expect(await results.getByRole('button', { name: /Old Search/ }).getByText('Deprecated').count()).toBe(1)
    expect(await results.getByRole('button', { name: /Removed/ }).count()).toBe(0)
    await screenshot(page, 'registry-results.png')

    // Debounced search: typing sends one search, for the whole word. The keystrokes are 20 ms apart
    // in the page's own time, its clock held still but for those 20 ms: on a busy machine keystrokes
    // sent 20 ms apart can reach the page more than the debounce (300 ms) apart, a pause in typing
    // that rightly searches for what was typed so far. Then time moves on well past the debounce.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000)
    for (const key of 'everything') {
      await page.getByLabel('Search the MCP Registry').press(key)
      await page.clock.runFor(20)
    }
    await page.clock.runFor(1_000)
    await page.clock.resume()
    await expect.poll(() => results.getByRole('listitem').count()).toBe(1)
    // Counted by their words, not by how many frames came after a point: the searches before the typing
    // had none (the first page, the next page). Counting from a point once found two searches, in a run
    // of the whole suite beside a busy core, and could not tell which; a wrong search for the typed
    // words fails here, with the words it sent.
    await expect.poll(() => typedSearches()).toEqual(['everything'])

    await results.getByRole('button', { name: /Everything/ }).click()
    await page.getByRole('heading', { level: 3, name: 'Everything' }).waitFor()
    await page.getByText(`io.github.modelcontextprotocol/everything · version ${EVERYTHING_VERSION}`).waitFor()
    await page.getByText(`npx -y @modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`, { exact: false }).waitFor()
    // The SVG icon was refused; the PNG one is shown as a data URL.
    expect(await page.locator('img[src^="data:image/png"]').count()).toBe(1)
    expect(await page.locator('img[src^="data:image/svg"]').count()).toBe(0)

    // The form checks the required secret before sending anything.
    const form = page.getByRole('form', { name: /Install npm/ })
    await form.getByRole('button', { name: 'Install' }).click()
    await form.getByText('Fill in EVERYTHING_TOKEN; it is required.').waitFor()
    expect(sent.some((frame) => frame.includes('"name":"registry_install"'))).toBe(false)
    const secret = form.getByLabel('EVERYTHING_TOKEN')
    expect(await secret.getAttribute('type')).toBe('password')
    await secret.fill(canary)
    await form.getByLabel('LOG_LEVEL').selectOption('debug')
    await screenshot(page, 'registry-details.png')
    await form.getByRole('button', { name: 'Install' }).click()

    // The consent dialog shows exactly what main will run, before anything starts.
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await dialog.getByRole('heading', { name: 'The extension “Everything” asks to run on this computer' }).waitFor()
    expect(await dialog.getByTestId('consent-command').innerText()).toBe('npx')
    expect(await dialog.getByRole('list', { name: 'Arguments' }).locator('code').allInnerTexts()).toEqual(['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`])
    await dialog.getByText('EVERYTHING_TOKEN', { exact: true }).waitFor()
    await screenshot(page, 'registry-consent.png')
    await dialog.getByRole('button', { name: 'Allow and remember' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The install opens the extension's page; npx fetches or finds the package and it becomes ready.
    await page.getByRole('heading', { level: 2, name: 'Everything' }).waitFor()
    const badge = page.locator('header [data-status]').first()
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 180_000, interval: 500 }).toBe('ready')
    await page.getByRole('list', { name: 'Tools' }).getByRole('heading', { name: 'echo', exact: true }).waitFor()
    await screenshot(page, 'registry-installed.png')

    // The secret went to the keychain: extensions.json names it and never holds the value.
    const saved = await readFile(join(dataDir, 'extensions.json'), 'utf8')
    expect(saved).toContain('${secret:extension:everything:env:EVERYTHING_TOKEN}')
    expect(saved).not.toContain(canary)
    expect(registry.requests.some((path) => path.startsWith('/v0.1/servers/io.github.modelcontextprotocol%2Feverything/versions/'))).toBe(true)
    expect(app.pageErrors).toEqual([])
  })
})
