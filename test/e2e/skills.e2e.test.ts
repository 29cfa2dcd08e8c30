/**
 * Settings → Skills end to end through browser mode: the real host (`npm run host`, its home folder
 * a scratch one holding ~/.agents/skills/pdf-forms) and the built renderer in headless Chromium. The
 * skill found on disk is listed as Found (off); the person previews it through the checked path (the
 * ignored allowed-tools said so), turns it on, and the host API says it is on.
 */
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SkillsResourceSchema, SKILLS_URI } from '../../src/shared/hostApi'
import { poll, read, selectScriptedModel } from '../helpers/hostCalls'
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { connectHostClient, openAppPage, root, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

let app: AppPage
let host: HostProcess
let dataDir: string
let home: string
let page: Page
let observer: Client
let model: ScriptedModelServer

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-skills-'))
  home = await mkdtemp(join(tmpdir(), 'switchboard-e2e-skills-home-'))
  await cp(join(root, 'test/fixtures/skills/pdf-forms'), join(home, '.agents', 'skills', 'pdf-forms'), { recursive: true })
  // Personal skills come from this home, never the real one.
  host = await startHost(root, dataDir, 120_000, { HOME: home, USERPROFILE: home })
  observer = await connectHostClient(host, 'e2e-observer')
  // A model, so the composer takes messages.
  model = await startScriptedModelServer({ turns: [] })
  await selectScriptedModel(observer, model.baseUrl)
  app = await openAppPage(host)
  page = app.page
}, 180_000)

afterAll(async () => {
  await observer?.close()
  await app?.close()
  await model?.stop()
  await stopHostAndClean(host, [dataDir, home])
}, 60_000)

describe('Settings → Skills in browser mode', () => {
  it('lists a skill found on disk as off, previews it checked, and turns it on', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Skills' }).click()
    const skills = page.getByRole('list', { name: 'Skills' })
    await skills.getByText('pdf-forms', { exact: true }).waitFor()
    await expect.poll(() => skills.getByText(/Found — off until you turn it on/).isVisible()).toBe(true)
    await expect.poll(() => skills.getByText('Personal (~/.agents/skills)').isVisible()).toBe(true)

    await skills.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => skills.getByText(/Never invent data for a required field/).isVisible()).toBe(true)
    await expect.poll(() => skills.getByText(/"allowed-tools" is ignored/).isVisible()).toBe(true)

    await skills.getByRole('button', { name: 'Turn on' }).click()
    await poll(() => read(observer, SKILLS_URI, SkillsResourceSchema), (view) => view.skills[0]?.state === 'enabled', 'the skill to be on')
    await expect.poll(() => skills.getByRole('button', { name: 'Turn off' }).isVisible()).toBe(true)
  })

  it('offers the skill in the composer as /skill:pdf-forms with its source, and puts the command in the draft', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    const message = page.getByRole('textbox', { name: 'Message' })
    await expect.poll(() => message.isEnabled()).toBe(true)
    await message.click()
    await page.keyboard.type('/pdf')
    const menu = page.getByRole('listbox', { name: 'Prompts' })
    const option = menu.getByRole('option', { name: /\/skill:pdf-forms/ })
    await option.waitFor()
    expect(await option.innerText()).toContain('Skill · Personal (~/.agents/skills)')
    await message.press('Enter')
    await expect.poll(() => message.inputValue()).toBe('/skill:pdf-forms ')
  })
})
