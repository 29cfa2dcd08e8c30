/**
 * Search across conversations and export, end to end through browser mode: the real host, the built
 * renderer in headless Chromium, and the scripted model server. Ctrl+K opens the search, the results
 * show the words around the match, Enter opens the conversation at the message (scrolled into view in
 * a long conversation and marked, with "Jump to latest" only where there is more below); Export downloads Markdown and JSON (browser mode has no dialog).
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProgressResourceSchema, progressUri } from '../../src/shared/hostApi'
import { call, poll, read } from '../helpers/hostCalls'
import { openAppPage, screenshot, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let app: AppPage
let page: Page

const LONG = 24
/** The long conversation's replies; the second one mentions the pelican. */
const longReplies = Array.from({ length: LONG }, (_, index) => (index === 1 ? 'A brown pelican dives for fish from the air.' : `Reply number ${index + 1}: ${'some filler text. '.repeat(8)}`))

async function converse(texts: string[], sessionId?: string): Promise<string> {
  let id = sessionId
  for (const text of texts) {
    const sent = await call(world!.client, 'chat_send', id ? { sessionId: id, text } : { text })
    id = (sent.structuredContent as { sessionId: string }).sessionId
    await poll(() => read(world!.client, progressUri(id!), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
  }
  return id!
}

beforeAll(async () => {
  world = await startChatWorld('search', {
    turns: [...longReplies, 'Pelicans also live by lakes.'].map((text) => ({ type: 'text' as const, chunks: [text] })),
  })
  await converse(Array.from({ length: LONG }, (_, index) => (index === 0 ? 'Tell me about sea birds' : `Question ${index + 1}`)))
  await converse(['Where else do they live?'])
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 30_000 })
  page = app.page
}, 240_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Search and export in browser mode (Electron stands in as headless Chromium)', () => {
  it('finds a message in any conversation with Ctrl+K, opens the conversation at it, and exports it', async () => {
    // The shortcut is shown where search is offered.
    await page.getByRole('button', { name: /^Search/ }).getByText('Ctrl+K').waitFor()
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Search conversations' })
    const box = dialog.getByRole('combobox', { name: 'Search all conversations' })
    await box.waitFor()
    await box.fill('pelic')
    const results = dialog.getByRole('listbox', { name: 'Matching messages' }).getByRole('option')
    await expect.poll(() => results.count()).toBe(2)
    await dialog.getByRole('status').getByText('2 messages found.').waitFor()
    expect(await results.first().locator('mark').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^pelican/i)]))
    await screenshot(page, 'chat-search.png')

    // ↓ and Enter open the one in the long conversation, at the message, marked.
    const long = results.filter({ hasText: 'dives for fish' })
    const index = (await results.allInnerTexts()).findIndex((text) => text.includes('dives for fish'))
    expect(index).toBeGreaterThanOrEqual(0)
    for (let step = 0; step < index; step++) await page.keyboard.press('ArrowDown')
    expect(await long.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.locator('header h1').textContent()).toBe('Tell me about sea birds')
    const marked = page.locator('[data-marked]')
    await marked.getByText('A brown pelican dives for fish from the air.').waitFor()
    // In view, far from the bottom the conversation opens at.
    const shown = await marked.boundingBox()
    expect(shown).not.toBeNull()
    expect(shown!.y).toBeGreaterThan(0)
    expect(shown!.y + shown!.height).toBeLessThan(860)
    await expect.poll(() => page.getByText(`Reply number ${LONG}:`).count()).toBe(0)
    // Far from the end: the way back to the newest message is offered.
    const jumpToLatest = page.getByRole('button', { name: 'Jump to latest' })
    await jumpToLatest.waitFor()
    await screenshot(page, 'chat-search-opened.png')


    // Escape closes the search without opening anything.
    await page.keyboard.press('Control+k')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Export: browser mode has no save dialog, so the page downloads the file.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const panel = page.getByRole('group', { name: 'Export this conversation' })
    await screenshot(page, 'chat-export.png')
    const [markdown] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Markdown (.md)' }).click()])
    expect(markdown.suggestedFilename()).toBe('Tell me about sea birds.md')
    const text = await readFile((await markdown.path())!, 'utf8')
    expect(text).toMatch(/^# Tell me about sea birds\n/)
    expect(text).toContain('A brown pelican dives for fish from the air.')
    expect(text).toContain('### Assistant (scripted-model)')
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const [json] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'JSON (.json)' }).click()])
    const exported = JSON.parse(await readFile((await json.path())!, 'utf8')) as { format: string; messages: unknown[] }
    expect(exported.format).toBe('switchboard-conversation')
    expect(exported.messages).toHaveLength(LONG * 2)

    // The short conversation fits on screen: opened at its reply, it is at its end, so no "Jump to latest".
    await page.keyboard.press('Control+k')
    await box.fill('lakes')
    await expect.poll(() => results.count()).toBe(1)
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.locator('header h1').textContent()).toBe('Where else do they live?')
    await page.locator('[data-marked]').getByText('Pelicans also live by lakes.').waitFor()
    expect(await jumpToLatest.count()).toBe(0)
    await screenshot(page, 'chat-search-opened-short.png')

    expect(app.pageErrors).toEqual([])
    expect(app.consoleErrors).toEqual([])
  }, 180_000)
})
