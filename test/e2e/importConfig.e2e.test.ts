/**
 * Settings → Extensions → Install, "Paste or import" and "Install link", end to end through browser
 * mode: the real host (`npm run host`), the built renderer in headless Chromium, and the stdio
 * fixture server started with `node`. Imported servers start only after the consent dialog; a
 * hostile install link is flagged and runs nothing. Only Electron (and its protocol handler) is absent.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource, SettingsResourceSchema, type ExtensionView } from '../../src/shared/hostApi'
import { installLinkFor } from '../../src/main/extensions/importers/installLink'
import { read } from '../helpers/hostCalls'
import { allowOnceInConsentDialog, openAppPage, root, screenshotLightAndDark, stopHostAndClean, withHostClient, type AppPage } from './appPage'
import { hostChildren, startHost, type HostProcess } from './hostProcess'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const token = `ghp_${'Zy9Xw8Vu7T'.repeat(4)}`

/** Claude Desktop's format, two servers started with `node`; one carries a token in its env. */
const claudeConfig = JSON.stringify(
  {
    mcpServers: {
      alpha: { command: 'node', args: [fixtureServerPath], env: { API_TOKEN: token } },
      beta: { command: 'node', args: [fixtureServerPath, '--tools=2'] },
    },
  },
  null,
  2,
)

let app: AppPage
let host: HostProcess
let dataDir: string
let configHome: string
let page: Page
let marker: string

/** Processes of this host's group (its extensions) whose command line contains `text`. */
const children = (text: string) => hostChildren(host, text)

const extensionsNow = () => withHostClient(host, async (client) => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions)
const secretNamesNow = () => withHostClient(host, async (client) => Object.keys((await read(client, HostResource.settings, SettingsResourceSchema)).secrets))

async function openInstallPage(): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Extensions' }).click()
  await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
  await page.getByRole('button', { name: 'Install extension' }).click()
  await page.getByRole('heading', { level: 2, name: 'Install an extension' }).waitFor()
}

const consentDialog = () => page.getByRole('dialog')


beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-import-'))
  // Claude Desktop's config where the host looks for it on Linux ($XDG_CONFIG_HOME/Claude), for this host only.
  configHome = await mkdtemp(join(tmpdir(), 'switchboard-e2e-xdg-'))
  await mkdir(join(configHome, 'Claude'))
  await writeFile(join(configHome, 'Claude', 'claude_desktop_config.json'), claudeConfig)
  marker = join(configHome, 'hostile-ran')
  host = await startHost(root, dataDir, undefined, { XDG_CONFIG_HOME: configHome })
  app = await openAppPage(host, { viewport: { width: 1180, height: 1000 } })
  page = app.page
}, 180_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir, configHome])
}, 60_000)

describe('installing from a pasted config and from an install link (Electron stands in as headless Chromium)', () => {
  it('imports a pasted Claude Desktop config: preview, keychain, consent, then both servers ready', async () => {
    await openInstallPage()
    await page.getByRole('tab', { name: 'Paste or import' }).click()
    expect(await page.getByRole('tab', { name: 'Paste or import' }).getAttribute('aria-selected')).toBe('true')

    // The config found where Claude Desktop keeps it is offered, and reads the same.
    await page.getByText('Found 2 servers in Claude Desktop.').waitFor()
    await page.getByRole('button', { name: 'Import from Claude Desktop…' }).click()
    await page.getByRole('heading', { name: '2 servers to review' }).waitFor()
    await page.getByText(join(configHome, 'Claude', 'claude_desktop_config.json'), { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()

    // Pasted: each server with its exact command line; the token is offered for the keychain, ticked.
    await page.getByRole('textbox', { name: 'Paste a config' }).fill(claudeConfig)
    await page.getByRole('button', { name: 'Preview' }).click()
    const servers = page.getByRole('list', { name: 'Servers in the config' })
    await servers.waitFor()
    expect(await servers.getByTestId('import-launch').allInnerTexts()).toEqual([`node ${fixtureServerPath}`, `node ${fixtureServerPath} --tools=2`])
    const move = page.getByRole('checkbox', { name: 'Move API_TOKEN to your OS keychain?' })
    expect(await move.isChecked()).toBe(true)
    expect(await page.locator('body').innerText()).not.toContain(token)
    expect(await page.getByRole('checkbox', { name: 'alpha' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'beta' }).isChecked()).toBe(true)
    await screenshotLightAndDark(page.getByRole('region', { name: '2 servers to review' }), 'import-preview')

    await page.getByRole('button', { name: 'Import 2 servers' }).click()
    // Nothing runs before the person answers the consent dialog.
    await consentDialog().waitFor()
    expect(children(fixtureServerPath)).toEqual([])
    // The dialog shows as soon as the first server waits; the list has both once the import is through.
    await expect.poll(async () => (await extensionsNow()).filter((view) => ['alpha', 'beta'].includes(view.id)).map((view) => [view.id, view.consent, view.status])).toEqual([
      ['alpha', 'pending', 'disabled'],
      ['beta', 'pending', 'disabled'],
    ])
    // The token went to the keychain; the extensions file holds only a reference.
    expect(await secretNamesNow()).toContain('extension:alpha:env:API_TOKEN')
    expect(await readFile(join(dataDir, 'extensions.json'), 'utf8')).not.toContain(token)

    await allowOnceInConsentDialog(page, 'alpha')
    await allowOnceInConsentDialog(page, 'beta')
    await consentDialog().waitFor({ state: 'detached' })
    const results = page.getByRole('region', { name: 'Import results' })
    for (const key of ['alpha', 'beta']) {
      await expect.poll(() => results.locator(`[data-result="${key}"] [data-status]`).getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    }
    expect(children(fixtureServerPath)).toHaveLength(2)
    expect(app.pageErrors).toEqual([])
  })

  it('flags a hostile install link (node -e, shell syntax) and starts nothing before consent', async () => {
    const code = `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"); process.exit(0)`
    const link = installLinkFor({ name: 'Hostile', command: 'node', args: ['-e', code] })
    await openInstallPage()
    await page.getByRole('tab', { name: 'Install link' }).click()
    await page.getByRole('textbox', { name: 'Install link' }).fill(link)
    await page.getByRole('button', { name: 'Check link' }).click()

    const sheet = page.getByTestId('install-sheet')
    await sheet.getByRole('heading', { name: 'Install “Hostile”?' }).waitFor()
    const warnings = sheet.getByRole('note', { name: 'Warnings' })
    await warnings.getByText('"node -e" runs code written inline', { exact: false }).waitFor()
    await warnings.getByText('contains shell syntax', { exact: false }).waitFor()
    expect(await sheet.getByRole('list', { name: 'Arguments' }).locator('code').allInnerTexts()).toEqual(['-e', code])
    await screenshotLightAndDark(sheet, 'install-link-hostile')
    expect(await extensionsNow().then((views) => views.some((view) => view.name === 'Hostile'))).toBe(false)

    // Install adds it stopped; the consent dialog shows the same warning and it has not run.
    await sheet.getByRole('button', { name: 'Install', exact: true }).click()
    const dialog = consentDialog()
    await dialog.getByRole('heading', { name: 'The extension “Hostile” asks to run on this computer' }).waitFor()
    await dialog.getByRole('note', { name: 'Warnings' }).getByText('runs code written inline', { exact: false }).waitFor()
    // The dialog and the extensions resource are announced apart: wait for the list to hold it.
    await expect.poll(async () => (await extensionsNow()).filter((view) => view.name === 'Hostile').map((view) => [view.consent, view.status])).toEqual([['pending', 'disabled']])
    const hostile = (await extensionsNow()).find((view) => view.name === 'Hostile') as ExtensionView
    expect(children('writeFileSync')).toEqual([])
    expect(existsSync(marker)).toBe(false)

    await dialog.getByRole('button', { name: 'Deny' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 2, name: 'Hostile' }).waitFor()
    await expect.poll(async () => (await extensionsNow()).filter((view) => view.id === hostile.id).map((view) => [view.consent, view.status])).toEqual([['denied', 'disabled']])
    expect(children('writeFileSync')).toEqual([])
    expect(existsSync(marker)).toBe(false)
    expect(app.pageErrors).toEqual([])
  })
})
