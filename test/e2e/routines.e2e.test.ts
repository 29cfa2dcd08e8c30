/**
 * Routines end to end through browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium and the scripted model server. From a conversation, *Repeat this…* opens
 * Settings → Routines with the agent and the last message filled in; the form shows the schedule in
 * words and cron and the next five run times before saving, and refuses a cron that cannot run;
 * the saved routine is listed with its next run; *Run now* runs it and its last run links to the
 * run's conversation; *Delete* asks first.
 */
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, RoutinesResourceSchema } from '../../src/shared/hostApi'
import { read } from '../helpers/hostCalls'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

let world: ChatWorld | undefined
let client: Client
let app: AppPage | undefined
let page: Page

const routinesNow = () => read(client, HostResource.routines, RoutinesResourceSchema)

beforeAll(async () => {
  world = await startChatWorld('routines', {
    turns: [
      { type: 'text', chunks: ['Two new issues.'] },
      { type: 'text', chunks: ['Today: one new issue.'] },
    ],
  })
  client = world.client
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Routines in browser mode (Electron stands in as headless Chromium)', () => {
  it('repeats a conversation as a routine: next five runs before saving, Run now, the run linking to its conversation, delete asks', async () => {
    await sendMessage(page, 'Summarise the open issues')
    await page.getByText('Two new issues.').waitFor()
    await page.getByRole('button', { name: 'Repeat this…' }).click()

    const form = page.getByRole('form', { name: 'New routine' })
    await expect.poll(() => form.getByLabel('What the agent is asked each time').inputValue()).toBe('Summarise the open issues')
    await form.getByLabel('Name').fill('Issues')
    await form.getByLabel('Time zone').fill('Europe/Berlin')
    const next = form.getByRole('status', { name: 'Next runs' })
    await next.getByText('Weekdays at 08:00 (Europe/Berlin)').waitFor()
    await next.getByText('0 8 * * 1-5').waitFor()
    await expect.poll(() => next.getByRole('listitem').count()).toBe(5)
    // A cron that never comes is refused before saving, naming the problem.
    await form.getByLabel('Schedule').selectOption('cron')
    await form.getByLabel('Cron (minute hour day month weekday)').fill('0 8 30 2 *')
    await next.getByText(/names a date that never comes/).waitFor()
    expect(await form.getByRole('button', { name: 'Add routine' }).isDisabled()).toBe(true)
    await form.getByLabel('Schedule').selectOption('weekdays')
    await expect.poll(() => next.getByRole('listitem').count()).toBe(5)
    await screenshot(page, 'routines-form.png')
    await form.getByRole('button', { name: 'Add routine' }).click()

    const row = page.getByRole('list', { name: 'Routines' }).getByRole('listitem', { name: 'Issues' })
    await row.getByText(/Next run:/).waitFor()
    await expect.poll(async () => (await routinesNow()).routines[0]).toMatchObject({ name: 'Issues', prompt: 'Summarise the open issues', agentId: 'assistant', cron: '0 8 * * 1-5', timeZone: 'Europe/Berlin' })

    await row.getByRole('button', { name: 'Run Issues now' }).click()
    const runs = row.getByRole('list', { name: 'Last runs of Issues' })
    await runs.getByRole('button', { name: 'Done' }).waitFor({ timeout: 30_000 })
    await screenshot(page, 'routines-settings.png')
    await runs.getByRole('button', { name: 'Done' }).click()
    await page.getByText('Today: one new issue.').waitFor()

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Routines' }).click()
    await row.getByRole('button', { name: 'Delete Issues' }).click()
    await page.getByRole('group', { name: 'Delete Issues?' }).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(async () => (await routinesNow()).routines).toEqual([])
  })
})
