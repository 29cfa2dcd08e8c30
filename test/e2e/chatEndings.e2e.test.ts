/**
 * How replies and tool calls end, as the window shows them (browser mode, headless Chromium): a
 * reply cut off mid-stream is marked *Cut off* (and the model is told so when the conversation goes
 * on), and the 5th identical call in a row is refused with the rule explained on its tool card.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, ToolsResourceSchema } from '../../src/shared/hostApi'
import { addConsentedExtension, call, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const SAME_CALL = { name: 'fixture__echo', args: { text: 'once more' } }

let world: ChatWorld | undefined
let app: AppPage
let page: Page

const assistantReplies = () => page.getByRole('article', { name: 'Assistant' })

const send = (text: string) => sendMessage(page, text)

beforeAll(async () => {
  world = await startChatWorld('chat-endings', {
    turns: [
      { type: 'disconnect', afterChunks: 2, chunks: ['Half of ', 'an answer', ' that never ends'] },
      ...Array.from({ length: 5 }, () => ({ type: 'tool-calls' as const, calls: [SAME_CALL] })),
      { type: 'text', chunks: ['I will use the result I have.'] },
    ],
  }, { alwaysOffer: [SAME_CALL.name] })
  await addConsentedExtension(world.client, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
  await poll(() => read(world!.client, HostResource.tools, ToolsResourceSchema), (list) => list.tools.some((tool) => tool.name === 'fixture__echo'), 'the fixture tools', 30_000)
  // Even with nothing held back, a loop is refused.
  await call(world.client, 'permission_mode_set', { mode: 'autonomous' })
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 900 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('how replies and tool calls end, in the window', () => {
  it('marks a reply cut off mid-stream, and tells the model so when the conversation goes on', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await send('Tell me a story')
    const reply = assistantReplies().first()
    await reply.getByTestId('cut-off-marker').waitFor()
    expect(await reply.getByTestId('cut-off-marker').innerText()).toBe('Cut off: this reply did not finish')
    expect(await reply.innerText()).toContain('Half of an answer')
    // Not marked as stopped by the person: it broke off on its own, and the error says why.
    expect(await reply.getByTestId('stopped-marker').count()).toBe(0)
    await page.getByTestId('turn-error').waitFor()
    await screenshot(page, 'chat-cut-off.png')

    await send('Echo it until it works')
    await page.getByText('I will use the result I have.').waitFor({ timeout: 30_000 })
    expect(JSON.stringify(world!.models.modelRequests[1]?.body)).toContain('This reply was cut off: the model stream failed before it finished.')
  })

  it('refuses the 5th identical call in a row with the rule explained on its tool card', async () => {
    const cards = page.getByRole('region', { name: 'Tool call: echo' })
    await expect.poll(() => cards.count()).toBe(5)
    for (let i = 0; i < 4; i++) await cards.nth(i).getByText('Done', { exact: true }).waitFor()
    const refused = cards.nth(4)
    await refused.getByText('Denied', { exact: true }).waitFor()
    await refused.getByRole('button', { expanded: false }).click()
    const text = await refused.innerText()
    expect(text).toContain('Not run: this is call number 5 in a row to fixture__echo with exactly the same arguments.')
    expect(text).toContain('Switchboard refuses the 5th identical call in a row in a conversation, even for tools that are always allowed')
    expect(text).toContain('a call with other arguments or to another tool, or a new message from the person, starts the count again')
    await refused.scrollIntoViewIfNeeded()
    await screenshot(page, 'chat-repetition-refused.png')
    expect(world!.models.remainingTurns).toBe(0)
  })
})
