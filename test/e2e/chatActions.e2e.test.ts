/**
 * Message actions and usage end to end through browser mode: the real host, the built renderer in
 * headless Chromium and the scripted model server (real HTTP and SSE, sending usage as OpenAI does).
 * The person prices the model in Settings → Models & keys, then copies a reply, regenerates it and
 * edits their message; every reply names its model, its time and its tokens and cost.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, SessionsResourceSchema } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { read } from '../helpers/hostCalls'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let models: ScriptedModelServer | undefined
let app: AppPage
let page: Page

const conversation = () => page.getByRole('feed', { name: 'Conversation' })
const replies = () => conversation().getByRole('article', { name: 'Assistant' })
const mine = () => conversation().getByRole('article', { name: 'You' })

beforeAll(async () => {
  world = await startChatWorld('actions', {
    turns: [
      { type: 'text', chunks: ['First ', '**answer**.'], usage: { input: 1200, output: 300 } },
      { type: 'text', chunks: ['Second ', 'answer.'], usage: { input: 1200, output: 200 } },
      { type: 'text', chunks: ['Answer ', 'to the edit.'], usage: { input: 1000, output: 100 } },
    ],
  })
  models = world.models
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 30_000 })
  page = app.page
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'])
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Message actions and usage in browser mode (Electron stands in as headless Chromium)', () => {
  it('prices the model, then copies, regenerates and edits, with model, time, tokens and cost on each reply', async () => {
    // Settings → Models & keys: the person's own row for the scripted model, $2 in and $10 out per million.
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Models & keys' }).click()
    const prices = page.getByRole('region', { name: 'Model prices and limits' })
    await prices.getByText('Shipped rows', { exact: false }).click()
    await prices.getByRole('table', { name: 'Shipped model rows' }).getByText('claude-sonnet-4-5', { exact: true }).waitFor()
    await prices.getByRole('button', { name: 'Add row' }).click()
    await prices.getByLabel('Model of row 1').fill('scripted-model')
    await prices.getByLabel('Input price of row 1').fill('abc')
    await prices.getByRole('button', { name: 'Save prices and limits' }).click()
    await prices.getByRole('alert').getByText('scripted-model: the input price must be a number.').waitFor()
    await prices.getByLabel('Input price of row 1').fill('2')
    await prices.getByLabel('Output price of row 1').fill('10')
    await prices.getByRole('button', { name: 'Save prices and limits' }).click()
    await prices.getByRole('status').getByText('Saved.').waitFor()
    await prices.scrollIntoViewIfNeeded()
    await screenshot(page, 'chat-model-prices.png')

    // A conversation: the reply says which model wrote it, when, and what it cost.
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await sendMessage(page, 'What is up?')
    const first = replies().filter({ hasText: 'First answer.' })
    await first.getByText('1,200 in · 300 out tokens · $0.0054').waitFor()
    await first.getByText('scripted-model', { exact: true }).waitFor()
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)
    const header = page.locator('header').filter({ hasText: 'Created' })
    await header.getByText('2 messages', { exact: false }).waitFor()
    await expect.poll(() => page.getByRole('status', { name: 'Conversation usage' }).innerText()).toBe('1,500 tokens · $0.0054')

    // Copy puts the reply's Markdown on the clipboard.
    await first.getByRole('button', { name: 'Copy reply as Markdown' }).click()
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe('First **answer**.')

    // Regenerate: the reply is written again; the old one is set aside.
    await first.getByRole('button', { name: 'Regenerate reply' }).click()
    await replies().filter({ hasText: 'Second answer.' }).getByText('1,200 in · 200 out tokens · $0.0044').waitFor()
    await expect.poll(() => replies().allInnerTexts().then((texts) => texts.map((text) => text.split('\n')[0]))).toEqual(['Second answer.'])
    await header.getByText('2 messages', { exact: false }).waitFor()
    // Both replies were paid for: the conversation counts them both.
    await expect.poll(() => page.getByRole('status', { name: 'Conversation usage' }).innerText()).toBe('2,900 tokens · $0.0098')

    // Edit and resend: only the person's last message offers it; Escape leaves it as it was.
    await mine().getByRole('button', { name: 'Edit message' }).click()
    const editor = page.getByRole('textbox', { name: 'Edited message' })
    await expect.poll(() => editor.inputValue()).toBe('What is up?')
    await page.keyboard.press('Escape')
    await mine().getByRole('button', { name: 'Edit message' }).click()
    await editor.fill('What is down?')
    await screenshot(page, 'chat-edit-message.png')
    await page.keyboard.press('Enter')
    await replies().filter({ hasText: 'Answer to the edit.' }).getByText('1,000 in · 100 out tokens', { exact: false }).waitFor()
    await expect.poll(() => mine().allInnerTexts().then((texts) => texts.map((text) => text.split('\n')[0]))).toEqual(['What is down?'])
    await expect.poll(() => replies().count()).toBe(1)
    // The model got the edited message, and nothing of the exchange it replaced.
    const lastRequest = JSON.stringify(models!.modelRequests.at(-1)?.body)
    expect(lastRequest).toContain('What is down?')
    expect(lastRequest).not.toContain('What is up?')
    expect(lastRequest).not.toContain('Second answer.')
    const { sessions } = await read(world!.client, HostResource.sessions, SessionsResourceSchema)
    expect(sessions[0]?.messageCount).toBe(2)
    await screenshot(page, 'chat-message-actions.png')

    expect(app.pageErrors).toEqual([])
    expect(app.consoleErrors).toEqual([])
  }, 180_000)
})
