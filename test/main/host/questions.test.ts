/**
 * Questions from extensions (elicitation) through the host API, against real servers over stdio:
 * server-everything's `trigger-elicitation-request` (form mode) and `trigger-url-elicitation` (URL
 * mode), and the fixture server for the cases a well-behaved server never sends (unsupported
 * schemas, a cancelled request, `notifications/elicitation/complete`).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, ExtensionLogResourceSchema, HostResource, ToolsResourceSchema, extensionLogUri, type Elicitation, type FormElicitation, type UrlElicitation } from '../../../src/shared/hostApi'
import { call, poll, read } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { everythingPath, expectNoChildren, fixtureServerPath } from '../extensions/harness'

let hosts: TestHost[] = []
let pages: Server | undefined
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.stop()))
  hosts = []
  await new Promise((resolve) => (pages ? pages.close(resolve) : resolve(undefined)))
  pages = undefined
  await expectNoChildren()
})

const servers = {
  everything: { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] },
  fixture: { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] },
}

async function hostWith(server: keyof typeof servers, options: Parameters<typeof startTestHost>[1] = {}) {
  const h = await startTestHost(undefined, options)
  hosts.push(h)
  const client = await h.connectOverWebSocket()
  await call(client, 'extension_add', { config: servers[server] })
  const [consent] = await pending(client)
  await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
  const probe = server === 'everything' ? 'everything__trigger-elicitation-request' : 'fixture__ask_client'
  await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === probe), `${server} tools`)
  return { h, client }
}

const pending = async (client: Client): Promise<Elicitation[]> => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
async function question<K extends 'form' | 'url'>(client: Client, kind: K): Promise<K extends 'form' ? FormElicitation : UrlElicitation> {
  const list = await poll(() => pending(client), (items) => items.some((item) => item.kind === kind), `a ${kind} question`)
  return list.find((item) => item.kind === kind) as K extends 'form' ? FormElicitation : UrlElicitation
}
const text = (result: object) => ((result as { content: { type: string; text?: string }[] }).content).map((block) => block.text ?? '').join('\n')
/** server-everything reports what it received as "Raw result: {json}". */
const rawResult = (result: object) => JSON.parse(text(result).split('Raw result: ')[1]!) as { action: string; content?: Record<string, unknown> }
const runTool = (client: Client, name: string, args: Record<string, unknown> = {}) => call(client, 'tool_call', { name, arguments: args })

describe('form questions (server-everything trigger-elicitation-request)', () => {
  it('shows the generated form, refuses a bad answer in main, and fills in every default the answer left out', async () => {
    const { client } = await hostWith('everything')
    const run = runTool(client, 'everything__trigger-elicitation-request')
    const form = await question(client, 'form')
    expect(form).toMatchObject({ origin: { extensionId: 'everything', extensionName: 'Everything' }, message: 'Please provide inputs for the following fields:' })
    expect(Date.parse(form.expiresAt) - form.created).toBe(10 * 60_000)
    expect(form.fields.map((field) => `${field.name}:${field.type}`)).toEqual([
      'name:string', 'check:boolean', 'firstLine:string', 'email:string', 'homepage:string', 'birthdate:string', 'integer:number', 'number:number',
      'untitledSingleSelectEnum:select', 'untitledMultipleSelectEnum:multiselect', 'titledSingleSelectEnum:select', 'titledMultipleSelectEnum:multiselect', 'legacyTitledEnum:select',
    ])
    expect(form.fields.find((field) => field.name === 'legacyTitledEnum')).toMatchObject({ options: expect.arrayContaining([{ value: 'pet-2', label: 'Dogs' }]) })

    // The renderer is not trusted: main checks the answer again and the question stays open.
    await expect(call(client, 'elicitation_respond', { id: form.id, action: 'accept', content: { name: 'Ada', integer: 500, email: 'not-an-email' } })).rejects.toThrow(/email address.*Integer must be at most 100/)
    await expect(call(client, 'elicitation_respond', { id: form.id, action: 'accept', content: {} })).rejects.toThrow('String is required.')
    expect((await pending(client)).map((item) => item.id)).toContain(form.id)

    // The page is reloaded (its connection closes, a new one opens): the question is still there and can be answered.
    const page = await hosts[0]!.connectOverWebSocket()
    expect((await pending(page)).find((item) => item.id === form.id)).toEqual(form)
    await page.close()
    const reloaded = await hosts[0]!.connectOverWebSocket()
    expect((await pending(reloaded)).find((item) => item.id === form.id)).toEqual(form)
    await call(reloaded, 'elicitation_respond', { id: form.id, action: 'accept', content: { name: 'Ada', check: true } })
    expect(rawResult(await run)).toMatchObject({ action: 'accept', content: { name: 'Ada', check: true, integer: 42 } })
  })

  it('answers accept with defaults for every untouched optional field', async () => {
    const { client } = await hostWith('everything')
    const run = runTool(client, 'everything__trigger-elicitation-request')
    const form = await question(client, 'form')
    await call(client, 'elicitation_respond', { id: form.id, action: 'accept', content: { name: 'Ada Lovelace' } })
    const raw = rawResult(await run)
    expect(raw).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        firstLine: 'It was a dark and stormy night.',
        integer: 42,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    })
    expect(await pending(client)).toEqual([])
  })

  it('an optional field answered with empty text gets its default, checked in main', async () => {
    const { client } = await hostWith('everything')
    const run = runTool(client, 'everything__trigger-elicitation-request')
    const form = await question(client, 'form')
    await call(client, 'elicitation_respond', { id: form.id, action: 'accept', content: { name: 'Ada', firstLine: '', untitledSingleSelectEnum: '' } })
    expect(rawResult(await run).content).toMatchObject({ name: 'Ada', firstLine: 'It was a dark and stormy night.', untitledSingleSelectEnum: 'Monica' })
    // Answering again is a replay, and says so.
    await expect(call(client, 'elicitation_respond', { id: form.id, action: 'decline' })).rejects.toThrow(`The approval or question "${form.id}" was already answered; that answer stands`)
  })

  it.each(['decline', 'cancel'] as const)('passes %s on to the server, without content', async (action) => {
    const { client } = await hostWith('everything')
    const run = runTool(client, 'everything__trigger-elicitation-request')
    const form = await question(client, 'form')
    await call(client, 'elicitation_respond', { id: form.id, action, content: { name: 'ignored' } })
    expect(rawResult(await run)).toEqual({ action })
    expect(await pending(client)).toEqual([])
  })

  it('cancels a question nobody answers in time and says so in the extension log', async () => {
    const { client } = await hostWith('everything', { questionTimeoutMs: 400 })
    const run = runTool(client, 'everything__trigger-elicitation-request')
    await question(client, 'form')
    expect(rawResult(await run)).toEqual({ action: 'cancel' })
    expect(await pending(client)).toEqual([])
    const log = await read(client, extensionLogUri('everything'), ExtensionLogResourceSchema)
    expect(log.entries.map((entry) => entry.text)).toContainEqual(expect.stringContaining('nobody answered it within'))
  })
})

describe('URL questions', () => {
  it('shows the full link and where it goes, fetches nothing, and opens it only through the opener when asked', async () => {
    let requests = 0
    pages = createServer((_req, res) => {
      requests++
      res.end('the page')
    })
    await new Promise<void>((resolve) => pages!.listen(0, '127.0.0.1', resolve))
    const port = (pages.address() as { port: number }).port
    const link = `http://127.0.0.1:${port}/authorize?state=abc`
    const opened: string[] = []
    const { client } = await hostWith('everything', { openExternal: (url) => void opened.push(url) })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'everything__trigger-url-elicitation'), 'the URL tool')

    const run = runTool(client, 'everything__trigger-url-elicitation', { url: link, message: 'Sign in to continue.', elicitationId: 'flow-1' })
    const asked = await question(client, 'url')
    expect(asked).toMatchObject({ url: link, scheme: 'http', host: `127.0.0.1:${port}`, message: 'Sign in to continue.', origin: { extensionName: 'Everything' } })
    expect(asked.warnings.join(' ')).toMatch(/not encrypted.*bare IP address/)
    expect(await call(client, 'open_external', { url: asked.url })).toMatchObject({ structuredContent: { opened: true } })
    expect(opened).toEqual([link])
    await call(client, 'elicitation_respond', { id: asked.id, action: 'accept' })
    expect(text(await run)).toContain('User completed the URL elicitation flow')
    // Neither main nor the opener (which only records here) ever fetched the page.
    expect(requests).toBe(0)
  })

  it('in browser mode there is no opener: the page is told to open the link itself', async () => {
    const { client } = await hostWith('fixture')
    expect(await call(client, 'open_external', { url: 'https://example.com/' })).toMatchObject({ structuredContent: { opened: false } })
  })
})

describe('what a misbehaving server may send (fixture server)', () => {
  const ask = (client: Client, params: Record<string, unknown>, notify?: Record<string, unknown>) =>
    runTool(client, 'fixture__ask_client', { method: 'elicitation/create', params, ...(notify ? { notify } : {}) })

  it('answers an unsupported schema or link with an error naming why, and shows nothing', async () => {
    const { client } = await hostWith('fixture')
    const pattern = await ask(client, { message: 'Code?', requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]+$' } } } })
    expect(text(pattern)).toMatch(/cannot show this form: field \\?"code\\?" uses \\?"pattern\\?"/)
    const bounds = await ask(client, { message: 'N?', requestedSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 9, maximum: 1 } } } })
    expect(text(bounds)).toContain('minimum is above its maximum')
    const script = await ask(client, { mode: 'url', message: 'Open', url: 'javascript:alert(1)', elicitationId: 'x' })
    expect(text(script)).toContain('opens only https links')
    const credentials = await ask(client, { mode: 'url', message: 'Open', url: 'https://bank.example@evil.example/', elicitationId: 'y' })
    expect(text(credentials)).toContain('user name or password')
    expect(await pending(client)).toEqual([])
  })

  it('removes a question whose request the server cancelled, and closes a URL question the server reports complete', async () => {
    const { client } = await hostWith('fixture')
    const form = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }
    const cancelled = ask(client, form, { method: 'notifications/cancelled', params: { requestId: 'self', reason: 'no longer needed' }, afterMs: 300 })
    cancelled.catch(() => undefined) // The fixture never answers its own cancelled request; the host stops it at the end.
    await question(client, 'form')
    await poll(() => pending(client), (items) => items.length === 0, 'the cancelled question to go')

    const flow = ask(client, { mode: 'url', message: 'Finish in the browser', url: 'https://example.com/flow', elicitationId: 'flow-9' }, {
      method: 'notifications/elicitation/complete',
      params: { elicitationId: 'flow-9' },
      afterMs: 300,
    })
    await question(client, 'url')
    expect(JSON.parse(text(await flow))).toEqual({ result: { action: 'cancel' } })
    expect(await pending(client)).toEqual([])
    const log = await read(client, extensionLogUri('fixture'), ExtensionLogResourceSchema)
    expect(log.entries.map((entry) => entry.text)).toContainEqual(expect.stringContaining('browser step flow-9 is complete'))
  })
})
