/**
 * Prompts as slash commands and resources as attachments, end to end through browser mode: the
 * real host (`npm run host`), the built renderer in headless Chromium, server-everything over stdio
 * (its `completable-prompt` and its dynamic text resources), and the scripted model server as the
 * provider, which records what the model was sent. Only Electron is absent.
 */
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, ToolsResourceSchema } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const everythingPath = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const INSERTED = 'Please promote Alice to the head of the Engineering team.'

let world: ChatWorld | undefined
let models: ScriptedModelServer | undefined
let app: AppPage
let page: Page
let client: Client | undefined

const messageBox = () => page.getByRole('textbox', { name: 'Message' })

beforeAll(async () => {
  // Setup through the host API (the other e2e tests cover these screens).
  world = await startChatWorld('slash', {
    turns: [
      { type: 'text', chunks: ['Done: ', 'Alice leads Engineering.'] },
      { type: 'tool-calls', text: ['Here are some links.'], calls: [{ name: 'everything__get-resource-links', args: { count: 2 } }] },
      { type: 'text', chunks: ['Two resources, linked above.'] },
    ],
  }, { alwaysOffer: ['everything__get-resource-links'] })
  models = world.models
  client = world.client
  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(() => read(client!, HostResource.tools, ToolsResourceSchema), (tools) => tools.prompts.some((p) => p.promptName === 'completable-prompt'), 'the prompts of server-everything', 30_000)
  // The model's call of get-resource-links below runs without a dialog.
  await call(client, 'permission_set', { tool: 'everything__get-resource-links', policy: 'always' })

  // Generous timeout: the machines running these tests are often busy.
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 30_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Slash commands and attachments in browser mode (Electron stands in as headless Chromium)', () => {
  it('inserts a completable prompt picked with the keyboard, attaches a resource from the browser, and the model gets both', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await expect.poll(() => messageBox().isEnabled()).toBe(true)
    await messageBox().click()

    // `/` opens the menu of every extension's prompts; typing filters it.
    await page.keyboard.type('/')
    const menu = page.getByRole('listbox', { name: 'Prompts' })
    await menu.getByRole('option', { name: /\/everything\.simple-prompt/ }).waitFor()
    await page.keyboard.type('compl')
    await expect.poll(() => menu.getByRole('option').count()).toBe(1)
    const option = menu.getByRole('option', { name: /\/everything\.completable-prompt/ })
    expect(await option.getAttribute('aria-selected')).toBe('true')
    expect(await option.innerText()).toContain('First argument choice narrows values for second argument.')
    await screenshot(page, 'slash-menu.png')
    // Escape closes the menu and keeps the text; ↓ then does nothing special, Backspace+type opens it again.
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await messageBox().inputValue()).toBe('/compl')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('l')
    await option.waitFor()
    await page.keyboard.press('Enter')

    // The prompt has arguments: a small form with completion/complete suggestions.
    const form = page.getByRole('form', { name: 'Arguments of /everything.completable-prompt' })
    await form.waitFor()
    const department = form.getByRole('combobox', { name: 'department' })
    // The test project has no DOM types: the focused element is asked for by its id.
    const departmentId = await department.getAttribute('id')
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(departmentId)
    await page.keyboard.type('Eng')
    const departments = form.getByRole('listbox', { name: 'Suggestions for department' })
    await departments.getByRole('option', { name: 'Engineering' }).waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    expect(await department.inputValue()).toBe('Engineering')
    // The second argument's suggestions depend on the first (sent as context).
    await form.getByRole('combobox', { name: 'name' }).click()
    const names = form.getByRole('listbox', { name: 'Suggestions for name' })
    await names.getByRole('option', { name: 'Alice' }).waitFor()
    expect(await names.getByRole('option').allInnerTexts()).toEqual(['Alice', 'Bob', 'Charlie'])
    await screenshot(page, 'slash-prompt-form.png')
    await names.getByRole('option', { name: 'Alice' }).click()
    expect(await form.getByRole('combobox', { name: 'name' }).inputValue()).toBe('Alice')
    await form.getByRole('button', { name: 'Insert' }).click()
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => messageBox().inputValue()).toBe(INSERTED)

    // Attach a resource from the extension's resource browser (a template filled in there).
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Everything', exact: true }).click()
    await page.getByRole('tab', { name: /Resources/ }).click()
    const template = page.getByRole('form', { name: 'Template Dynamic Text Resource' })
    await template.getByRole('combobox', { name: 'resourceId' }).fill('3')
    await template.getByRole('button', { name: 'Open' }).click()
    const preview = page.getByRole('region', { name: 'Preview of demo://resource/dynamic/text/3' })
    await preview.getByText('Resource 3: This is a plaintext resource', { exact: false }).waitFor()
    await screenshot(page, 'resource-browser.png')
    await preview.getByRole('button', { name: 'Attach to message' }).click()
    await preview.getByText('Attached to the open conversation.').waitFor()
    await preview.getByRole('button', { name: 'Go to the conversation' }).click()

    // Back in the conversation: the draft is still there, with the resource as a chip; send both.
    const chips = page.getByRole('list', { name: 'Attached resources' })
    await chips.getByText('demo://resource/dynamic/text/3').waitFor()
    expect(await messageBox().inputValue()).toBe(INSERTED)
    await messageBox().click()
    await page.keyboard.press('Enter')
    await page.getByRole('article', { name: 'Assistant' }).getByText('Alice leads Engineering.').waitFor()
    // The chip stays: the resource remains attached for the next message.
    await chips.getByText('demo://resource/dynamic/text/3').waitFor()

    const sent = JSON.stringify(models!.modelRequests.at(-1)?.body)
    expect(sent).toContain(INSERTED)
    expect(sent).toContain('[Attached resource demo://resource/dynamic/text/3 from extension \\"everything\\"]')
    expect(sent).toContain('Resource 3: This is a plaintext resource created at')
    expect(app.pageErrors).toEqual([])
  })

  it('shows the resource links of a tool result as items that open a preview of the resource', async () => {
    await messageBox().fill('Give me links')
    // Send is offered once the previous reply has fully moved into the history.
    await expect.poll(() => page.getByRole('button', { name: 'Send', exact: true }).isEnabled()).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => messageBox().inputValue()).toBe('')
    await page.getByRole('article', { name: 'Assistant' }).getByText('Two resources, linked above.').waitFor()
    const card = page.getByRole('region', { name: /^Tool call: / })
    await card.getByRole('button', { expanded: false }).click()
    await card.getByText('Text Resource 2').waitFor()
    await card.getByText('Blob Resource 1').waitFor()
    await card.getByRole('button', { name: 'Open' }).nth(1).click()
    const dialog = page.getByRole('dialog', { name: 'Text Resource 2' })
    await dialog.getByText('Resource 2: This is a plaintext resource', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Attach to message' }).waitFor()
    await screenshot(page, 'resource-link-dialog.png')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // A blob resource is described by size and type, not dumped as base64.
    await card.getByRole('button', { name: 'Open' }).first().click()
    const blob = page.getByRole('dialog', { name: 'Blob Resource 1' })
    await blob.getByText(/Binary data: text\/plain, \d+ B\./).waitFor()
    await blob.getByRole('button', { name: 'Close' }).click()
    await blob.waitFor({ state: 'detached' })
    expect(app.pageErrors).toEqual([])
  })
})
