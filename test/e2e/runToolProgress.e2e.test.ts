/**
 * A tool run by hand from its extension's page shows the tool's progress (browser mode, headless
 * Chromium, server-everything over stdio): the Run panel sends a progress token with `tool_call`,
 * the host relays the tool's `notifications/progress`, and a bar fills while the tool runs.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, ToolsResourceSchema } from '../../src/shared/hostApi'
import { addConsentedExtension, poll, read } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const everythingPath = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const TOOL = 'trigger-long-running-operation'

let host: HostProcess
let dataDir: string
let client: Client
let app: AppPage
let page: Page

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-run-progress-'))
  host = await startHost(root, dataDir)
  client = await connectHostClient(host, 'e2e-run-progress')
  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (list) => list.tools.some((tool) => tool.name === `everything__${TOOL}`), 'the everything tools', 30_000)
  app = await openAppPage(host, { timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await client?.close()
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Run panel on the extension page', () => {
  it('shows the progress the tool reports while it runs, then the result', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Everything' }).first().click()
    await page.getByRole('heading', { level: 2, name: 'Everything' }).waitFor()
    await page.getByRole('button', { name: `Run ${TOOL}` }).click()
    const run = page.getByRole('form', { name: `Run ${TOOL}` })
    // Six steps over three seconds: long enough to see the bar move.
    await run.getByLabel('Arguments (JSON)').fill('{"duration": 3, "steps": 6}')
    await run.getByRole('button', { name: 'Run', exact: true }).click()

    const bar = run.getByRole('progressbar', { name: `Progress of ${TOOL}` })
    await bar.waitFor()
    const seen = new Set<string>()
    await expect
      .poll(async () => {
        const value = await bar.getAttribute('aria-valuenow').catch(() => null)
        if (value !== null) seen.add(value)
        return [...seen].some((percent) => Number(percent) > 0 && Number(percent) < 100)
      }, { timeout: 10_000, interval: 100 })
      .toBe(true)
    await screenshot(run, 'extension-run-progress.png')

    // Done: the bar goes, the result stays.
    await run.getByRole('region', { name: 'Result' }).getByText('Long running operation completed', { exact: false }).waitFor({ timeout: 20_000 })
    expect(await bar.count()).toBe(0)
  })
})
