/**
 * What an App cannot make the window or the network do, end to end in browser mode against a real
 * App server (test/fixtures/servers/hostileAppServer.mjs, over stdio) whose App misbehaves: WebRTC
 * towards a loopback UDP canary (its own document, nested frames it writes, one hidden in a closed
 * declarative shadow root, one in a shadow root made later) sends nothing; a message over the size
 * limit and a burst of requests are stopped in the sandbox proxy (counted where the window listens),
 * the App told why; a ui/message shows what it hides, escaped, and one too long is refused.
 */
import { createSocket, type Socket } from 'node:dgram'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_MESSAGE_LIMITS } from '../../src/main/host/apps/appSandboxPage'
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

/** Counts, in the window, the messages that reach it from frames (Apps' proxies); it never reads their data. */
const COUNT_IN_WINDOW = `(() => {
  window.fromFrames = 0
  if (window.countingFrames) return
  window.countingFrames = true
  window.addEventListener('message', (event) => { if (event.source !== window) window.fromFrames++ })
})()`

/** In the App: posts `message` to its proxy as the App SDK does and resolves with the answer to its id. */
const ASK = `(message) => new Promise((resolve) => {
  const onMessage = (event) => {
    if (!event.data || event.data.id !== message.id || event.data.method) return
    window.removeEventListener('message', onMessage)
    resolve(event.data)
  }
  window.addEventListener('message', onMessage)
  window.parent.postMessage(message, '*')
})`

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
      { type: 'text', chunks: ['Got the note from the App.'] },
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

  it('drops a message over the size limit in the sandbox, before the window sees it, and tells the App', async () => {
    const frame = await showApp()
    await page.evaluate(COUNT_IN_WINDOW)
    const answers = (await frame.evaluate(`(async () => {
      const ask = ${ASK}
      const big = await ask({ jsonrpc: '2.0', id: 'big', method: 'ping', params: { pad: 'x'.repeat(8 * 1024 * 1024) } })
      const small = await ask({ jsonrpc: '2.0', id: 'small', method: 'ping' })
      return { big, small }
    })()`)) as { big: { error?: { code: number; message: string } }; small: { result?: unknown } }
    expect(answers.big.error).toEqual({ code: -32000, message: 'The message was not delivered: it is 8.0 MB, more than the 2.0 MB an App may send at once. Send less at a time.' })
    expect(answers.small.result).toEqual({})
    // Only the small one reached the window.
    expect(await page.evaluate('window.fromFrames')).toBe(1)
  })

  it("rate-limits a burst of the App's requests in the sandbox: what gets through reaches the window, the rest is refused to the App", async () => {
    const frame = await showApp()
    await page.evaluate(COUNT_IN_WINDOW)
    const burst = 10_000
    const counted = (await frame.evaluate(`(async () => {
      const started = performance.now()
      const counts = { answered: 0, refused: 0, other: 0 }
      await new Promise((resolve) => {
        let pending = ${burst}
        window.addEventListener('message', (event) => {
          const data = event.data
          if (!data || typeof data.id !== 'string' || !data.id.startsWith('burst-') || data.method) return
          if (data.result) counts.answered++
          else if (data.error && data.error.code === -32000 && data.error.message.includes('more than its window takes')) counts.refused++
          else counts.other++
          if (--pending === 0) resolve()
        })
        for (let i = 0; i < ${burst}; i++) window.parent.postMessage({ jsonrpc: '2.0', id: 'burst-' + i, method: 'ping' }, '*')
      })
      return { ...counts, seconds: (performance.now() - started) / 1000 }
    })()`)) as { answered: number; refused: number; other: number; seconds: number }
    expect(counted.other).toBe(0)
    expect(counted.answered + counted.refused).toBe(burst)
    // The whole burst allowance, then no more than the steady rate for as long as the burst lasted.
    expect(counted.answered).toBeGreaterThanOrEqual(APP_MESSAGE_LIMITS.burst)
    expect(counted.answered).toBeLessThanOrEqual(APP_MESSAGE_LIMITS.burst + Math.ceil(counted.seconds * APP_MESSAGE_LIMITS.perSecond))
    expect(counted.answered).toBeLessThan(burst / 5)
    // Exactly what got through reached the window; the refused never did.
    expect(await page.evaluate('window.fromFrames')).toBe(counted.answered)
  })

  it("keeps the latest of each kind of notification it holds back, so an App's last size change still arrives", async () => {
    const frame = await showApp()
    // 500 size changes at once, far past the burst: the last (333 px) must win, not one held back.
    await frame.evaluate(`(() => {
      for (let i = 0; i < 500; i++) window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: i === 499 ? 333 : 100 + (i % 200) } }, '*')
    })()`)
    const card = page.locator('[data-app-of="hostile"] iframe').first()
    await expect.poll(() => card.getAttribute('style')).toContain('height: 333px')
  })

  it('shows what a ui/message hides, escaped, and refuses one longer than an App may send', async () => {
    const frame = await showApp()
    // The tests before drained the App's allowance in its proxy (a token bucket): sent at once, the
    // message could be refused for the rate (a CI run saw that), not for what it says. The whole
    // allowance is back after burst / perSecond seconds.
    await new Promise((resolve) => setTimeout(resolve, (1000 * APP_MESSAGE_LIMITS.burst) / APP_MESSAGE_LIMITS.perSecond))
    const answers = (await frame.evaluate(`(async () => {
      const ask = ${ASK}
      const text = (value) => ({ role: 'user', content: [{ type: 'text', text: value }] })
      const shown = await ask({ jsonrpc: '2.0', id: 'note', method: 'ui/message', params: text('A note \u202Efrom\u202C the App') })
      const long = await ask({ jsonrpc: '2.0', id: 'long', method: 'ui/message', params: text('x'.repeat(30000)) })
      return { shown, long }
    })()`)) as { shown: { result?: unknown }; long: { error?: { message: string } } }
    expect(answers.shown.result).toEqual({})
    expect(answers.long.error?.message).toContain("sent a message of 30000 characters, more than the 20000 an App's message may have; nothing was added.")
    const note = page.getByRole('article', { name: 'App of Hostile' })
    await expect.poll(() => note.innerText()).toContain('A note ⟦U+202E⟧from⟦U+202C⟧ the App')
    await page.getByText('Got the note from the App.').waitFor()
  })
})
