/**
 * Managed policy end to end: the built renderer in headless Chromium against a host pointed at a
 * policy file of this test's own. The host runs in this process (createHost's `policyPath` is the
 * only way to move the file; `npm run host` deliberately has no flag for it), served by the same
 * browser-mode server `npm run host` uses. Managed controls are disabled and marked "Set by your
 * organisation", the host refuses the same changes with the same words, and the banner follows the
 * file as it breaks, gates the version and is fixed, without a reload.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserServer, type BrowserServer } from '../../src/main/host/web/browserServer'
import { MANAGED_LABEL } from '../../src/shared/hostApi'
import { startTestHost, type TestHost } from '../helpers/testHost'
import { tempDir } from '../helpers/tempDir'
import { connectHostClient, openAppPage, root, screenshot, type AppPage } from './appPage'
import { addConsentedExtension, poll, read } from '../helpers/hostCalls'
import { ExtensionsResourceSchema, HostResource, PolicyResourceSchema } from '../../src/shared/hostApi'
import type { HostProcess } from './hostProcess'
import type { Client } from '@modelcontextprotocol/client'

let folder: { path: string; remove: () => Promise<void> }
let policyFile: string
let h: TestHost
let server: BrowserServer
let app: AppPage
let page: Page
let other: Client

const writePolicy = (value: unknown) => writeFile(policyFile, typeof value === 'string' ? value : JSON.stringify(value))

beforeAll(async () => {
  folder = await tempDir('switchboard-e2e-policy-')
  policyFile = join(folder.path, 'managed', 'policy.json')
  await mkdir(join(folder.path, 'managed'))
  await writePolicy({ permissions: { leastStrictMode: 'ask' }, connectedApps: { enabled: false }, extensions: { allowedSources: ['registry'] } })
  h = await startTestHost(join(folder.path, 'data'), { policyPath: policyFile })
  server = await startBrowserServer({ host: h.host, rendererDir: join(root, 'out/renderer') })
  // openAppPage and connectHostClient need only the address and token of the host they talk to.
  const shown = { info: { url: server.url, mcp: server.mcp, token: server.token }, pid: -1, stop: async () => undefined } satisfies HostProcess
  other = await connectHostClient(shown, 'e2e-policy-second-window')
  app = await openAppPage(shown)
  page = app.page
}, 120_000)

afterAll(async () => {
  await other?.close()
  await app?.close()
  await server?.close()
  await h?.stop()
  await folder?.remove()
}, 60_000)

async function openSettings(tab: string): Promise<void> {
  if (!(await page.getByRole('tab', { name: tab }).isVisible())) await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: tab }).click()
}

async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await other.callTool({ name, arguments: args })
  expect(result.isError).toBe(true)
  return (result.content as { text: string }[])[0]!.text
}

describe('managed policy in the window (Electron stands in as headless Chromium)', () => {
  it('permission modes below the floor are disabled and marked; the host refuses them in the same words', async () => {
    await openSettings('Permissions')
    await page.getByRole('heading', { level: 2, name: 'Permissions' }).waitFor()
    await page.getByText(`${MANAGED_LABEL}`, { exact: true }).first().waitFor()
    await expect.poll(() => page.getByRole('radio', { name: 'Autonomous' }).isDisabled()).toBe(true)
    expect(await page.getByRole('radio', { name: 'Smart' }).isDisabled()).toBe(true)
    expect(await page.getByRole('radio', { name: 'Ask' }).isDisabled()).toBe(false)
    // The mode in force is the floor, checked in the window.
    expect(await page.getByRole('radio', { name: 'Ask' }).isChecked()).toBe(true)
    expect(await refusal('permission_mode_set', { mode: 'smart' })).toMatch(new RegExp(`^${MANAGED_LABEL}: `))
    await screenshot(page, 'policy-permissions.png')
  })

  it('the connected-apps switch is off, disabled and marked; the host refuses turning it on', async () => {
    await openSettings('Connected apps')
    await page.getByRole('heading', { level: 2, name: 'Connected apps' }).waitFor()
    const toggle = page.getByRole('switch', { name: 'Serve connected apps' })
    await expect.poll(() => toggle.isDisabled()).toBe(true)
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await page.getByText('connected apps are turned off.').waitFor()
    expect(await refusal('connected_apps_set_enabled', { enabled: true })).toMatch(new RegExp(`^${MANAGED_LABEL}: connected apps are turned off`))
  })

  it('the install page names the limits and says a refused way is not allowed', async () => {
    await openSettings('Extensions')
    await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
    await page.getByRole('button', { name: 'Install extension' }).click()
    await page.getByRole('heading', { level: 2, name: 'Install an extension' }).waitFor()
    await page.getByText('Installs only from: registry.').waitFor()
    await page.getByRole('tab', { name: 'By hand' }).click()
    await page.getByText('installing this way is not allowed on this computer.').waitFor()
    expect(await page.getByRole('tabpanel', { name: 'By hand' }).getByText(MANAGED_LABEL).isVisible()).toBe(true)
    expect(await refusal('extension_add', { config: { id: 'by-hand', name: 'By hand', type: 'stdio', command: 'uvx', args: ['x'] } })).toMatch(new RegExp(`^${MANAGED_LABEL}: `))
    await page.getByRole('tab', { name: 'Registry' }).click()
    expect(await page.getByText('installing this way is not allowed on this computer.').count()).toBe(0)
  })

  it('an installed extension the changed policy blocks stops, and its row says why', async () => {
    await writePolicy({})
    await poll(() => read(other, HostResource.policy, PolicyResourceSchema), (view) => !view.managed.extensions, 'the lifted policy')
    await addConsentedExtension(other, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [join(root, 'test/fixtures/servers/fixtureServer.mjs')], env: {} })
    const status = async () => (await read(other, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === 'fixture')?.status
    await poll(status, (value) => value === 'ready', 'the fixture to be ready', 30_000)
    await writePolicy({ extensions: { blockedServers: [{ args: '*fixtureServer.mjs' }] } })
    await openSettings('Extensions')
    await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
    const row = page.getByRole('list', { name: 'Installed extensions' }).getByRole('listitem').filter({ hasText: 'Fixture' })
    await row.getByText(`${MANAGED_LABEL}: “Fixture” matches a server your organisation blocks`, { exact: false }).waitFor()
    expect(await status()).toBe('error')
    await screenshot(page, 'policy-extension-blocked.png')
  })

  it('the banner follows the file: unreadable (path and error), then the version gate with its update action, then gone', async () => {
    await writePolicy('{ "permissions": ')
    const banner = page.getByRole('alert').filter({ hasText: 'policy file cannot be read' })
    await banner.waitFor()
    expect(await banner.textContent()).toContain(policyFile)
    expect(await banner.textContent()).toContain('It is not valid JSON')
    await screenshot(page, 'policy-unreadable.png')

    await writePolicy({ minimumVersion: '99.0.0' })
    const gate = page.getByRole('alert').filter({ hasText: 'Your organisation requires version 99.0.0 or later' })
    await gate.waitFor()
    expect(await gate.getByRole('button', { name: 'Update Switchboard' }).isVisible()).toBe(true)
    // Settings stay readable under the gate.
    await openSettings('Permissions')
    await page.getByRole('heading', { level: 2, name: 'Permissions' }).waitFor()
    expect(await refusal('chat_send', { text: 'hello' })).toContain('Your organisation requires version 99.0.0 or later')
    await screenshot(page, 'policy-version-gate.png')

    await writePolicy({})
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Your organisation' }).count(), { timeout: 10_000 }).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})
