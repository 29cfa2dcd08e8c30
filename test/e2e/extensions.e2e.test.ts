/**
 * Settings → Extensions end to end through browser mode: the real host (`npm run host`), the built
 * renderer in headless Chromium, and `@modelcontextprotocol/server-everything` over stdio, added by
 * hand. The consent dialog must show exactly what main will run; nothing starts before it is
 * answered. Only Electron is absent.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource } from '../../src/shared/hostApi'
import { addConsentedExtension, call, read } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, recordFrames, root, screenshot, screenshotLightAndDark, setColorScheme, stopHostAndClean, withHostClient, type AppPage } from './appPage'
import { hostChildren, startHost, type HostProcess } from './hostProcess'

const everythingPath = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const nodePath = process.execPath

let app: AppPage
let host: HostProcess
let dataDir: string
let page: Page
const received: string[] = []
const sent: string[] = []

const framesCalling = (tool: string) => sent.filter((frame) => frame.includes(`"name":"${tool}"`))

async function openExtensions(): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Extensions' }).click()
  await page.getByRole('heading', { level: 2, name: 'Extensions' }).waitFor()
}

/** server-everything children of this host (its process group), by their command line. */
const everythingChildren = () => hostChildren(host, everythingPath)

/** Removes every extension a test added; the built-in ones (System, App window) cannot be removed and stay. */
async function removeAddedExtensions(): Promise<void> {
  await withHostClient(host, async (client) => {
    const { extensions } = await read(client, HostResource.extensions, ExtensionsResourceSchema)
    for (const extension of extensions) if (!extension.builtIn) await call(client, 'extension_remove', { id: extension.id })
  })
}

/** The built-ins, the Assistant's extension included (it arrives once the agents' extensions are added after start). */
const BUILT_IN_NAMES = ['System', 'App window', 'Skills', 'Assistant']
const installedRows = () => page.getByRole('list', { name: 'Installed extensions' }).getByRole('listitem')
/** The list shows the built-in extensions and nothing else. */
async function onlyBuiltInsListed(): Promise<void> {
  await expect.poll(async () => (await installedRows().locator('button[title^="Show details of"]').allInnerTexts()).map((name) => name.trim())).toEqual(BUILT_IN_NAMES)
}

const addForm = () => page.getByRole('form', { name: 'Add extension' })
const consentDialog = () => page.getByRole('dialog')
const detailsHeader = () => page.getByRole('heading', { level: 2, name: 'Everything' })
const statusBadge = () => page.locator('header [data-status]').first()

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-extensions-'))
  host = await startHost(root, dataDir)
  app = await openAppPage(host, { beforeLoad: (page) => recordFrames(page, sent, received) })
  page = app.page
}, 180_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Settings → Extensions in browser mode (Electron stands in as headless Chromium)', () => {
  // Each test starts from the built-in extensions only, even when the one before failed half-way.
  beforeAll(removeAddedExtensions)
  afterEach(async () => {
    await removeAddedExtensions()
    await page.setViewportSize({ width: 1180, height: 900 })
    await setColorScheme(page, 'light')
  })

  it('checks the add form before sending, and shows the host’s own message when it refuses a config', async () => {
    await openExtensions()
    await onlyBuiltInsListed()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = addForm()
    await form.waitFor()

    // Nothing filled in: the form says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Add extension' }).click()
    await form.getByText('Give the extension a name.').waitFor()
    await form.getByText('Give the program to start', { exact: false }).waitFor()
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true')

    // The id follows the name until it is edited; a bad id is said at once.
    await form.getByLabel('Name', { exact: true }).fill('Ünïcode & Friends!')
    expect(await form.getByLabel('Id', { exact: true }).inputValue()).toBe('unicode-friends')
    await form.getByLabel('Id', { exact: true }).fill('Bad_Id')
    await form.getByText('Use lower-case letters, digits and "-"', { exact: false }).waitFor()
    await form.getByLabel('Id', { exact: true }).fill('')
    await form.getByLabel('Name', { exact: true }).fill('Hijack')
    expect(await form.getByLabel('Id', { exact: true }).inputValue()).toBe('hijack')

    // A variable the host refuses: its message, naming the field, comes back next to the form and the row.
    await form.getByLabel('Command').fill(nodePath)
    await form.getByRole('button', { name: 'Add variable' }).click()
    await form.getByLabel('Variable 1 name').fill('NODE_OPTIONS')
    await form.getByLabel('Variable 1 value').fill('--require=/tmp/evil.js')
    await form.getByRole('button', { name: 'Add extension' }).click()
    const refusal = form.getByRole('alert')
    await refusal.getByText('Switchboard did not add the extension:').waitFor()
    expect(await refusal.innerText()).toContain('env.NODE_OPTIONS')
    expect(await form.getByLabel('Variable 1 name').getAttribute('aria-describedby')).toBeTruthy()
    await form.locator('li').filter({ has: page.getByLabel('Variable 1 name') }).getByText('can change which program runs', { exact: false }).waitFor()
    await page.setViewportSize({ width: 1180, height: 1200 })
    await screenshot(page, 'extensions-add-refused.png')
    await page.setViewportSize({ width: 1180, height: 900 })
    expect(framesCalling('extension_add')).toHaveLength(1)

    await form.getByRole('button', { name: 'Cancel' }).click()
    await onlyBuiltInsListed()
  })

  it('lists the built-in extensions with what they do; they can be turned off, never removed', async () => {
    await openExtensions()
    await onlyBuiltInsListed()
    const system = installedRows().filter({ hasText: 'System' })
    await system.getByText('Tells the model about this computer', { exact: false }).waitFor()
    await system.getByText('Part of Switchboard', { exact: true }).waitFor()
    expect(await system.getByRole('button', { name: 'Remove System' }).count()).toBe(0)
    await installedRows().filter({ hasText: 'App window' }).getByText('draw charts', { exact: false }).waitFor()
    // An agent's extension too: removing it alone would take its chat-with tool from other agents and apps.
    const assistant = installedRows().filter({ hasText: 'chat-with-assistant' })
    await assistant.getByText('Part of Switchboard', { exact: true }).waitFor()
    await assistant.getByText('It comes and goes with the agent', { exact: false }).waitFor()
    expect(await assistant.getByRole('button', { name: 'Remove Assistant' }).count()).toBe(0)
    await screenshot(page.getByRole('list', { name: 'Installed extensions' }), 'extensions-built-in.png')

    // Through the host API too: removing is refused in words, turning off works.
    await withHostClient(host, async (client) => {
      const refused = await client.callTool({ name: 'extension_remove', arguments: { id: 'system' } })
      expect(refused.isError).toBe(true)
      expect(JSON.stringify(refused.content)).toContain('is built into Switchboard and cannot be removed')
    })
    await system.getByRole('switch', { name: 'Enable System' }).click()
    await expect.poll(() => system.getByRole('switch', { name: 'Enable System' }).getAttribute('aria-checked')).toBe('false')
    await system.getByRole('switch', { name: 'Enable System' }).click()
    await expect.poll(() => system.getByRole('switch', { name: 'Enable System' }).getAttribute('aria-checked')).toBe('true')

    // The details page says it too, with no Remove.
    await system.getByRole('button', { name: 'System', exact: true }).click()
    await page.getByRole('heading', { level: 2, name: 'System' }).waitFor()
    await page.getByText('Tells the model about this computer', { exact: false }).waitFor()
    expect(await page.getByRole('button', { name: 'Remove', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'All extensions' }).click()
  })

  it('switches a single tool off and on from the tool list: the off tool is listed apart and the row counts the tools on', async () => {
    await withHostClient(host, (client) =>
      addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: nodePath, args: [everythingPath], env: {} }, 'allow_always'),
    )
    await openExtensions()
    await installedRows().filter({ hasText: 'Everything' }).getByRole('button', { name: 'Everything', exact: true }).click()
    await detailsHeader().waitFor()
    await expect.poll(() => statusBadge().getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    const tools = page.getByRole('list', { name: 'Tools', exact: true })
    await tools.getByRole('heading', { name: 'echo', exact: true }).waitFor()
    const stored = async () => (await withHostClient(host, (client) => read(client, HostResource.extensions, ExtensionsResourceSchema))).extensions.find((extension) => extension.id === 'everything')
    const total = (await stored())!.toolCount
    await page.getByText('The “Never” permission instead keeps the tool offered', { exact: false }).waitFor()

    // The box follows the host: the tool moves to the other list once main switched it off.
    await tools.getByRole('checkbox', { name: 'echo on' }).click()
    const off = page.getByRole('list', { name: 'Tools switched off' })
    await off.getByRole('heading', { name: 'echo', exact: true }).waitFor()
    expect(await off.getByRole('checkbox', { name: 'echo on' }).isChecked()).toBe(false)
    await expect.poll(() => tools.getByRole('heading', { name: 'echo', exact: true }).count()).toBe(0)
    await page.getByText(`${total - 1} of ${total} tools on`, { exact: false }).first().waitFor()
    expect((await stored())?.config).toMatchObject({ tools: { deny: ['echo'] } })

    await page.getByRole('button', { name: 'All extensions' }).click()
    await installedRows().filter({ hasText: 'Everything' }).getByText(`${total - 1} of ${total} tools on`).waitFor()
    await installedRows().filter({ hasText: 'Everything' }).getByRole('button', { name: 'Everything', exact: true }).click()
    await page.getByRole('list', { name: 'Tools switched off' }).getByRole('checkbox', { name: 'echo on' }).click()
    await tools.getByRole('heading', { name: 'echo', exact: true }).waitFor()
    await expect.poll(() => page.getByRole('list', { name: 'Tools switched off' }).count()).toBe(0)
    expect(app.pageErrors).toEqual([])
  }, 90_000)

  it('edits an installed extension (every field, trust included); a change to what it launches asks again', async () => {
    await withHostClient(host, (client) =>
      addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: nodePath, args: [everythingPath], env: {} }, 'allow_always'),
    )
    await openExtensions()
    await installedRows().filter({ hasText: 'Everything' }).getByRole('button', { name: 'Everything', exact: true }).click()
    await detailsHeader().waitFor()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('form', { name: 'Edit Everything' })
    expect(await form.getByLabel('Command').inputValue()).toBe(nodePath)
    expect(await form.getByLabel('Id', { exact: true }).getAttribute('readonly')).not.toBeNull()

    // Only the name and trust: nothing it runs changed, so nothing is asked.
    await form.getByLabel('Name', { exact: true }).fill('Everything server')
    await form.getByLabel('Trust this extension').check()
    await form.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('heading', { level: 2, name: 'Everything server' }).waitFor()
    const stored = async () => (await withHostClient(host, (client) => read(client, HostResource.extensions, ExtensionsResourceSchema))).extensions.find((extension) => extension.id === 'everything')
    await expect.poll(async () => (await stored())?.trust).toBe('trusted')
    expect(await consentDialog().count()).toBe(0)

    // A new variable changes what it launches: the consent dialog asks again, with the change in it.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const again = page.getByRole('form', { name: 'Edit Everything server' })
    await again.getByRole('button', { name: 'Add variable' }).click()
    await again.getByLabel('Variable 1 name').fill('E2E_EDITED')
    await again.getByLabel('Variable 1 value').fill('yes')
    await screenshot(again, 'extensions-edit.png')
    await again.getByRole('button', { name: 'Save changes' }).click()
    const dialog = consentDialog()
    await dialog.getByText('E2E_EDITED', { exact: false }).first().waitFor()
    await screenshot(page, 'extensions-edit-consent.png')
    await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Allow once' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await stored())?.config.env).toEqual({ E2E_EDITED: 'yes' })
    await expect.poll(async () => (await stored())?.status, { timeout: 30_000 }).toBe('ready')
    expect(app.pageErrors).toEqual([])
  })

  it('shows underscores in the monospace fields (GITHUB_TOKEN is not GITHUB TOKEN)', async () => {
    await openExtensions()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = addForm()
    await form.waitFor()
    await form.getByRole('button', { name: 'Add variable' }).click()
    // The same field with an underscore and with a space in its place (both valid there): if the
    // line box clips the underscore, both pictures are the same.
    const picture = async (field: ReturnType<typeof form.getByLabel>, text: string) => {
      await field.fill(text)
      await page.evaluate('document.activeElement && document.activeElement.blur()')
      return field.screenshot({ animations: 'disabled', caret: 'hide' })
    }
    for (const [label, withUnderscore, withSpace] of [
      ['Variable 1 value', 'GITHUB_TOKEN', 'GITHUB TOKEN'],
      ['Command', 'node_modules', 'node modules'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true })
      expect((await picture(field, withUnderscore)).equals(await picture(field, withSpace)), `${label}: ${withUnderscore}`).toBe(false)
    }
    await form.getByLabel('Variable 1 name').fill('GITHUB_TOKEN')
    await form.getByLabel('Variable 1 value').fill('ghp_example_value')
    await form.getByLabel('Command').fill('./node_modules/.bin/server_github')
    await screenshot(form, 'extensions-underscores.png')
    await form.getByRole('button', { name: 'Cancel' }).click()
  })

  it('offers to split a whole command line pasted into Command, keeping quoted arguments whole', async () => {
    await openExtensions()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = addForm()
    await form.waitFor()
    const command = form.getByLabel('Command')
    await command.fill('npx -y @modelcontextprotocol/server-filesystem "/home/me/My Notes"')
    const split = form.getByRole('button', { name: 'Split into command and 3 arguments' })
    await split.waitFor()
    await screenshot(form, 'extensions-split-command.png')
    await split.click()
    expect(await command.inputValue()).toBe('npx')
    expect(await form.getByRole('textbox', { name: /^Arguments/ }).inputValue()).toBe('-y\n@modelcontextprotocol/server-filesystem\n/home/me/My Notes')
    await split.waitFor({ state: 'detached' })
    // A line only a shell would understand is left alone.
    await command.fill('node server.js | tee log.txt')
    expect(await form.getByRole('button', { name: /^Split into command/ }).count()).toBe(0)
    await form.getByRole('button', { name: 'Cancel' }).click()
  })

  it('adds server-everything by hand, asks before starting it, runs echo, turns it off and on, and shows its log', async () => {
    const canary = `canary-${randomUUID()}`
    // Answers given in the tests before do not count here.
    const answersBefore = framesCalling('elicitation_respond').length
    await openExtensions()
    await page.getByRole('button', { name: 'Add extension' }).click()
    const form = addForm()
    expect(await form.getByRole('radio', { name: 'Local program' }).isChecked()).toBe(true)
    await form.getByLabel('Name', { exact: true }).fill('Everything')
    expect(await form.getByLabel('Id', { exact: true }).inputValue()).toBe('everything')
    await form.getByLabel('Command').fill(nodePath)
    await form.getByRole('textbox', { name: 'Arguments (optional)' }).fill(`${everythingPath}\nstdio\n`)
    expect(await form.getByRole('list', { name: 'Arguments as the program gets them' }).getByRole('listitem').allInnerTexts()).toEqual([
      `1\n${everythingPath}`,
      '2\nstdio',
    ])
    // A secret variable: the value goes to the keychain, the config only names it.
    await form.getByRole('button', { name: 'Add variable' }).click()
    await form.getByLabel('Variable 1 name').fill('EVERYTHING_TOKEN')
    await form.getByLabel('Variable 1 is a secret').check()
    expect(await form.getByLabel('Variable 1 value').getAttribute('type')).toBe('password')
    await form.getByLabel('Variable 1 value').fill(canary)
    expect(await form.getByRole('checkbox', { name: 'Trust this extension' }).isChecked()).toBe(false)
    await screenshot(page, 'extensions-add.png')
    await form.getByRole('button', { name: 'Add extension' }).click()

    // The consent dialog, built from main's elicitation: the exact command and each argument.
    const dialog = consentDialog()
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy()
    await dialog.getByRole('heading', { name: 'The extension “Everything” asks to run on this computer' }).waitFor()
    expect(await dialog.getByTestId('consent-command').innerText()).toBe(nodePath)
    expect(await dialog.getByRole('list', { name: 'Arguments' }).locator('code').allInnerTexts()).toEqual([everythingPath, 'stdio'])
    await dialog.getByText('EVERYTHING_TOKEN', { exact: true }).waitFor()
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['Deny', 'Allow once', 'Allow and remember'])
    // Nothing runs yet; the list shows it waiting.
    expect(everythingChildren()).toEqual([])
    expect(framesCalling('secret_set').some((frame) => frame.includes(canary))).toBe(true)
    expect(framesCalling('extension_add').at(-1)).toContain('${secret:extension:everything:env:EVERYTHING_TOKEN}')
    expect(framesCalling('extension_add').at(-1)).not.toContain(canary)

    // Enter does not approve: the focus starts on the heading, not on a button.
    await page.keyboard.press('Enter')
    await page.waitForTimeout(700)
    expect(await dialog.isVisible()).toBe(true)
    expect(framesCalling('elicitation_respond')).toHaveLength(answersBefore)
    await screenshotLightAndDark(page, 'consent')

    // Escape denies; turning it on asks again.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await detailsHeader().waitFor()
    await expect.poll(() => statusBadge().innerText()).toBe('Not approved')
    expect(everythingChildren()).toEqual([])
    await page.getByRole('switch', { name: 'Enable Everything' }).click()
    await dialog.waitFor()
    // Tab reaches Deny first, then Allow once: Tab and Enter on a button is a deliberate choice.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Deny')
    await dialog.getByRole('button', { name: 'Allow and remember' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Ready, with its tools listed from the catalog.
    await expect.poll(() => statusBadge().getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    expect(await statusBadge().innerText()).toBe('Ready')
    expect(everythingChildren()).toHaveLength(1)
    const tools = page.getByRole('list', { name: 'Tools' })
    await tools.getByRole('heading', { name: 'echo', exact: true }).waitFor()
    const config = page.getByRole('region', { name: 'What it runs' })
    await config.getByText(nodePath, { exact: true }).waitFor()
    await config.getByText('EVERYTHING_TOKEN', { exact: false }).waitFor()
    await config.getByText('secret', { exact: true }).waitFor()

    // Run echo: arguments prefilled from the schema, checked as JSON before sending.
    await page.getByRole('button', { name: 'Run echo' }).click()
    const run = page.getByRole('form', { name: 'Run echo' })
    const argumentsField = run.getByLabel('Arguments (JSON)')
    expect(JSON.parse(await argumentsField.inputValue())).toEqual({ message: '' })
    const callsBefore = framesCalling('tool_call').length
    await argumentsField.fill('{"message": }')
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    await run.getByText('This is not valid JSON', { exact: false }).waitFor()
    expect(framesCalling('tool_call')).toHaveLength(callsBefore)
    await argumentsField.fill('{"message":"hello e2e"}')
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    const result = run.getByRole('region', { name: 'Result' })
    await result.getByText('Echo: hello e2e').waitFor()
    await result.getByText('Succeeded').waitFor()
    // A call the tool refuses (no message) is a result too, styled as failed, with the tool's own words.
    await argumentsField.fill('{}')
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    await result.getByText('Failed').waitFor()
    expect(await result.innerText()).toMatch(/message/i)
    await screenshot(run, 'extensions-run-failed.png')
    await argumentsField.fill('{"message":"hello e2e"}')
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    await result.getByText('Echo: hello e2e').waitFor()

    // Images and links to resources are shown as such.
    await page.getByRole('button', { name: 'Run get-tiny-image' }).click()
    const imageRun = page.getByRole('form', { name: 'Run get-tiny-image' })
    await imageRun.getByRole('button', { name: 'Run', exact: true }).click()
    await imageRun.getByRole('img', { name: /Image from the tool \(image\/png\)/ }).waitFor()
    // Decoded, not a broken image (the page's CSP allows data: images). The test project has no DOM types.
    await expect.poll(() => imageRun.getByRole('img').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)
    await screenshot(imageRun, 'extensions-run-image.png')
    await page.getByRole('button', { name: 'Hide get-tiny-image' }).click()
    await page.getByRole('button', { name: 'Run get-resource-links' }).click()
    const linksRun = page.getByRole('form', { name: 'Run get-resource-links' })
    await linksRun.getByRole('button', { name: 'Run', exact: true }).click()
    await linksRun.getByText('Link to a resource').first().waitFor()
    await screenshot(linksRun, 'extensions-run-links.png')
    await page.getByRole('button', { name: 'Hide get-resource-links' }).click()

    await page.setViewportSize({ width: 1180, height: 1240 }) // the whole page, result included
    await screenshotLightAndDark(page, 'extensions')
    await page.setViewportSize({ width: 1180, height: 900 })

    // Off and on again: the status follows, and the remembered approval is not asked again.
    await page.getByRole('switch', { name: 'Enable Everything' }).click()
    await expect.poll(() => statusBadge().getAttribute('data-status')).toBe('disabled')
    expect(await page.getByRole('switch', { name: 'Enable Everything' }).getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => everythingChildren().length).toBe(0)
    await page.getByRole('switch', { name: 'Enable Everything' }).click()
    await expect.poll(() => statusBadge().getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    expect(await consentDialog().count()).toBe(0)

    // The log: lifecycle lines of both starts, told apart from stderr and protocol lines.
    await page.getByRole('tab', { name: 'Log' }).click()
    const log = page.getByRole('log', { name: 'Extension log' })
    await expect.poll(async () => (await log.locator('[data-source="lifecycle"]').allInnerTexts()).filter((line) => line.includes('starting')).length).toBeGreaterThanOrEqual(2)
    await log.locator('[data-source="lifecycle"]').filter({ hasText: 'stopping' }).first().waitFor()
    await screenshotLightAndDark(page, 'extensions-log')

    // The list: a badge, the tool count and the switch.
    await page.getByRole('button', { name: 'All extensions' }).click()
    const row = page.getByRole('list', { name: 'Installed extensions' }).getByRole('listitem').filter({ hasText: 'Everything' })
    await row.getByText('Ready').waitFor()
    await row.getByText(/\d+ tools/).waitFor()
    await screenshotLightAndDark(page, 'extensions-list')

    // Remove asks first; Escape keeps it.
    await row.getByRole('button', { name: 'Remove Everything' }).click()
    const confirm = page.getByRole('group', { name: 'Remove Everything?' })
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    await row.getByRole('button', { name: 'Remove Everything' }).click()
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
    await onlyBuiltInsListed()
    await expect.poll(() => everythingChildren().length).toBe(0)

    // The secret value never came back to the page.
    expect((await page.content()).includes(canary)).toBe(false)
    expect(received.filter((frame) => frame.includes(canary))).toEqual([])
    expect(app.pageErrors).toEqual([])
  }, 120_000)

  it('shows several pending approvals one at a time with a count, warnings first, and a server’s URL and header names', async () => {
    const other = await connectHostClient(host, 'e2e-second-window')
    try {
      await openExtensions()
      await onlyBuiltInsListed()
      await call(other, 'extension_add', {
        config: { id: 'inline', name: 'Inline code', type: 'stdio', command: nodePath, args: ['-e', 'require("node:http").createServer().listen(0)'], env: {} },
      })
      await call(other, 'extension_add', {
        config: {
          id: 'remote',
          name: 'Remote docs',
          type: 'streamable-http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: '${secret:extension:remote:header:Authorization}', 'X-Team': 'docs' },
        },
      })

      // Oldest first, with a count; the warning about inline code is there to read before anything else.
      const dialog = consentDialog()
      await dialog.getByRole('heading', { name: 'The extension “Inline code” asks to run on this computer' }).waitFor()
      await dialog.getByText('Request 1 of 2').waitFor()
      const warnings = dialog.getByRole('note', { name: 'Warnings' })
      await warnings.getByText('runs code written inline', { exact: false }).waitFor()
      expect(await dialog.getByRole('list', { name: 'Arguments' }).locator('code').allInnerTexts()).toEqual(['-e', 'require("node:http").createServer().listen(0)'])
      // Focus stays inside: Shift+Tab from the heading goes to the last button (once the allow buttons are armed).
      await expect.poll(() => dialog.getByRole('button', { name: 'Allow and remember' }).isEnabled()).toBe(true)
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Allow and remember')
      await screenshotLightAndDark(page, 'consent-warnings')
      await dialog.getByRole('button', { name: 'Deny' }).click()

      // The next one: a server on the network shows its URL and header names, never header values.
      await dialog.getByRole('heading', { name: 'The extension “Remote docs” asks to connect to its server' }).waitFor()
      await dialog.getByText('https://mcp.example.com/mcp', { exact: true }).waitFor()
      // The count goes on through the batch: 2 of 2, not "1 of 1" or nothing.
      await dialog.getByText('Request 2 of 2').waitFor()
      await dialog.getByText('Authorization', { exact: true }).waitFor()
      await dialog.getByText('X-Team', { exact: true }).waitFor()
      expect(await dialog.innerText()).not.toContain('${secret:')
      await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
      await screenshot(page, 'consent-http.png')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })

      // Both stay off, marked as not approved; nothing was started.
      const rows = installedRows()
      await expect.poll(() => rows.count()).toBe(BUILT_IN_NAMES.length + 2)
      for (const name of ['Inline code', 'Remote docs']) {
        const row = rows.filter({ hasText: name })
        await row.getByText('Not approved').waitFor()
        expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false')
      }
      await screenshot(page, 'extensions-denied.png')
      const responses = framesCalling('elicitation_respond').slice(-2).map((frame) => JSON.parse(frame) as { params: { arguments: unknown } })
      expect(responses.map((frame) => frame.params.arguments)).toEqual([
        { id: expect.any(String), action: 'decline', content: { decision: 'deny' } },
        { id: expect.any(String), action: 'cancel', content: { decision: 'deny' } },
      ])

      await call(other, 'extension_remove', { id: 'inline' })
      await call(other, 'extension_remove', { id: 'remote' })
      await onlyBuiltInsListed()
      expect(app.pageErrors).toEqual([])
    } finally {
      await other.close()
    }
  })
})
