/**
 * The window at 600 px and at 1,280 px: no label is cut off without an ellipsis and a tooltip (the
 * full text on hover), on the chat, the extension pages and every settings section; the settings
 * sections stand in a vertical list beside the page when the window is wide and fold into a menu
 * when it is narrow, both worked by the keyboard. The real host with an extension and a session of
 * long names, the built renderer in headless Chromium.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProgressResourceSchema, progressUri } from '../../src/shared/hostApi'
import { addConsentedExtension, call, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const LONG_TITLE = 'Summarize the quarterly planning notes from the shared drive and list every open question'
const LONG_EXTENSION = 'Shared drive and calendar assistant for the planning team'

let world: ChatWorld | undefined
let app: AppPage
let page: Page

/**
 * Every visible piece of text that is cut off without an ellipsis and a tooltip, as "text ‹tag›":
 * an element that clips its text (overflow hidden or clip, content wider than its box) must end it
 * with an ellipsis and carry a title (itself or around it); text that runs past the window's right
 * or left edge, outside anything that scrolls, is cut by the window.
 */
// A string: the test project has no DOM types (as in apps.e2e.test.ts).
const CUT_LABELS = `(() => {
  const found = []
  const describe = (element) => '"' + (element.textContent ?? '').trim().slice(0, 60) + '" ‹' + element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '›'
  const scrollsSideways = (element) => {
    for (let at = element.parentElement; at; at = at.parentElement) if (/auto|scroll/.test(getComputedStyle(at).overflowX)) return true
    return false
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'svg', 'path'].includes(element.tagName)) continue
    if ((element.textContent ?? '').trim() === '' || element.getClientRects().length === 0) continue
    // Screen-reader-only text (1 × 1 px, clipped) is meant to be unseen.
    if (element.clientWidth <= 1 && element.clientHeight <= 1) continue
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
    const style = getComputedStyle(element)
    if (/auto|scroll/.test(style.overflowX)) continue
    if (/hidden|clip/.test(style.overflowX) && !style.display.startsWith('inline ') && element.scrollWidth > element.clientWidth + 1) {
      const ok = style.textOverflow === 'ellipsis' && element.closest('[title]') !== null
      if (!ok) found.push('clipped ' + describe(element) + ' (' + element.scrollWidth + ' > ' + element.clientWidth + ')')
      continue
    }
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '')
    const box = element.getBoundingClientRect()
    if (ownText && (box.right > window.innerWidth + 1 || box.left < -1) && !scrollsSideways(element)) found.push('past the window ' + describe(element))
  }
  return found
})()`

async function cutLabels(page: Page): Promise<string[]> {
  return (await page.evaluate(CUT_LABELS)) as string[]
}

/** The text of the focused element (a tab's or a button's name). */
const focusedText = () => page.evaluate('document.activeElement?.textContent') as Promise<string | undefined>

beforeAll(async () => {
  world = await startChatWorld('layout', { turns: [{ type: 'text', chunks: ['Here is the summary you asked for.'] }] })
  await addConsentedExtension(world.client, { id: 'planning', name: LONG_EXTENSION, type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--tools=3'], env: {} })
  const sent = await call(world.client, 'chat_send', { text: LONG_TITLE })
  const sessionId = (sent.structuredContent as { sessionId: string }).sessionId
  await poll(() => read(world!.client, progressUri(sessionId), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
  // After the turn: the first message names the session (cut at 60 characters) as it is saved.
  await call(world.client, 'session_rename', { id: sessionId, title: LONG_TITLE })
  // All tools: the header then also offers the choice of extensions, by name.
  await call(world.client, 'session_set_tool_offer', { id: sessionId, offer: 'all' })
  app = await openAppPage(world.host, { viewport: { width: 1280, height: 800 }, timeoutMs: 15_000 })
  page = app.page
}, 240_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

const sections = ['General', 'Models & keys', 'Secrets', 'Extensions', 'Permissions', 'Hooks', 'Skills', 'Plugins', 'Agents', 'Routines', 'Connected apps', 'Activity', 'Telemetry']
const sessionsNav = () => page.getByRole('navigation', { name: 'Sessions' })
const settingsTabs = () => page.getByRole('tablist', { name: 'Settings sections' })
const sectionMenu = () => page.getByRole('button', { name: /^Settings section: / })

/** Opens a settings section the way the window offers it: the list beside the page, or the menu. */
async function openSection(name: string, width: number): Promise<void> {
  if (width < 900) await sectionMenu().click()
  await settingsTabs().getByRole('tab', { name, exact: true }).click()
  const panel = page.getByRole('tabpanel', { name })
  await panel.getByRole('heading').first().waitFor()
  // Loaded: the panel's code and what it reads.
  await expect.poll(() => panel.getByText('Loading…').count()).toBe(0)
}

/** Looks at the screen once it has settled, and notes what is cut under `where`. */
async function look(found: Record<string, string[]>, where: string): Promise<void> {
  // Lazily loaded panels and measured rows settle within a frame or two.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
  const cut = await cutLabels(page)
  if (cut.length > 0) found[where] = cut
  await screenshot(page, `layout-${where.replace(/\W+/g, '-')}.png`)
}

describe('narrow and wide windows (browser mode, Electron stands in as headless Chromium)', () => {
  it('cuts no label without an ellipsis and a tooltip at 600 px and 1,280 px: the chat and its panels, every settings section, the extension pages', async () => {
    const found: Record<string, string[]> = {}
    for (const width of [1280, 600]) {
      await page.setViewportSize({ width, height: 800 })
      // The chat of the long-titled session, and each of its header panels.
      if (width < 900) await page.getByRole('button', { name: 'Show sidebar' }).click()
      await sessionsNav().getByRole('button', { name: LONG_TITLE, exact: true }).click()
      if (width < 900 && (await page.getByRole('button', { name: 'Hide sidebar' }).isVisible())) await page.getByRole('button', { name: 'Hide sidebar' }).click()
      await page.locator('header h1').getByText(LONG_TITLE).waitFor()
      await page.getByText('Here is the summary you asked for.').waitFor()
      await look(found, `${width} chat`)
      const toggles = page.locator('header button[aria-expanded]')
      for (let index = 0; index < (await toggles.count()); index++) {
        const toggle = toggles.nth(index)
        const name = (await toggle.innerText()).trim() || (await toggle.getAttribute('aria-label')) || `panel ${index}`
        await toggle.click()
        await page.locator('header [role="group"]').waitFor()
        await look(found, `${width} chat, ${name}`)
        await page.keyboard.press('Escape')
        await page.locator('header [role="group"]').waitFor({ state: 'detached' })
      }

      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      for (const name of sections) {
        await openSection(name, width)
        await look(found, `${width} ${name}`)
      }
      await openSection('Extensions', width)
      await page.getByRole('button', { name: LONG_EXTENSION, exact: true }).click()
      await page.getByRole('heading', { name: LONG_EXTENSION }).waitFor()
      await look(found, `${width} extension details`)
      await page.getByRole('button', { name: 'Back to the chat' }).click()
    }
    expect(found).toEqual({})
    expect(app.pageErrors).toEqual([])
  }, 240_000)

  it('shows the underscores of a monospace placeholder (the hook form\'s tool pattern "files__*")', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await openSection('Hooks', 1280)
    const pattern = page.getByRole('form', { name: 'Add a hook' }).getByLabel('Only for tools matching (optional)')
    expect(await pattern.getAttribute('placeholder')).toBe('files__*')
    const drawn = await pattern.screenshot()
    // The same field with spaces where the underscores are: it must look different.
    await pattern.evaluate((input) => input.setAttribute('placeholder', 'files  *'))
    const withSpaces = await pattern.screenshot()
    await pattern.evaluate((input) => input.setAttribute('placeholder', 'files__*'))
    expect(drawn.equals(withSpaces)).toBe(false)
    await screenshot(pattern, 'hook-pattern-placeholder.png')
  })

  it('puts no "+" on Save changes (editing adds nothing)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await openSection('Extensions', 1280)
    await page.getByRole('button', { name: LONG_EXTENSION, exact: true }).click()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const save = page.getByRole('button', { name: 'Save changes' })
    await save.waitFor()
    expect(await save.locator('svg').count()).toBe(0)
    await page.getByRole('button', { name: 'Cancel' }).click()
  })

  it('lists the settings sections beside the page at 1,280 px and folds them into a menu at 600 px, both by keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await openSection('General', 1280)
    const tabs = settingsTabs()
    expect(await tabs.getAttribute('aria-orientation')).toBe('vertical')
    // One under the other, left of the page, all in view at once.
    const boxes = await Promise.all(sections.map(async (name) => (await tabs.getByRole('tab', { name, exact: true }).boundingBox())!))
    for (let index = 1; index < boxes.length; index++) {
      expect(boxes[index]!.y).toBeGreaterThanOrEqual(boxes[index - 1]!.y + boxes[index - 1]!.height - 1)
      expect(boxes[index]!.x).toBe(boxes[0]!.x)
    }
    const panel = (await page.getByRole('tabpanel').boundingBox())!
    expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(panel.x)
    expect(boxes.at(-1)!.y + boxes.at(-1)!.height).toBeLessThanOrEqual(800)
    expect(await sectionMenu().count()).toBe(0)
    // ↓ ↑ End Home move between the sections and open each; the focus goes along.
    await tabs.getByRole('tab', { name: 'General' }).focus()
    await page.keyboard.press('ArrowDown')
    const models = tabs.getByRole('tab', { name: 'Models & keys' })
    expect(await models.getAttribute('aria-selected')).toBe('true')
    expect(await focusedText()).toBe('Models & keys')
    await page.getByRole('tabpanel', { name: 'Models & keys' }).waitFor()
    await page.keyboard.press('End')
    expect(await tabs.getByRole('tab', { name: sections.at(-1)!, exact: true }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Home')
    expect(await tabs.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowUp')
    expect(await tabs.getByRole('tab', { name: sections.at(-1)!, exact: true }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Home')
    await screenshot(page, 'settings-nav-1280.png')

    // Narrow: a menu button names the section; the list opens under it.
    await page.setViewportSize({ width: 600, height: 800 })
    await sectionMenu().waitFor()
    expect(await tabs.count()).toBe(0)
    expect(await sectionMenu().getAttribute('aria-expanded')).toBe('false')
    // Enter opens it at the current section.
    await sectionMenu().focus()
    await page.keyboard.press('Enter')
    expect(await sectionMenu().getAttribute('aria-expanded')).toBe('true')
    expect(await tabs.getAttribute('aria-orientation')).toBe('vertical')
    await expect.poll(focusedText).toBe('General')
    await screenshot(page, 'settings-nav-600-open.png')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.getByRole('tabpanel', { name: 'Secrets' }).waitFor()
    // Enter keeps it and closes the menu; the focus is back on the button, which names it.
    await page.keyboard.press('Enter')
    await expect.poll(() => tabs.count()).toBe(0)
    await page.getByRole('button', { name: 'Settings section: Secrets' }).waitFor()
    expect(await focusedText()).toBe('Settings section: Secrets')
    // Escape closes it without a change; Tab out of it closes it too.
    await page.keyboard.press('Enter')
    await tabs.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => tabs.count()).toBe(0)
    expect(await focusedText()).toBe('Settings section: Secrets')
    await page.keyboard.press('Enter')
    await tabs.waitFor()
    await page.keyboard.press('Tab')
    await expect.poll(() => tabs.count()).toBe(0)
    await page.getByRole('tabpanel', { name: 'Secrets' }).waitFor()
    await screenshot(page, 'settings-nav-600.png')
    expect(app.pageErrors).toEqual([])
  })
})
