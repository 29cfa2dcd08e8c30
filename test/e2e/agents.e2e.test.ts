/**
 * Agents end to end through browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium and the scripted model server. The person adds an agent in Settings → Agents
 * with the keyboard, gives it to the Assistant, asks in a new session (the header shows the agent),
 * opens the sub-agent's own conversation from the tool card, switches the session's agent in the
 * header, and removes the agent again.
 */
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentsResourceSchema, HostResource, SessionsResourceSchema } from '../../src/shared/hostApi'
import { alwaysOfferTools, call, read } from '../helpers/hostCalls'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const RESEARCHER_ANSWER = 'Found it: the answer is 42.'
const FINAL_ANSWER = 'The Researcher found that the answer is 42.'
const researcherTool = 'agent-researcher__chat-with-researcher'

let world: ChatWorld | undefined
let client: Client
let app: AppPage | undefined
let page: Page

const agentsNow = () => read(client, HostResource.agents, AgentsResourceSchema)
const sessionsNow = async () => (await read(client, HostResource.sessions, SessionsResourceSchema)).sessions
const agentList = () => page.getByRole('list', { name: 'Agents' })

beforeAll(async () => {
  world = await startChatWorld('agents', {
    turns: [
      { type: 'tool-calls', calls: [{ name: researcherTool, args: { prompt: 'What is the answer?' } }] },
      { type: 'text', chunks: RESEARCHER_ANSWER.match(/[\s\S]{1,8}/g)! },
      { type: 'text', chunks: FINAL_ANSWER.match(/[\s\S]{1,8}/g)! },
    ],
  })
  client = world.client
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Agents in browser mode (Electron stands in as headless Chromium)', () => {
  it('adds an agent with the keyboard, lets the Assistant ask it, opens its conversation, switches agents in the header and removes it', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Agents' }).click()
    const assistant = agentList().getByRole('listitem', { name: 'Assistant' })
    await assistant.getByText('Default').waitFor()
    expect(await assistant.getByRole('button', { name: 'Remove Assistant' }).count()).toBe(0)

    // Keyboard only: the add button, the name (focused at once), the description, Enter saves.
    await page.getByRole('button', { name: 'Add agent' }).focus()
    await page.keyboard.press('Enter')
    const form = page.getByRole('form', { name: 'Add an agent' })
    await expect.poll(() => form.getByLabel('Name').evaluate((element: { matches(selector: string): boolean }) => element.matches(':focus'))).toBe(true)
    await page.keyboard.type('Researcher')
    await form.getByLabel('What it is for (other agents read this)').fill('Finds things out.')
    await form.getByLabel('Instructions').fill('You research questions.')
    await form.getByLabel('Name').press('Enter')
    const researcher = agentList().getByRole('listitem', { name: 'Researcher' })
    await researcher.getByText(researcherTool).waitFor()
    await expect.poll(async () => (await agentsNow()).agents.find((agent) => agent.id === 'researcher')).toMatchObject({ description: 'Finds things out.', instructions: 'You research questions.' })

    // The Assistant gets the Researcher among its extensions.
    await assistant.getByRole('button', { name: 'Edit Assistant' }).click()
    const edit = page.getByRole('form', { name: 'Edit Assistant' })
    await edit.getByLabel('Only the ones chosen here').check()
    await edit.getByRole('group', { name: 'Chosen extensions' }).getByLabel('Researcher (agent)').check()
    await screenshot(page, 'agents-settings.png')
    await edit.getByRole('button', { name: 'Save agent' }).click()
    await expect.poll(async () => (await agentsNow()).agents[0]?.extensions).toEqual(['agent-researcher'])
    await alwaysOfferTools(client, [researcherTool])
    await call(client, 'permission_set', { tool: researcherTool, policy: 'always' })

    // A new session runs with the Assistant, shown in the header.
    await page.getByRole('button', { name: 'Back to the chat' }).click()
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    const picker = page.getByRole('combobox', { name: 'Agent' })
    await expect.poll(() => picker.inputValue()).toBe('assistant')
    await sendMessage(page, 'Ask the researcher')
    await page.getByText(FINAL_ANSWER).waitFor()

    // The tool card opens the Researcher's own conversation, which leads back.
    await page.getByRole('button', { name: 'Open Researcher’s conversation' }).click()
    await page.getByText(RESEARCHER_ANSWER).waitFor()
    const back = page.getByRole('button', { name: /^Asked by Assistant in/ })
    await back.waitFor()
    expect(await page.getByRole('navigation').getByText('Researcher: What is the answer?').count()).toBe(0)
    await screenshot(page, 'agents-sub-agent-conversation.png')
    await back.click()
    await page.getByText(FINAL_ANSWER).waitFor()

    // The header switches the session to the Researcher.
    await picker.selectOption({ label: 'Researcher' })
    await expect.poll(async () => (await sessionsNow()).find((session) => !session.parent)?.agentId).toBe('researcher')
    await screenshot(page, 'agents-header.png')

    // Removing the agent: confirmed in place; the session goes back to the Assistant.
    await page.getByRole('button', { name: 'Settings' }).click()
    await researcher.getByRole('button', { name: 'Remove Researcher' }).click()
    await page.getByRole('group', { name: 'Remove Researcher?' }).getByRole('button', { name: 'Remove' }).click()
    await expect.poll(async () => (await agentsNow()).agents.map((agent) => agent.id)).toEqual(['assistant'])
    await page.getByRole('button', { name: 'Back to the chat' }).click()
    await expect.poll(() => picker.inputValue()).toBe('assistant')
  })
})
