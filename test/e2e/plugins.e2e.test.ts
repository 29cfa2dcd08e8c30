/**
 * Settings → Plugins end to end through browser mode: the real host (`npm run host`, its home a
 * scratch folder) and the built renderer in headless Chromium. Keyboard only: the person types the
 * fixture plugin's folder, previews it, reads the one consent screen (the server's exact launch and
 * env names, the hook's command line, agent, skill, command, what is not mapped), installs, sees what
 * it added, turns it off, and uninstalls; the host API agrees at each step.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, HostResource, PLUGINS_URI, PluginsResourceSchema } from '../../src/shared/hostApi'
import { call, poll, read } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, root, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

let app: AppPage
let host: HostProcess
let dataDir: string
let home: string
let page: Page
let observer: Client
const FIXTURE = join(root, 'test/fixtures/plugins/team-tools')

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-plugins-'))
  home = await mkdtemp(join(tmpdir(), 'switchboard-e2e-plugins-home-'))
  host = await startHost(root, dataDir, 120_000, { HOME: home, USERPROFILE: home })
  observer = await connectHostClient(host, 'e2e-observer')
  app = await openAppPage(host)
  page = app.page
}, 180_000)

afterAll(async () => {
  await observer?.close()
  await app?.close()
  await stopHostAndClean(host, [dataDir, home])
}, 60_000)

describe('Settings → Plugins in browser mode', () => {
  it('previews a plugin folder on one consent screen, installs it, turns it off and uninstalls it, by keyboard', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Plugins' }).click()
    await page.getByText('No plugins installed.').waitFor()

    const field = page.getByRole('textbox', { name: 'Plugin folder, .zip or marketplace URL' })
    await field.focus()
    await page.keyboard.type(FIXTURE)
    await page.keyboard.press('Tab') // Folder…
    await page.keyboard.press('Tab') // .zip…
    await page.keyboard.press('Tab') // Preview
    await page.keyboard.press('Enter')

    const sheet = page.getByRole('region', { name: 'Install team-tools' })
    await sheet.waitFor()
    const installDir = join(dataDir, 'plugins', 'team-tools')
    const text = await sheet.innerText()
    expect(text).toContain(`node ${installDir}/servers/notes.mjs --root ${installDir}`)
    expect(text).toContain('env NOTES_TOKEN, NOTES_MODE')
    expect(text).toContain('extension:team-notes:NOTES_TOKEN')
    expect(text).toContain(`UserPromptSubmit: node "${installDir}/scripts/team-context.cjs"`)
    expect(text).toContain('reviewer')
    expect(text).toContain('team-style')
    expect(text).toContain('/standup')
    expect(text).toMatch(/Notification: Switchboard has no such step/)

    await sheet.getByRole('button', { name: 'Install' }).press('Enter')
    await page.getByRole('status').getByText(/Installed team-tools/).waitFor()
    const installed = page.getByRole('list', { name: 'Installed plugins' })
    await expect.poll(() => installed.getByText(/extension team-notes, agent reviewer, hook UserPromptSubmit/).isVisible()).toBe(true)
    await poll(() => read(observer, PLUGINS_URI, PluginsResourceSchema), (view) => view.plugins[0]?.name === 'team-tools', 'the plugin to be installed')

    // The server's start consent and the hook's approval come up as dialogs; the person says not now.
    const pending = await poll(() => read(observer, HostResource.elicitations, ElicitationsResourceSchema), (view) => view.elicitations.length === 2, 'the server consent and hook approval')
    expect(pending.elicitations.map((item) => (item.kind === 'approval' ? item.subject.type : item.kind)).sort()).toEqual(['extension-start', 'hook'])
    for (const item of pending.elicitations) await call(observer, 'elicitation_respond', { id: item.id, action: 'decline' })
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    await installed.getByRole('button', { name: 'Turn off' }).press('Enter')
    await poll(() => read(observer, PLUGINS_URI, PluginsResourceSchema), (view) => view.plugins[0]?.enabled === false, 'the plugin to be off')

    // No question comes back: the declined hook runs neither way.
    expect(await page.getByRole('dialog').count()).toBe(0)
    await installed.getByRole('button', { name: 'Uninstall…' }).press('Enter')
    // The confirm step says what goes; Cancel has the focus, so a stray Enter removes nothing.
    const confirm = page.getByRole('group', { name: 'Uninstall team-tools?' })
    await expect.poll(() => confirm.innerText()).toContain('Removes extension team-notes, agent reviewer, hook UserPromptSubmit')
    expect(await confirm.innerText()).toContain('skill team-style, command /standup, secret extension:team-notes:NOTES_TOKEN, and its folder.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await poll(() => read(observer, PLUGINS_URI, PluginsResourceSchema), (view) => view.plugins.length === 0, 'the plugin to be gone')
    await page.getByText('No plugins installed.').waitFor()
  })
})
