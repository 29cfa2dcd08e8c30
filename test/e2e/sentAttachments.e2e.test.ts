/**
 * Attachments listed under a sent message, and resources in the result of a tool run by hand, end
 * to end in browser mode: the real host, the built renderer in headless Chromium, server-everything
 * over stdio and the scripted model server. A chip under the message opens the resource while its
 * extension is installed and only describes it once the extension is gone.
 */
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HistoryResourceSchema, HostResource, ToolsResourceSchema, historyUri } from '../../src/shared/hostApi'
import { addConsentedExtension, call, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const everythingPath = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const MESSAGE = 'What does the attached text say?'

let world: ChatWorld | undefined
let app: AppPage
let page: Page
let client: Client | undefined

beforeAll(async () => {
  world = await startChatWorld('sent-attachments', { turns: [{ type: 'text', chunks: ['It is a plaintext resource.'] }] })
  client = world.client
  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(() => read(client!, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.some((t) => t.name === 'everything__get-resource-links'), 'the tools of server-everything', 30_000)
  // The conversation is made through the host API (the composer's chips are covered by slashCommands.e2e).
  const attachments = [{ extensionId: 'everything', uri: 'demo://resource/dynamic/text/1', name: 'Text 1' }]
  const { sessionId } = (await call(client, 'chat_send', { text: MESSAGE, attachments })).structuredContent as { sessionId: string }
  await poll(() => read(client!, historyUri(sessionId), HistoryResourceSchema), (history) => history.messages.length === 2, 'the reply', 30_000)

  // Generous timeout: the machines running these tests are often busy.
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 30_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('resources attached to sent messages, and in a tool run by hand', () => {
  it('opens the links of a tool run from the extension page as resource items', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Everything', exact: true }).click()
    await page.getByRole('button', { name: 'Run get-resource-links' }).click()
    const form = page.getByRole('form', { name: 'Run get-resource-links' })
    await form.getByRole('button', { name: 'Run', exact: true }).click()
    const result = form.getByRole('region', { name: 'Result' })
    await result.getByText('Text Resource 2').waitFor()
    // Three links by default: Blob Resource 1, Text Resource 2, Blob Resource 3.
    await result.getByRole('button', { name: 'Open' }).nth(1).click()
    const dialog = page.getByRole('dialog', { name: 'Text Resource 2' })
    await dialog.getByText('Resource 2: This is a plaintext resource', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Attach to message' }).waitFor()
    await screenshot(page, 'run-tool-resource-dialog.png')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(app.pageErrors).toEqual([])
  }, 120_000)

  it('lists the attachments under the sent message; a chip opens the resource, and only describes it once the extension is removed', async () => {
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: MESSAGE, exact: true }).click()
    const user = page.getByRole('article', { name: 'You' }).filter({ hasText: MESSAGE })
    const chips = user.getByRole('list', { name: 'Resources attached to this message' })
    const chip = chips.getByRole('button', { name: 'Open attached resource Text 1' })
    // Where the content came from first (issue 37: the hover names the source), then what it was and what the model got.
    expect(await chip.getAttribute('title')).toMatch(/^From Everything\. demo:\/\/resource\/dynamic\/text\/1 from everything: the model got [\d,]+ characters of it$/)
    await screenshot(page, 'sent-attachments.png')
    await chip.click()
    const dialog = page.getByRole('dialog', { name: 'Text 1' })
    await dialog.getByText('Resource 1: This is a plaintext resource', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await call(client!, 'extension_remove', { id: 'everything' })
    await chip.waitFor({ state: 'detached' })
    const gone = chips.getByText('Text 1')
    expect(await gone.locator('xpath=..').getAttribute('title')).toMatch(/the extension "everything" is no longer installed, so it cannot be opened$/)
    expect(app.pageErrors).toEqual([])
  }, 120_000)
})
