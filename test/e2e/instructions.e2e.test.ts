/**
 * Instructions and per-model settings end to end through browser mode: the real host, the built
 * renderer in headless Chromium and the scripted model server over HTTP. The default instructions
 * are set in Settings → General, a session's own in the chat header, a model's temperature and
 * output limit on the provider form; the model request carries each of them. Only Electron is absent.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let server: ScriptedModelServer
let app: AppPage
let page: Page

type Body = { messages: { role: string; content: unknown }[]; temperature?: number; max_tokens?: number }
const lastRequest = () => server.modelRequests.at(-1)?.body as Body | undefined
const systemOf = (body: Body | undefined) => body?.messages.filter((message) => message.role === 'system').map((message) => message.content)

beforeAll(async () => {
  world = await startChatWorld('instructions', { turns: [{ type: 'text', chunks: ['Bien sûr.'] }, { type: 'text', chunks: ['Short.'] }] })
  server = world.models
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 900 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('instructions and model settings in browser mode (Electron stands in as headless Chromium)', () => {
  it('sends the default instructions, a session’s own in their place, and the model’s temperature and output limit', async () => {
    // Default instructions: Settings → General.
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'General' }).click()
    const defaults = page.getByRole('textbox', { name: 'Default instructions' })
    await defaults.fill('Be brief.')
    await page.getByRole('region', { name: 'Default instructions' }).getByText('Not saved yet.').waitFor()
    await page.getByRole('button', { name: 'Save instructions' }).click()
    await page.getByText('Saved. New messages use it.').waitFor()
    await screenshot(page.getByRole('region', { name: 'Default instructions' }), 'instructions-default.png')

    // The model's own settings on the provider form.
    await page.getByRole('tab', { name: 'Models & keys' }).click()
    await page.getByRole('button', { name: 'Edit Scripted' }).click()
    const form = page.getByRole('form', { name: 'Edit Scripted' })
    await form.getByLabel('Temperature of scripted-model').fill('3')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await form.getByText('The temperature is a number from 0 to 2', { exact: false }).waitFor()
    await form.getByLabel('Temperature of scripted-model').fill('0.3')
    await form.getByLabel('Maximum output tokens of scripted-model').fill('500')
    await screenshot(form.getByRole('group', { name: 'Model settings' }), 'model-settings.png')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('list', { name: 'Providers' }).waitFor()

    // A session's own instructions, from the chat header.
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await page.getByRole('button', { name: 'Instructions', exact: true }).click()
    const panel = page.getByRole('group', { name: 'Instructions for this session' })
    await panel.getByText('uses the default instructions', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Instructions', exact: true }).click()
    await panel.waitFor({ state: 'detached' })
    await sendMessage(page, 'Hello')
    await expect.poll(() => server.modelRequests.length).toBe(1)
    expect(systemOf(lastRequest())).toEqual(['Be brief.'])
    expect(lastRequest()).toMatchObject({ temperature: 0.3, max_tokens: 500 })
    await page.getByRole('article', { name: 'Assistant' }).getByText('Bien sûr.').waitFor()

    await page.getByRole('button', { name: 'Instructions', exact: true }).click()
    await panel.getByRole('textbox', { name: 'Instructions for this session' }).fill('Answer in French.')
    await panel.getByRole('button', { name: 'Save instructions' }).click()
    await panel.getByText('Saved. New messages use it.').waitFor()
    await page.getByRole('button', { name: 'Instructions (own)' }).waitFor()
    await screenshot(page, 'instructions-session.png')
    await page.getByRole('button', { name: 'Instructions (own)' }).click()
    await sendMessage(page, 'Again')
    await expect.poll(() => server.modelRequests.length).toBe(2)
    expect(systemOf(lastRequest())).toEqual(['Answer in French.'])
    expect(app.pageErrors).toEqual([])
  }, 120_000)
})
