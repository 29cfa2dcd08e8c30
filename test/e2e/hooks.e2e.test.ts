/**
 * Settings → Hooks end to end through browser mode: the real host, the built renderer in headless
 * Chromium, the hook fixture server over stdio. Adding hooks with the tool picker (each approved in
 * the dialog), ordering them, turning one off and on, testing one on a sample payload, and importing
 * a Claude Code command hook (a real node script) that waits for approval of its command line.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HooksResourceSchema, HostResource } from '../../src/shared/hostApi'
import { addConsentedExtension, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshotLightAndDark, stopHostAndClean, withHostClient, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const hookServerPath = join(root, 'test/fixtures/servers/hookFixtureServer.mjs')
const claudeHookPath = join(root, 'test/fixtures/commandHooks/claudeHook.mjs')

let app: AppPage
let host: HostProcess
let dataDir: string
let page: Page

const hooksNow = () => withHostClient(host, async (client) => (await read(client, HostResource.hooks, HooksResourceSchema)).hooks)
const rows = () => page.getByRole('list', { name: 'Hooks in run order' }).getByRole('listitem')

async function addHook(name: string, event: string, tool: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a hook' })
  await form.getByRole('textbox', { name: 'Name' }).fill(name)
  await form.getByRole('combobox', { name: 'When' }).selectOption({ label: event })
  await form.getByRole('combobox', { name: 'Tool it calls' }).selectOption(tool)
  await form.getByRole('button', { name: 'Add hook' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: `Hook “${name}” asks to see` }).waitFor()
  await dialog.getByRole('button', { name: 'Approve hook' }).click()
  await dialog.waitFor({ state: 'detached' })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-hooks-'))
  host = await startHost(root, dataDir)
  await withHostClient(host, (client) => addConsentedExtension(client, { id: 'hk', name: 'Hook fixture', type: 'stdio', command: process.execPath, args: [hookServerPath] }))
  app = await openAppPage(host, { viewport: { width: 1180, height: 1100 } })
  page = app.page
}, 180_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Settings → Hooks (Electron stands in as headless Chromium)', () => {
  it('adds hooks with the tool picker, orders, turns off and on, tests on a sample, and imports a command hook', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Hooks' }).click()
    await page.getByRole('heading', { level: 2, name: 'Hooks' }).waitFor()
    await page.getByRole('combobox', { name: 'Tool it calls' }).locator('option', { hasText: 'Hook fixture' }).first().waitFor({ state: 'attached' })

    await addHook('Redact PII', 'Your message', 'hk__redact')
    await addHook('Shout', 'Your message', 'hk__shout')
    await expect.poll(async () => (await hooksNow()).map((hook) => [hook.name, hook.approved])).toEqual([
      ['Redact PII', true],
      ['Shout', true],
    ])

    // Order: Shout first.
    await page.getByRole('button', { name: 'Run Shout earlier' }).click()
    await expect.poll(async () => (await rows().locator('span.font-medium').allInnerTexts())).toEqual(['Shout', 'Redact PII'])
    expect((await hooksNow()).map((hook) => hook.name)).toEqual(['Shout', 'Redact PII'])

    // Off and on again.
    const redact = rows().filter({ hasText: 'Redact PII' })
    // The box follows the saved hook, so it is clicked and the saved state checked.
    await redact.getByRole('checkbox', { name: 'On' }).click()
    await expect.poll(async () => (await hooksNow()).find((hook) => hook.name === 'Redact PII')?.enabled).toBe(false)
    await expect.poll(() => redact.getByRole('checkbox', { name: 'On' }).isChecked()).toBe(false)
    await redact.getByRole('checkbox', { name: 'On' }).click()
    await expect.poll(async () => (await hooksNow()).find((hook) => hook.name === 'Redact PII')?.enabled).toBe(true)

    // Test on the sample payload: the result shows the decision and the redacted text.
    await redact.getByRole('button', { name: 'Test' }).click()
    await redact.getByRole('button', { name: 'Run on this sample' }).click()
    const result = redact.getByRole('status', { name: 'Test result' })
    await result.getByText('Mail [email] the plan', { exact: false }).waitFor()
    expect(await result.innerText()).toContain('Goes on')
    expect(await result.innerText()).toContain('removed e-mail addresses')

    // Import a Claude Code command hook: preview, import, approve its exact command line.
    const line = `"${process.execPath}" "${claudeHookPath}" deny`
    await page.getByRole('button', { name: 'Import command hooks…' }).click()
    const importer = page.getByRole('region', { name: 'Import command hooks' })
    await importer.getByRole('textbox').fill(JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'mcp__fx__.*', hooks: [{ type: 'command', command: line }] }], Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, null, 2))
    await importer.getByRole('button', { name: 'Preview pasted settings' }).click()
    const preview = importer.getByLabel('What will be imported')
    await preview.getByText(line).waitFor()
    await preview.getByText('Notification: Switchboard has no such step', { exact: false }).waitFor()
    await screenshotLightAndDark(page.getByRole('region', { name: 'Hooks', exact: true }), 'hooks-settings-import')
    await importer.getByRole('button', { name: 'Import 1 hook' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('region', { name: 'The command it runs' }).getByText(line).waitFor()
    await dialog.getByRole('button', { name: 'Approve hook' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await hooksNow()).map((hook) => [hook.event, hook.command?.line ?? hook.target, hook.approved])).toEqual([
      ['user-message', 'hk__shout', true],
      ['user-message', 'hk__redact', true],
      ['tool-call', line, true],
    ])
    await rows().filter({ hasText: 'PreToolUse' }).getByText(line).waitFor()
    await screenshotLightAndDark(page.getByRole('region', { name: 'Hooks', exact: true }), 'hooks-settings')
    expect(app.pageErrors).toEqual([])
  })
})
