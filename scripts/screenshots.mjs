// `npm run screenshots`: the pictures in docs/images/, taken from the real app in browser mode.
// It starts the built host (`npm run host`, which builds first when out/ is stale) on a fresh data
// folder, sets up the scripted model server (test/fixtures/modelServer) as the provider and the
// filesystem MCP server over a small notes folder as an extension, drives headless Chromium through
// one conversation with an approved tool call, and writes each screen at a fixed size, light and
// dark. Runs under tsx (the fixtures are TypeScript); not part of `npm test`. Needs a Chromium,
// Chrome or Edge (SWITCHBOARD_CHROMIUM=/path/to/browser names one).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startScriptedModelServer } from '../test/fixtures/modelServer/scriptedModelServer.ts'
import { launchChromium } from '../test/e2e/chromium.ts'
import { startHost } from '../test/e2e/hostProcess.ts'
import { addConsentedExtension, call, poll, read } from '../test/helpers/hostCalls.ts'
import { ExtensionsResourceSchema, HostResource, ToolsResourceSchema } from '../src/shared/hostApi.ts'
import { WebSocketClientTransport } from '../src/shared/webSocketClientTransport.ts'
import { Client } from '@modelcontextprotocol/client'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const imagesDir = join(root, 'docs', 'images')
/** Every picture is this size, so that they line up on the page and a new run replaces them in place. */
const VIEWPORT = { width: 1280, height: 800 }
const filesystemServer = join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')

const NOTES = {
  'groceries.md': '# Groceries\n\n- oat milk\n- lemons\n- coffee beans\n',
  'trip-to-lisbon.md': '# Lisbon, 12–16 March\n\nFlights booked. Still to do: the hotel, a day trip to Sintra.\n',
  'meeting-2026-11-30.md': '# Team sync\n\n- release on Friday\n- Ana reviews the installer\n',
  'reading-list.md': '# Reading list\n\n- The Pragmatic Programmer\n- Designing Data-Intensive Applications\n',
}

const QUESTION = 'What is in my notes folder? Anything I should act on this week?'
const REPLY = `Your notes folder holds four files. Here is what needs you this week:

| Note | What it is | To do |
|---|---|---|
| \`trip-to-lisbon.md\` | your trip, 12–16 March | book the hotel and the Sintra day trip |
| \`meeting-2026-11-30.md\` | notes of the team sync | the release is on **Friday** |
| \`groceries.md\` | a shopping list | three items left |
| \`reading-list.md\` | books to read | nothing urgent |

Shall I draft a checklist for Friday's release?`

/** The id the scripted server lists and answers as. */
const MODEL = 'local-model'

const chunks = (text) => text.match(/[\s\S]{1,12}/g)

async function main() {
  // A fixed folder, so that the path in the pictures stays the same from run to run.
  const work = join(tmpdir(), 'switchboard-screenshots')
  await rm(work, { recursive: true, force: true })
  const notesDir = join(work, 'Notes')
  await mkdir(notesDir, { recursive: true })
  for (const [name, text] of Object.entries(NOTES)) await writeFile(join(notesDir, name), text)
  await mkdir(imagesDir, { recursive: true })

  const listCall = { name: 'filesystem__list_directory', args: { path: notesDir } }
  const models = await startScriptedModelServer({
    models: [MODEL],
    turns: [
      { type: 'tool-calls', text: ['I will look in your notes folder.'], calls: [listCall] },
      { type: 'text', chunks: chunks(REPLY), delayMs: 5 },
    ],
  })
  const host = await startHost(root, join(work, 'data'))
  let client
  let browser
  try {
    // Any MCP client with the token is a window as far as the host is concerned.
    client = new Client({ name: 'screenshots', version: '1.0.0' })
    await client.connect(new WebSocketClientTransport(new URL(`${host.info.mcp}?token=${host.info.token}`)))
    // A provider as a person would add one (Settings → Models & keys), named for the picture.
    await call(client, 'provider_save', { provider: { id: 'local', kind: 'openai-compatible', name: 'Local model server', baseUrl: models.baseUrl, models: [MODEL] } })
    await call(client, 'model_select', { providerId: 'local', modelId: MODEL })
    await addConsentedExtension(client, { id: 'filesystem', name: 'Filesystem', type: 'stdio', command: process.execPath, args: [filesystemServer, notesDir], env: {} })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), ({ tools }) => tools.some((tool) => tool.name === listCall.name), 'the filesystem tools', 30_000)
    // The scripted model calls the tool without searching for it first.
    await call(client, 'tool_set_always_offer', { name: listCall.name, alwaysOffer: true })
    await call(client, 'permission_mode_set', { mode: 'ask' })

    browser = await launchChromium()
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', deviceScaleFactor: 1 })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${host.info.url}?token=${host.info.token}`)
    await page.getByRole('navigation', { name: 'Sessions' }).waitFor()

    // The chat: a question, the tool call waiting for approval, then the answer.
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await poll(() => box.isEnabled(), (enabled) => enabled, 'the message box')
    await box.fill(QUESTION)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    const allow = dialog.getByRole('button', { name: 'Allow once' })
    await poll(() => allow.isEnabled(), (enabled) => enabled, 'the armed Allow button')
    await shoot(page, 'approval')
    await allow.click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Shall I draft a checklist', { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    await shoot(page, 'chat')

    // Settings → Extensions: the filesystem server running beside the built-ins.
    await poll(() => read(client, HostResource.extensions, ExtensionsResourceSchema), ({ extensions }) => extensions.some((e) => e.id === 'filesystem' && e.status === 'ready'), 'the extension ready')
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByText('Filesystem', { exact: true }).first().waitFor()
    await shoot(page, 'settings-extensions')

    await page.getByRole('tab', { name: 'Models & keys' }).click()
    await page.getByRole('list', { name: 'Providers' }).getByRole('listitem', { name: 'Local model server' }).waitFor()
    await shoot(page, 'settings-models')
    console.log(`Screenshots written to ${imagesDir}`)
  } finally {
    await browser?.close()
    await client?.close()
    await models.stop()
    await host.stop()
    await rm(work, { recursive: true, force: true })
  }
}

/** `name`.png in the light scheme and `name`-dark.png in the dark one (the app follows the system's); ends light. */
async function shoot(page, name) {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme })
    await poll(async () => ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).includes('dark'), (dark) => dark === (scheme === 'dark'), `the ${scheme} scheme`)
    // No hover or focus ring in the picture.
    await page.mouse.move(0, 0)
    await page.evaluate('document.activeElement?.blur()')
    const file = join(imagesDir, scheme === 'light' ? `${name}.png` : `${name}-dark.png`)
    await page.screenshot({ path: file, animations: 'disabled' })
    console.log(`  ${file.slice(root.length + 1)}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

main().catch((error) => {
  console.error(`screenshots: ${error instanceof Error ? error.stack : String(error)}`)
  process.exitCode = 1
})
