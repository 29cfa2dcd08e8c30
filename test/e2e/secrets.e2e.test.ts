/**
 * Settings → General and Secrets end to end through browser mode: the real host (`npm run host`)
 * and the built renderer in headless Chromium. Secret values are typed into the page and must never
 * come back: not in the DOM, not in any frame the page receives. Only Electron is absent.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium } from './chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SettingsResourceSchema, type SettingsResource } from '../../src/shared/hostApi'
import { openAppPage, recordFrames, resultsDir, root } from './appPage'
import { groupIsAlive, startHost, type HostProcess } from './hostProcess'


const hosts: HostProcess[] = []
const dataDirs: string[] = []
let browser: Browser

/** A page on a fresh host, recording every WebSocket frame it receives and sends. */
interface TestWindow {
  host: HostProcess
  dataDir: string
  context: BrowserContext
  page: Page
  received: string[]
  sent: string[]
  pageErrors: string[]
}

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-secrets-'))
  dataDirs.push(dir)
  return dir
}

async function openWindow(dataDir: string): Promise<TestWindow> {
  const host = await startHost(root, dataDir)
  hosts.push(host)
  const received: string[] = []
  const sent: string[] = []
  const { context, page, pageErrors } = await openAppPage(host, { browser, viewport: { width: 1100, height: 760 }, beforeLoad: (page) => recordFrames(page, sent, received) })
  return { host, dataDir, context, page, received, sent, pageErrors }
}

const sessionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sessions' })

async function openSecrets(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Secrets' }).click()
  await page.getByRole('heading', { level: 2, name: 'Secrets' }).waitFor()
}

const addForm = (page: Page) => page.getByRole('form', { name: 'Add a secret' })
const secretRows = (page: Page) => page.getByRole('list', { name: 'Stored secrets' }).getByRole('listitem')
const secretRow = (page: Page, name: string) => secretRows(page).filter({ has: page.getByText(name, { exact: true }) })

async function addSecret(page: Page, name: string, value: string): Promise<void> {
  const form = addForm(page)
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Value').fill(value)
  await form.getByRole('button', { name: /^(Set|Replace) secret$/ }).click()
  await form.getByRole('status').getByText('is set', { exact: false }).waitFor()
}

/** The latest `switchboard://settings` the page read, straight from the frames it received. */
function lastSettingsRead(received: readonly string[]): SettingsResource {
  for (const frame of [...received].reverse()) {
    let message: { result?: { contents?: Array<{ uri?: string; text?: string }> } }
    try {
      message = JSON.parse(frame) as typeof message
    } catch {
      continue
    }
    const content = message.result?.contents?.[0]
    if (content?.uri === 'switchboard://settings' && content.text) return SettingsResourceSchema.parse(JSON.parse(content.text))
  }
  throw new Error('the page never read switchboard://settings')
}

/** A value typed into the page must not come back in its DOM or in any frame it received. */
async function expectNowhereInPage(app: TestWindow, values: readonly string[]): Promise<void> {
  const html = await app.page.content()
  for (const value of values) {
    expect(html.includes(value), `the DOM holds secret value ${value}`).toBe(false)
    expect(app.received.filter((frame) => frame.includes(value)), `a received frame holds ${value}`).toEqual([])
  }
}

beforeAll(async () => {
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  for (const host of hosts) await host.stop()
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
  expect(hosts.map((host) => host.pid).filter(groupIsAlive)).toEqual([])
}, 60_000)

describe('Settings → Secrets in browser mode (Electron stands in as headless Chromium)', () => {
  let app: TestWindow
  const canary = `canary-${randomUUID()}`
  const replacement = `canary-${randomUUID()}`

  beforeAll(async () => {
    app = await openWindow(await newDataDir())
  }, 180_000)

  afterAll(async () => {
    await app?.context.close()
  })

  it('shows the keychain status the host reports under General', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Settings' }).click()
    expect(await page.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true')
    await page.getByText(app.dataDir, { exact: true }).waitFor()
    // Copies, or (where the page may not write the clipboard) selects the path and says which keys copy it.
    const copy = page.getByRole('button', { name: 'Copy data folder path' })
    await copy.click()
    await expect.poll(() => copy.innerText()).toMatch(/^(Copied|Press (Ctrl\+C|⌘C))$/)

    // The host is ready before its keychain probe answers; the page reads the settings again once it has.
    await expect.poll(() => lastSettingsRead(app.received).keychain.keychain, { timeout: 15_000 }).not.toBe('checking')
    const { keychain } = lastSettingsRead(app.received)
    const storage = page.getByRole('region', { name: 'Secret storage' })
    if (keychain.keychain === 'available') {
      // Which binding holds them, in the host's words (keytar, or @napi-rs/keyring where keytar did not load).
      await storage.getByText(`Secrets are stored in ${keychain.backendName}`).waitFor()
      expect(keychain.backendName).toMatch(/^the OS keychain \((keytar|@napi-rs\/keyring)\)$/)
    } else {
      if (keychain.keychain !== 'unavailable') throw new Error(`unexpected keychain state ${keychain.keychain}`)
      await storage.getByText('The OS keychain is unavailable').waitFor()
      await storage.getByText('kept in memory only until Switchboard quits', { exact: false }).waitFor()
      // The host's words, shown as sentences: the reason and what to do.
      const shown = await storage.innerText()
      expect(shown.toLowerCase()).toContain(keychain.reason.toLowerCase())
      expect(shown.toLowerCase()).toContain(keychain.fix.toLowerCase().replace(/\.$/, ''))
    }
  })

  it('sets a secret, keeps it across a reload, replaces and removes it; the values never reach the page', async () => {
    const { page } = app
    await openSecrets(page)
    await page.getByText('No secrets yet').waitFor()

    await addSecret(page, 'provider:anthropic', canary)
    const row = secretRow(page, 'provider:anthropic')
    await row.getByText('Anthropic API key').waitFor()
    await row.getByText('Set', { exact: true }).waitFor()
    // The field is emptied once the host has stored the value.
    expect(await addForm(page).getByLabel('Value').inputValue()).toBe('')
    expect(await addForm(page).getByLabel('Value').getAttribute('type')).toBe('password')
    expect(await addForm(page).getByLabel('Value').getAttribute('autocomplete')).toBe('new-password')
    // A positive control: the page did send the value (so frames are being recorded), and got none back.
    expect(app.sent.some((frame) => frame.includes(canary))).toBe(true)
    await expectNowhereInPage(app, [canary])

    await page.reload()
    await sessionsNav(page).waitFor()
    await openSecrets(page)
    await secretRow(page, 'provider:anthropic').getByText('Set', { exact: true }).waitFor()

    // Replace: an empty password field, never prefilled.
    await row.getByRole('button', { name: 'Replace provider:anthropic' }).click()
    const replaceForm = row.getByRole('form', { name: 'Replace provider:anthropic' })
    const newValue = replaceForm.getByLabel('New value')
    expect(await newValue.inputValue()).toBe('')
    expect(await newValue.getAttribute('type')).toBe('password')
    await newValue.fill(replacement)
    await replaceForm.getByRole('button', { name: 'Replace', exact: true }).click()
    await replaceForm.waitFor({ state: 'detached' })
    await row.getByText('Set', { exact: true }).waitFor()
    expect(app.sent.some((frame) => frame.includes(replacement))).toBe(true)
    await expectNowhereInPage(app, [canary, replacement])

    // Remove asks first; Escape keeps it.
    await row.getByRole('button', { name: 'Remove provider:anthropic' }).click()
    const confirm = page.getByRole('group', { name: 'Remove provider:anthropic?' })
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    // Focus goes back to the button that opened the confirm step (a string: the test project has no DOM types).
    expect(await page.evaluate(`document.activeElement?.getAttribute('aria-label')`)).toBe('Remove provider:anthropic')
    await row.getByRole('button', { name: 'Remove provider:anthropic' }).click()
    await mkdir(resultsDir, { recursive: true })
    await row.screenshot({ path: join(resultsDir, 'settings-secrets-remove.png'), animations: 'disabled' })
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
    await row.waitFor({ state: 'detached' })
    await page.getByText('No secrets yet').waitFor()
    expect(Object.keys(lastSettingsRead(app.received).secrets)).not.toContain('provider:anthropic')

    await page.reload()
    await sessionsNav(page).waitFor()
    await openSecrets(page)
    await page.getByText('No secrets yet').waitFor()
    await expectNowhereInPage(app, [canary, replacement])
    expect(app.pageErrors).toEqual([])
  })

  it('checks a secret name before sending it', async () => {
    const { page } = app
    await openSecrets(page)
    const form = addForm(page)
    const name = form.getByLabel('Name')
    const callsBefore = app.sent.filter((frame) => frame.includes('"secret_set"')).length

    await form.getByRole('button', { name: 'Set secret' }).click()
    await form.getByText('Enter a name.').waitFor()

    await name.fill('my token')
    await form.getByText('Use only letters, digits and . _ - : / @ (no spaces).').waitFor()
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    await form.getByLabel('Value').fill('whatever')
    await form.getByRole('button', { name: 'Set secret' }).click()
    await mkdir(resultsDir, { recursive: true })
    await form.screenshot({ path: join(resultsDir, 'settings-secrets-invalid-name.png'), animations: 'disabled' })

    await name.fill('-leading-dash')
    await form.getByText('Start with a letter or a digit.').waitFor()
    await name.fill('x'.repeat(201))
    await form.getByText('Use at most 200 characters (this name has 201).').waitFor()
    await form.getByRole('button', { name: 'Set secret' }).click()

    await name.fill('extension:@scope/pkg-1:env:API_KEY.v2')
    expect(await name.getAttribute('aria-invalid')).toBeNull()
    await name.fill('')
    expect(app.sent.filter((frame) => frame.includes('"secret_set"')).length).toBe(callsBefore)
  })

  it('lists where each secret is used (screenshots, light and dark)', async () => {
    const { page } = app
    await openSecrets(page)
    const values = [`canary-${randomUUID()}`, `canary-${randomUUID()}`, `canary-${randomUUID()}`]
    await addSecret(page, 'provider:anthropic', values[0]!)
    await addSecret(page, 'extension:github:env:GITHUB_TOKEN', values[1]!)
    await addSecret(page, 'extension:linear:header:Authorization', values[2]!)
    await expect.poll(() => secretRows(page).count()).toBe(3)
    await secretRow(page, 'extension:github:env:GITHUB_TOKEN').getByText('Extension github · env GITHUB_TOKEN').waitFor()
    await secretRow(page, 'extension:linear:header:Authorization').getByText('Extension linear · header Authorization').waitFor()
    // Providers first, then extensions.
    expect((await secretRows(page).allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
      'Anthropic API key',
      'Extension github · env GITHUB_TOKEN',
      'Extension linear · header Authorization',
    ])

    // Same name again: the form says it replaces.
    await addForm(page).getByLabel('Name').fill('provider:anthropic')
    await addForm(page).getByText('This name is already set; saving replaces its value.').waitFor()
    await addForm(page).getByLabel('Name').fill('')

    await secretRow(page, 'extension:github:env:GITHUB_TOKEN').getByRole('button', { name: 'Replace extension:github:env:GITHUB_TOKEN' }).click()
    await mkdir(resultsDir, { recursive: true })
    await page.setViewportSize({ width: 1100, height: 980 }) // the whole page, form included
    await page.mouse.move(0, 0)
    await page.screenshot({ path: join(resultsDir, 'settings-secrets.png'), animations: 'disabled' })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(async () => (await page.locator('html').getAttribute('class')) ?? '').toContain('dark')
    await page.screenshot({ path: join(resultsDir, 'settings-secrets-dark.png'), animations: 'disabled' })
    await page.keyboard.press('Escape')

    await page.getByRole('tab', { name: 'General' }).click()
    await page.screenshot({ path: join(resultsDir, 'settings-general-dark.png'), animations: 'disabled' })
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(async () => (await page.locator('html').getAttribute('class')) ?? '').not.toContain('dark')
    await page.screenshot({ path: join(resultsDir, 'settings-general.png'), animations: 'disabled' })
    await page.setViewportSize({ width: 1100, height: 760 })

    // The sections work from the keyboard (a vertical list: Secrets comes right above Extensions).
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).focus()
    await page.keyboard.press('ArrowUp')
    expect(await page.getByRole('tab', { name: 'Secrets' }).getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => secretRows(page).count()).toBe(3)

    await expectNowhereInPage(app, values)
    expect(app.pageErrors).toEqual([])
  })
})

describe('a damaged settings file', () => {
  it('is told once in a notice that stays dismissed after a reload', async () => {
    const dataDir = await newDataDir()
    await writeFile(join(dataDir, 'settings.json'), '{"theme": "dark", this is not JSON')
    const app = await openWindow(dataDir)
    const { page } = app
    try {
      const notice = page.getByRole('status').filter({ hasText: 'Your settings could not be used' })
      await notice.waitFor()
      const [movedTo] = lastSettingsRead(app.received).notices.map((shown) => shown.movedTo)
      expect(movedTo).toBeDefined()
      await notice.getByText(movedTo!, { exact: true }).waitFor()
      expect((await readdir(dataDir)).filter((file) => file.startsWith('settings.corrupt-'))).toHaveLength(1)
      await mkdir(resultsDir, { recursive: true })
      await page.screenshot({ path: join(resultsDir, 'settings-notice.png'), animations: 'disabled' })

      await notice.getByRole('button', { name: 'Dismiss notice' }).click()
      await notice.waitFor({ state: 'detached' })
      await expect.poll(() => lastSettingsRead(app.received).notices).toEqual([])

      await page.reload()
      await sessionsNav(page).waitFor()
      // The app renders only once settings have arrived, so a notice would be there now.
      expect(await page.getByText('Your settings could not be used', { exact: false }).count()).toBe(0)
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.context.close()
    }
  }, 180_000)
})
