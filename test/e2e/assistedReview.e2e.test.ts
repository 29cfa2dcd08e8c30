/**
 * Assisted review end to end in browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium, the fixture MCP server over stdio, and the scripted model server as both the chat
 * model and the rating model (one OpenAI-compatible provider; its turns are played in the order the
 * requests arrive: the chat's tool call, then the rating of that call, then the chat again).
 * Settings → Permissions turns assisted review on and says where the arguments go; the approval
 * dialog of the model's call shows the rating when it arrives; *Allow for this session* runs the call
 * and the same tool then runs without a question in that session.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, PermissionsResourceSchema, ToolsResourceSchema } from '../../src/shared/hostApi'
import { addConsentedExtension, alwaysOfferTools, call, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')
const REASON = 'It only echoes the text back.'
const DONE = 'Both echoed.'

let world: ChatWorld
let app: AppPage
let page: Page

beforeAll(async () => {
  world = await startChatWorld('assisted-review', {
    turns: [
      { type: 'tool-calls', calls: [{ name: 'fixture__echo', args: { text: 'first' } }] },
      { type: 'text', chunks: [JSON.stringify({ risk: 'high', reason: REASON })] },
      { type: 'tool-calls', calls: [{ name: 'fixture__echo', args: { text: 'second' } }] },
      { type: 'text', chunks: [DONE] },
    ],
  })
  // Untrusted, so its read-only echo asks in Ask mode: a question of the mode alone.
  await addConsentedExtension(world.client, { id: 'fixture', name: 'fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
  await poll(() => read(world.client, HostResource.tools, ToolsResourceSchema), ({ tools }) => tools.some((tool) => tool.name === 'fixture__echo'), 'the echo tool')
  await alwaysOfferTools(world.client, ['fixture__echo'])
  await call(world.client, 'permission_mode_set', { mode: 'ask' })
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 900 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Assisted review in browser mode (Electron stands in as headless Chromium)', () => {
  it('is turned on in Settings, shows its rating in the dialog, and "Allow for this session" stops the next question', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Permissions' }).click()
    const section = page.getByRole('region', { name: 'Assisted review' })
    await section.getByRole('checkbox', { name: 'Rate calls that ask' }).check()
    await section.getByLabel('Rated by').selectOption({ label: 'Scripted' })
    // The scripted provider listens on 127.0.0.1: the page says the arguments stay on this computer.
    await section.getByText('The provider runs on this computer: the arguments stay here.').waitFor()
    const saved = await poll(() => read(world.client, HostResource.permissions, PermissionsResourceSchema), (view) => view.assistedReview?.settings.providerId === 'scripted', 'assisted review saved')
    expect(saved.assistedReview?.settings).toMatchObject({ enabled: true, providerId: 'scripted', modelId: 'scripted-model', autoAllowLow: false })

    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await expect.poll(() => box.isEnabled()).toBe(true)
    await box.fill('Echo two things, please.')
    await page.keyboard.press('Enter')

    // The dialog shows the rating once it arrives; the call still waits for the person.
    const dialog = page.getByRole('dialog')
    const review = dialog.getByRole('region', { name: 'Assisted review' })
    await review.getByText('High risk').waitFor({ timeout: 30_000 })
    await review.getByText(REASON).waitFor()
    await dialog.getByRole('button', { name: 'Allow for this session' }).click()

    // The second call of the same tool in this session runs without a dialog, and the turn ends.
    await page.getByText(DONE).waitFor({ timeout: 30_000 })
    expect(await dialog.count()).toBe(0)
    // Four requests: the chat, the one rating, the chat after each call — the second call was not rated.
    expect(world.models.modelRequests).toHaveLength(4)
    const ratingRequest = JSON.stringify(world.models.modelRequests[1]?.body)
    expect(ratingRequest).toContain('fixture__echo')
    expect(ratingRequest).toContain('first')
  })
})
