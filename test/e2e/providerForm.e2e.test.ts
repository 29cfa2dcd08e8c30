/**
 * Settings → Models & keys, the provider form, end to end through browser mode: the real host, the
 * built renderer in headless Chromium and the scripted model server over HTTP. Each preset brings
 * its own hints (Anthropic's speak of Anthropic keys and Claude models), *Test connection* checks
 * the address before anything is saved, the only model a server offers is added by itself, and the
 * list shows the base URL in full. Only Electron is absent.
 */
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, ModelsResourceSchema } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { read } from '../helpers/hostCalls'
import { openAppPage, screenshot, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let server: ScriptedModelServer
let client: Client
let app: AppPage
let page: Page

const providers = async () => (await read(client, HostResource.models, ModelsResourceSchema)).providers

beforeAll(async () => {
  world = await startChatWorld('provider-form', { models: ['only-model'] }, { selectModel: false })
  server = world.models
  client = world.client
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 900 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('the provider form in browser mode (Electron stands in as headless Chromium)', () => {
  it('speaks of the chosen vendor, tests the connection before saving, adds the only model, and shows the base URL in full', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Models & keys' }).click()
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByRole('form', { name: 'Add a provider' })

    // Anthropic: its address, where its keys come from, what they and its models look like.
    await form.getByRole('radio', { name: 'Anthropic' }).check()
    expect(await form.getByLabel('Base URL').inputValue()).toBe('https://api.anthropic.com/v1')
    await form.getByText('Anthropic’s own API is https://api.anthropic.com/v1', { exact: false }).waitFor()
    await form.getByText('console.anthropic.com', { exact: false }).waitFor()
    expect(await form.getByLabel('API key').getAttribute('placeholder')).toContain('sk-ant-')
    expect(await form.getByRole('textbox', { name: 'Model name' }).getAttribute('placeholder')).toMatch(/e\.g\. claude-/)
    expect(await form.innerText()).not.toContain('gpt-')
    await screenshot(form, 'provider-form-anthropic.png')

    // A local server: Test connection before saving; its only model is added to the form.
    await form.getByRole('radio', { name: 'OpenAI-compatible server' }).check()
    await form.getByLabel('Name', { exact: true }).fill('Scripted server')
    await form.getByLabel('Base URL').fill(server.baseUrl)
    await form.getByRole('button', { name: 'Test connection' }).click()
    const result = form.getByRole('status').filter({ hasText: 'Connected.' })
    await result.getByText('Added only-model, the only model it offers.').waitFor()
    await form.getByRole('list', { name: 'Models' }).getByText('only-model', { exact: true }).waitFor()
    expect(await providers()).toEqual([])
    await screenshot(form, 'provider-form-tested.png')

    // A wrong address says so, still without saving anything.
    await form.getByLabel('Base URL').fill('http://127.0.0.1:9/v1')
    await form.getByRole('button', { name: 'Test connection' }).click()
    await form.getByRole('alert').getByText('127.0.0.1:9', { exact: false }).waitFor()
    expect(await providers()).toEqual([])
    await form.getByLabel('Base URL').fill(server.baseUrl)

    await form.getByRole('button', { name: 'Add provider' }).click()
    const row = page.getByRole('list', { name: 'Providers' }).getByRole('listitem', { name: 'Scripted server' })
    await row.getByRole('list', { name: 'Models of Scripted server' }).getByText('only-model').waitFor()
    // The address in full, not cut off.
    const address = row.getByText(server.baseUrl, { exact: true })
    await address.waitFor()
    expect(await address.evaluate((element) => (element as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <= (element as unknown as { clientWidth: number }).clientWidth)).toBe(true)
    expect(await providers()).toMatchObject([{ id: 'scripted-server', models: ['only-model'] }])
    await screenshot(row, 'provider-row-full-url.png')
    expect(app.pageErrors).toEqual([])
  }, 120_000)

  it('offers the hosted services as presets with their own address and key hints; Azure asks for the resource name in its address', async () => {
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByRole('form', { name: 'Add a provider' })
    const presets: [string, string, string][] = [
      ['Google Gemini', 'https://generativelanguage.googleapis.com/v1beta/openai', 'aistudio.google.com'],
      ['OpenRouter', 'https://openrouter.ai/api/v1', 'openrouter.ai'],
      ['Groq', 'https://api.groq.com/openai/v1', 'console.groq.com'],
      ['Mistral', 'https://api.mistral.ai/v1', 'console.mistral.ai'],
      ['DeepSeek', 'https://api.deepseek.com/v1', 'platform.deepseek.com'],
    ]
    for (const [name, baseUrl, keyPlace] of presets) {
      await form.getByRole('radio', { name, exact: true }).check()
      expect(await form.getByLabel('Base URL').inputValue()).toBe(baseUrl)
      await form.getByText(keyPlace, { exact: false }).first().waitFor()
    }
    await form.getByRole('radio', { name: 'Google Gemini', exact: true }).check()
    await screenshot(form, 'provider-form-gemini.png')

    // Azure: the address holds a part to fill in, and the form says which before anything is saved.
    await form.getByRole('radio', { name: 'Azure OpenAI', exact: true }).check()
    expect(await form.getByLabel('Base URL').inputValue()).toBe('https://YOUR-RESOURCE-NAME.openai.azure.com/openai/v1')
    await form.getByLabel('API key').fill('azure-test-key')
    await form.getByRole('textbox', { name: 'Model name' }).fill('my-deployment')
    await form.getByRole('textbox', { name: 'Model name' }).press('Enter')
    await form.getByRole('button', { name: 'Add provider' }).click()
    await form.getByText('Replace YOUR-RESOURCE-NAME with the name of your resource', { exact: false }).waitFor()
    expect((await providers()).map((provider) => provider.id)).not.toContain('azure')
    await screenshot(form, 'provider-form-azure.png')

    // With the address filled in (here the scripted server stands in for the resource), the key is sent as a bearer token.
    await form.getByLabel('Base URL').fill(server.baseUrl)
    const before = server.requests.length
    await form.getByRole('button', { name: 'Test connection' }).click()
    await form.getByRole('status').filter({ hasText: 'Connected.' }).waitFor()
    expect(server.requests.slice(before).map((request) => request.headers.authorization)).toContain('Bearer azure-test-key')
    await page.keyboard.press('Escape')
    expect(app.pageErrors).toEqual([])
  }, 120_000)

  it('offers an OpenAI provider the Responses API (the default) or Chat Completions, chosen with the keyboard', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Models & keys' }).click()
    // The form the last test left (Escape closed Settings, not the form) is cancelled first.
    const left = page.getByRole('form', { name: 'Add a provider' })
    if ((await left.count()) > 0) await left.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByRole('form', { name: 'Add a provider' })
    await form.getByRole('radio', { name: 'Anthropic', exact: true }).check()
    expect(await form.getByRole('group', { name: 'API' }).count()).toBe(0)

    await form.getByRole('radio', { name: 'OpenAI', exact: true }).check()
    const responses = form.getByRole('radio', { name: 'Responses API' })
    const chatCompletions = form.getByRole('radio', { name: 'Chat Completions' })
    expect(await responses.isChecked()).toBe(true)
    await responses.focus()
    await page.keyboard.press('ArrowDown')
    expect(await chatCompletions.isChecked()).toBe(true)
    await page.keyboard.press('ArrowUp')
    expect(await responses.isChecked()).toBe(true)
    await screenshot(form.getByRole('group', { name: 'API' }), 'provider-form-openai-api.png')

    await form.getByLabel('Name', { exact: true }).fill('Work OpenAI')
    await form.getByLabel('Base URL').fill(server.baseUrl)
    await form.getByLabel('API key').fill('sk-e2e-responses')
    await form.getByRole('button', { name: 'Add provider' }).click()
    await page.getByRole('list', { name: 'Providers' }).getByRole('listitem', { name: 'Work OpenAI' }).waitFor()
    expect((await providers()).find((provider) => provider.name === 'Work OpenAI')).toMatchObject({ kind: 'openai', api: 'responses' })
    expect(app.pageErrors).toEqual([])
  }, 120_000)
})
