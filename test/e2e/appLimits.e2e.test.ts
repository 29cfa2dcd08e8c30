/**
 * What an App cannot make the window or the network do, end to end in browser mode against a real
 * App server (test/fixtures/servers/hostileAppServer.mjs, over stdio) whose App misbehaves: WebRTC
 * towards a loopback UDP canary (its own document, nested frames it writes, one hidden in a closed
 * declarative shadow root, one in a shadow root made later) sends nothing.
 */
import { createSocket, type Socket } from 'node:dgram'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppsResourceSchema, HostResource } from '../../src/shared/hostApi'
import { addConsentedExtension, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const serverPath = join(root, 'test/fixtures/servers/hostileAppServer.mjs')
const TOOL = 'hostile__show'

let world: ChatWorld | undefined
let app: AppPage
let page: Page
let client: Client
/** A UDP socket on loopback that counts every datagram an App manages to send it. */
let canary: Socket
let canaryPackets = 0

const messageBox = () => page.getByRole('textbox', { name: 'Message' })

/** The App's own document: the inner frame of the sandbox proxy (about:srcdoc). */
async function appFrame(): Promise<Frame> {
  let found: Frame | undefined
  await expect
    .poll(
      async () => {
        found = page.frames().find((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.url().includes('/app/'))
        return found ? await found.evaluate('window.ready === true').catch(() => false) : false
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

let shown = false
/** The model calls the tool (allowed once in the dialog) and the card shows the App; once per file. */
async function showApp(): Promise<Frame> {
  if (!shown) {
    shown = true
    await expect.poll(() => messageBox().isEnabled()).toBe(true)
    await messageBox().fill('Show me the App.')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Allow once' }).click()
  }
  return appFrame()
}

/** Long enough for ICE to send its first STUN requests (they go out within milliseconds) and a retry. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500))

beforeAll(async () => {
  canary = createSocket('udp4')
  canary.on('message', () => canaryPackets++)
  await new Promise<void>((resolve) => canary.bind(0, '127.0.0.1', resolve))
  world = await startChatWorld('app-limits', {
    models: ['scripted-model'],
    turns: [
      { type: 'tool-calls', text: ['Showing the App.'], calls: [{ name: TOOL, args: {} }] },
      { type: 'text', chunks: ['Shown.'] },
    ],
  }, { alwaysOffer: [TOOL] })
  client = world.client
  await addConsentedExtension(client, { id: 'hostile', name: 'Hostile', type: 'stdio', command: process.execPath, args: [serverPath], env: { CANARY_PORT: String(canary.address().port) } })
  await poll(() => read(client, HostResource.apps, AppsResourceSchema), (apps) => apps.tools.some((tool) => tool.name === TOOL && tool.available), 'the App tool in switchboard://apps', 30_000)
  app = await openAppPage(world.host, { timeoutMs: 20_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()))
}, 60_000)

describe('MCP App limits in browser mode (headless Chromium)', () => {
  it('sends nothing over WebRTC: not from its document, nor from nested frames it writes, shadow roots included', async () => {
    const frame = await showApp()
    // What the App tried as it loaded (its document, a nested frame in its HTML, one in a closed declarative shadow root).
    await settle()
    const atLoad = (await frame.evaluate('window.rtcResults')) as string[]
    expect(atLoad.some((line) => line.startsWith('document: '))).toBe(true)
    expect(atLoad.filter((line) => line.endsWith(': created'))).toEqual([])
    // And later: in its document again, in a nested frame, in a nested frame inside a closed shadow root.
    for (const kind of ['document', 'frame', 'shadow']) await frame.evaluate(`window.tryRtc(${JSON.stringify(kind)})`)
    await settle()
    const all = (await frame.evaluate('window.rtcResults')) as string[]
    expect(all.filter((line) => line.endsWith(': created'))).toEqual([])
    expect(all.find((line) => line.startsWith('document again: '))).toMatch(/^document again: refused: .*WebRTC/)
    expect(canaryPackets).toBe(0)
    // The frames it wrote were taken out; the App itself still runs, in standards mode (the guard went after its doctype).
    expect(frame.childFrames()).toEqual([])
    expect(await frame.evaluate('document.compatMode')).toBe('CSS1Compat')
    expect(await frame.locator('p', { hasText: 'Hostile App' }).count()).toBe(1)
  })
})
