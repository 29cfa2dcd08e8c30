/**
 * A long conversation in browser mode: the real host, the built renderer in headless Chromium and
 * the scripted model server over HTTP. Past 80 % of the model's context window (set in the model
 * table), the older turns are summarised for the model; the window keeps showing them and adds a
 * note that opens to the summary. Only Electron is absent.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../helpers/hostCalls'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let app: AppPage
let page: Page

const SUMMARY = 'SUMMARY: the person asked about alpha and beta.'
const words = (word: string, count: number) => `${word} `.repeat(count).trim()

beforeAll(async () => {
  world = await startChatWorld('compaction', {
    turns: [
      { type: 'text', chunks: ['One.'] },
      { type: 'text', chunks: ['Two.'] },
      { type: 'text', chunks: [SUMMARY] },
      { type: 'text', chunks: ['Three.'] },
    ],
  })
  // The scripted model's context window, as a person would set it in Settings → Models & keys: the
  // first two turns (≈ 910 tokens with the built-ins' tool definitions, load_skill among them) fit
  // under 80 % of it, the third does not.
  await call(world.client, 'settings_update', { patch: { modelFacts: [{ model: 'scripted-model', contextWindow: 1200 }] } })
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 900 }, timeoutMs: 30_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('long conversations in browser mode (Electron stands in as headless Chromium)', () => {
  it('summarises the older turns for the model past 80 % of its window, shows a note that opens to the summary, and keeps every message on screen', async () => {
    const conversation = page.getByRole('feed', { name: 'Conversation' })
    const replies = conversation.getByRole('article', { name: 'Assistant' })
    await page.getByRole('button', { name: 'New session' }).click()
    await sendMessage(page, words('alpha', 250))
    await replies.getByText('One.').waitFor()
    await sendMessage(page, words('beta', 250))
    await replies.getByText('Two.').waitFor()
    await expect.poll(() => world!.models.modelRequests.length).toBe(2)
    await sendMessage(page, words('gamma', 450))
    await replies.getByText('Three.').waitFor()

    const note = conversation.getByText('The conversation outgrew the model’s context window: 4 earlier messages were summarised for the model', { exact: false })
    await note.waitFor()
    await conversation.getByText('Show summary').click()
    await conversation.getByText(SUMMARY).waitFor()
    // The turns it stands for stay on screen; the model got the summary instead.
    await replies.getByText('One.').waitFor()
    await replies.getByText('Two.').waitFor()
    const sent = JSON.stringify(world!.models.modelRequests[3]?.body)
    expect(sent).toContain(SUMMARY)
    expect(sent).not.toContain('alpha alpha')
    await note.scrollIntoViewIfNeeded()
    await screenshot(page, 'chat-compaction-note.png')
    expect(app.pageErrors).toEqual([])
  }, 120_000)
})
