/**
 * Settings → Extensions → Install → Bundle, end to end through browser mode: the real host
 * (`npm run host`), the built renderer in headless Chromium, and an .mcpb bundle built here with
 * yazl (a dependency-free stdio MCP server). The file is uploaded from the page, the install sheet
 * and the generated settings form are checked, the consent dialog is approved, and the extension
 * comes up ready with the settings it was given. Only Electron (and its file dialog) is absent.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource } from '../../src/shared/hostApi'
import { fixtureBundle, fixtureManifest } from '../main/extensions/bundles/bundleFixtures'
import { read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot as shoot, stopHostAndClean, withHostClient, type AppPage } from './appPage'
import { hostChildren, startHost, type HostProcess } from './hostProcess'

const apiKey = `sk-bundle-${'Qw3Er5Ty7U'.repeat(3)}`

let app: AppPage
let host: HostProcess
let dataDir: string
let files: string
let bundlePath: string
let page: Page
let pageErrors: string[]

/** Processes of this host's group (its extensions) whose command line contains `text`. */
const children = (text: string) => hostChildren(host, text)

const extensionsNow = () =>
  withHostClient(host, async (client) => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions)

async function callTool(name: string, args: Record<string, unknown>): Promise<string> {
  return withHostClient(host, async (client) => {
    const result = await client.callTool({ name: 'tool_call', arguments: { name, arguments: args } })
    return (result.content as { text: string }[])[0]!.text
  })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-bundle-'))
  files = await mkdtemp(join(tmpdir(), 'switchboard-e2e-bundle-files-'))
  const manifest = fixtureManifest({
    privacy_policies: ['https://example.com/privacy'],
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: { command: 'node', args: ['${__dirname}/server/index.js', '--root', '${user_config.root}', '${user_config.tags}'], env: { FIXTURE_TOKEN: '${user_config.api_key}' } },
    },
    user_config: {
      api_key: { type: 'string', title: 'API key', sensitive: true, required: true },
      root: { type: 'directory', title: 'Root folder', required: true },
      tags: { type: 'string', title: 'Tags', multiple: true },
    },
  })
  bundlePath = join(files, 'fixture.mcpb')
  await writeFile(bundlePath, await fixtureBundle(manifest))
  host = await startHost(root, dataDir)
  app = await openAppPage(host, { viewport: { width: 1180, height: 1100 } })
  page = app.page
  pageErrors = app.pageErrors
}, 180_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir, files])
}, 60_000)

describe('installing an .mcpb bundle (Electron stands in as headless Chromium)', () => {
  it('uploads a bundle, shows its sheet, takes its settings, asks for consent, and comes up ready', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
    await page.getByRole('button', { name: 'Install extension' }).click()
    await page.getByRole('heading', { level: 2, name: 'Install an extension' }).waitFor()
    await page.getByRole('tab', { name: 'Bundle' }).click()

    // Dropped onto the drop zone (the upload input, or "Choose file…" with the system dialog in the
    // app, are the keyboard's way; the flow after the file is the same).
    const bytes = (await readFile(bundlePath)).toString('base64')
    const dropped = await page.evaluateHandle(`(() => {
      const data = new DataTransfer()
      const bytes = Uint8Array.from(atob(${JSON.stringify(bytes)}), (c) => c.charCodeAt(0))
      data.items.add(new File([bytes], 'fixture.mcpb', { type: 'application/zip' }))
      return data
    })()`)
    const zone = page.getByRole('group', { name: 'Drop a bundle file here' })
    await zone.dispatchEvent('dragover', { dataTransfer: dropped })
    await zone.dispatchEvent('drop', { dataTransfer: dropped })
    const sheet = page.getByRole('region', { name: /Fixture Bundle/ })
    await sheet.waitFor()
    await sheet.getByText('Unsigned').waitFor()
    await sheet.getByText('by Test Author').waitFor()
    await sheet.getByText('show_launch').waitFor()
    await sheet.getByRole('link', { name: 'https://example.com/privacy' }).waitFor()

    // The generated form: a password field for the sensitive key, a path, a list.
    const key = page.getByLabel('API key', { exact: true })
    expect(await key.getAttribute('type')).toBe('password')
    await key.fill(apiKey)
    await page.getByLabel('Root folder', { exact: true }).fill(files)
    await page.getByLabel('Tags 1', { exact: true }).fill('alpha')
    await page.getByRole('button', { name: 'Add another' }).click()
    await page.getByLabel('Tags 2', { exact: true }).fill('beta')
    await shoot(page.getByRole('tabpanel', { name: 'Bundle' }), 'bundle-install-sheet.png')

    await page.getByRole('button', { name: 'Install', exact: true }).click()
    // Nothing runs before the person answers the consent dialog.
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'The extension “Fixture Bundle” asks to run on this computer' }).waitFor()
    expect(children('server/index.js')).toEqual([])
    await shoot(dialog, 'bundle-consent.png')
    await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Allow once' }).click()
    await dialog.waitFor({ state: 'detached' })

    await expect.poll(async () => (await extensionsNow()).find((view) => view.id === 'fixture-bundle')?.status, { timeout: 30_000 }).toBe('ready')
    await page.getByText('Ready').first().waitFor()
    await shoot(page, 'bundle-ready.png')

    // It runs with the settings from the form; the key reached it from the keychain, not from a file.
    await expect.poll(async () => (await callTool('fixture-bundle__show_launch', {})).startsWith('{'), { timeout: 10_000 }).toBe(true)
    const launch = JSON.parse(await callTool('fixture-bundle__show_launch', {})) as { argv: string[]; env: Record<string, string> }
    expect(launch.argv).toEqual(['--root', files, 'alpha', 'beta'])
    expect(launch.env.FIXTURE_TOKEN).toBe(apiKey)
    expect(await readFile(join(dataDir, 'extensions.json'), 'utf8')).not.toContain(apiKey)
    expect(await readFile(join(dataDir, 'extensions', 'bundles.json'), 'utf8')).not.toContain(apiKey)
    expect(pageErrors).toEqual([])
  })
})
