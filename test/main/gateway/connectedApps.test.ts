/**
 * Connected apps end to end: a real host, its window as an SDK client over WebSocket, and an
 * outside app as an SDK v2 client over streamable HTTP (both protocol revisions). Refused without a
 * token (the knock becomes an approval in the window), allowed with one, its agent tool runs
 * against the scripted model, a gateway tool asks in the window naming the app, revocation cuts
 * it off mid-session, no token is left unhashed in any file, what an app attaches for an agent
 * is limited to what its own results linked it to, sessions per app are capped, and wrong tokens
 * are limited.
 */
import { describe, expect, it, vi } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { Client as WindowClient } from '@modelcontextprotocol/client'
import {
  ConnectedAppsResourceSchema,
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  IssuedTokenSchema,
  SessionsResourceSchema,
  ProgressResourceSchema,
  ToolsResourceSchema,
  historyUri,
  type Elicitation,
} from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'
import { hashAppToken } from '../../../src/main/gateway/appTokens'

const MODERN = { mode: { pin: '2026-07-28' } } as const

let model: ScriptedModelServer | undefined
const outside: Client[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await Promise.all(outside.splice(0).map((client) => client.close().catch(() => undefined)))
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

async function hostWithEndpoint() {
  const h = await startTestHost()
  const window = await h.connectOverWebSocket()
  const view = ConnectedAppsResourceSchema.parse((await call(window, 'connected_apps_set_enabled', { enabled: true })).structuredContent)
  expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
  return { h, window, url: view.url! }
}

function outsideClient(name: string, url: string, token?: string, negotiation?: typeof MODERN) {
  const client = new Client({ name, version: '1.0.0' }, negotiation ? { versionNegotiation: negotiation } : {})
  outside.push(client)
  const transport = new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {})
  return { client, connect: () => client.connect(transport) }
}

const connectionApprovals = async (window: WindowClient) =>
  (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e): e is Elicitation & { kind: 'approval' } => e.kind === 'approval' && e.subject.type === 'connected-app')

/** The outside app knocks, the person allows it in the window: its token. */
async function allowedApp(window: WindowClient, url: string, name: string) {
  await expect(outsideClient(name, url).connect()).rejects.toThrow()
  const [approval] = await poll(() => connectionApprovals(window), (list) => list.length === 1, 'the connection approval')
  expect(approval!.subject).toMatchObject({ type: 'connected-app', clientName: name })
  expect(approval!.origin.caller).toEqual({ kind: 'connected-app', name })
  const issued = IssuedTokenSchema.parse((await call(window, 'connected_app_approve', { requestId: approval!.id })).structuredContent)
  return issued
}

const jsonHeaders = (token?: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) })

/** A 2025-11-25 initialize as a script sends it: status, session id, Retry-After and the body. */
async function initialize(url: string, token?: string) {
  const body = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'script', version: '1.0.0' } } }
  const response = await fetch(url, { method: 'POST', headers: jsonHeaders(token), body: JSON.stringify(body) })
  return { status: response.status, sessionId: response.headers.get('mcp-session-id'), retryAfter: response.headers.get('retry-after'), text: await response.text() }
}

/** Whether a session still answers (a notification is accepted with 202; a closed session is 404). */
async function answers(url: string, token: string, sessionId: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...jsonHeaders(token), 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  })
  await response.body?.cancel()
  return response.status === 202
}

/**
 * Waits for `pending`, allowing once every tool-call approval that names the app meanwhile: an agent
 * served as an extension is a tool like any other, so the inspector may ask before it runs.
 */
async function allowingCalls<T>(window: WindowClient, pending: Promise<T>, allowed: string[] = []): Promise<T> {
  let settled = false
  const done = pending.finally(() => (settled = true))
  while (!settled) {
    const { elicitations } = await read(window, HostResource.elicitations, ElicitationsResourceSchema)
    for (const approval of elicitations) {
      if (approval.kind === 'approval' && approval.subject.type === 'tool-call' && approval.origin.caller.kind === 'connected-app') {
        allowed.push(approval.message)
        await call(window, 'elicitation_respond', { id: approval.id, action: 'accept', content: { decision: 'allow_once' } })
      }
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 25))])
  }
  return done
}

describe('connected apps over streamable HTTP', () => {
  it('refuses a client without a token with a 401 that says how to connect, and asks the window once per client', async () => {
    const { window, url } = await hostWithEndpoint()
    const response = await fetch(`${url}?name=My%20Script`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*Authorization: Bearer <token>/)
    await expect(outsideClient('Claude Code', url).connect()).rejects.toThrow()
    await expect(outsideClient('Claude Code', url).connect()).rejects.toThrow()
    const approvals = await connectionApprovals(window)
    expect(approvals.map((a) => (a.subject as { clientName: string }).clientName).sort()).toEqual(['Claude Code', 'My Script'])
    expect(approvals.find((a) => (a.subject as { clientName: string }).clientName === 'Claude Code')?.subject).toMatchObject({ agents: ['Assistant'] })
    // Accepting through elicitation_respond would lose the token: the answer says where to go.
    await expect(call(window, 'elicitation_respond', { id: approvals[0]!.id, action: 'accept', content: { decision: 'allow_once' } })).rejects.toThrow(/connected_app_approve/)
    await call(window, 'elicitation_respond', { id: approvals[0]!.id, action: 'decline' })
    expect(await connectionApprovals(window)).toHaveLength(1)
    // A wrong token is no token.
    await expect(outsideClient('Claude Code', url, 'sbapp_not-a-token').connect()).rejects.toThrow()
  })

  it('issues a token on approval; the app lists the agents and chats with the Assistant (both revisions)', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Hello ', 'from the Assistant.'] }, { type: 'text', chunks: ['Second answer.'] }] })
    const { window, url } = await hostWithEndpoint()
    await selectScriptedModel(window, model.baseUrl)
    const { token, app } = await allowedApp(window, url, 'Claude Code')
    expect(token).toMatch(/^sbapp_/)
    // The Assistant is the agent extension agent-assistant; the app sees its chat tool under its own name.
    expect((await read(window, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((extension) => extension.id)).toContain('agent-assistant')
    expect(app).toMatchObject({ name: 'Claude Code', scope: { agents: 'all', gateway: false } })

    for (const [negotiation, answer] of [[undefined, 'Hello from the Assistant.'], [MODERN, 'Second answer.']] as const) {
      const { client, connect } = outsideClient('Claude Code', url, token, negotiation)
      await connect()
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['chat-with-assistant'])
      const allowed: string[] = []
      const result = await allowingCalls(window, client.callTool({ name: 'chat-with-assistant', arguments: { prompt: 'Say hello' } }), allowed)
      // Smart mode asks before an agent's chat too, naming the app, as it does for the model's calls.
      expect(allowed).toEqual([expect.stringMatching(/^Claude Code \(a connected app\) asks to run/)])
      const link = (result.content as { type: string; uri?: string }[]).find((block) => block.type === 'resource_link')
      expect(link?.uri).toMatch(/^switchboard:\/\/sessions\/.+\/progress$/)
      const readJson = async <T,>(uri: string, schema: { parse(value: unknown): T }) => schema.parse(JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text))
      await poll(() => readJson(link!.uri!, ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
      const history = await readJson(link!.uri!.replace(/progress$/, 'history'), HistoryResourceSchema)
      expect(history.messages.at(-1)).toMatchObject({ role: 'assistant', text: answer })
      // The prompt is recorded as the app's: outside content, so the guard asks before acting tools in this turn (issue 37).
      expect(history.messages[0]).toMatchObject({ role: 'user', provenance: { from: { kind: 'connected-app', name: 'Claude Code', outside: 'connected-app' } } })
      // Only what its results linked to: another session's resources stay out of reach.
      await expect(client.readResource({ uri: 'switchboard://sessions/someone-else/history' })).rejects.toThrow(/linked/)
    }
    const view = await read(window, HostResource.connectedApps, ConnectedAppsResourceSchema)
    expect(view.apps[0]?.lastUsed).toBeDefined()
  })

  it('runs a gateway tool only with the gateway on, asking in the window with the app named', async () => {
    const { window, url } = await hostWithEndpoint()
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(window, 'permission_mode_set', { mode: 'ask' })
    const { token, app } = await allowedApp(window, url, 'Cursor')
    const { client, connect } = outsideClient('Cursor', url, token)
    await connect()
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('fixture__echo')
    const refused = await client.callTool({ name: 'fixture__echo', arguments: { text: 'hi' } })
    expect(refused.isError).toBe(true)

    const listChanged = new Promise<void>((resolve) => client.setNotificationHandler('notifications/tools/list_changed', () => resolve()))
    await call(window, 'connected_app_update', { id: app.id, scope: { agents: 'all', gateway: true } })
    await listChanged
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('fixture__echo')

    const running = client.callTool({ name: 'fixture__echo', arguments: { text: 'through the gateway' } })
    const [approval] = await poll(
      async () => (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e) => e.kind === 'approval' && e.subject.type === 'tool-call'),
      (list) => list.length === 1,
      'the tool approval',
    )
    // Who asks, by kind and name: the dialog reads "Cursor (a connected app) asks…", never like the model's own call.
    expect(approval).toMatchObject({ origin: { caller: { kind: 'connected-app', name: 'Cursor' }, extensionId: 'fixture' } })
    expect((approval as { message: string }).message).toBe('Cursor (a connected app) asks to run echo of Fixture.')
    await call(window, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    const result = await running
    expect(result.isError).toBeFalsy()
    expect(JSON.stringify(result.content)).toContain('through the gateway')
  })

  it('neither lists nor runs a tool switched off on its extension page', async () => {
    const { window, url } = await hostWithEndpoint()
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    const { token, app } = await allowedApp(window, url, 'Cursor')
    await call(window, 'connected_app_update', { id: app.id, scope: { agents: 'all', gateway: true } })
    const { client, connect } = outsideClient('Cursor', url, token)
    await connect()
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('fixture__echo')

    const listChanged = new Promise<void>((resolve) => client.setNotificationHandler('notifications/tools/list_changed', () => resolve()))
    await call(window, 'extension_tool_set_enabled', { id: 'fixture', tool: 'echo', enabled: false })
    await listChanged
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('fixture__echo')
    const refused = await client.callTool({ name: 'fixture__echo', arguments: { text: 'hi' } })
    expect(refused.isError).toBe(true)
    // Refused before anyone is asked: no approval waits in the window.
    expect((await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e) => e.kind === 'approval' && e.subject.type === 'tool-call')).toEqual([])
  })

  it('revocation cuts an app off mid-session; its token is in no file unhashed', async () => {
    const { h, window, url } = await hostWithEndpoint()
    const { token, app } = await allowedApp(window, url, 'VS Code')
    const legacy = outsideClient('VS Code', url, token)
    await legacy.connect()
    const modern = outsideClient('VS Code', url, token, MODERN)
    await modern.connect()
    await legacy.client.listTools()
    await modern.client.listTools()
    expect((await read(window, HostResource.connectedApps, ConnectedAppsResourceSchema)).apps[0]?.openSessions).toBe(1)

    // Stored, but hashed: the file knows the app by the token's SHA-256 only.
    await h.settle()
    const files = await readdir(h.dataDir, { recursive: true, withFileTypes: true })
    const texts = await Promise.all(files.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), 'latin1')))
    expect(texts.filter((text) => text.includes(token))).toEqual([])
    expect(texts.filter((text) => text.includes(hashAppToken(token)) && text.includes('VS Code'))).toHaveLength(1)

    const revoked = await call(window, 'connected_app_revoke', { id: app.id })
    expect(revoked.structuredContent).toEqual({ id: app.id, closedSessions: 1 })
    await expect(legacy.client.listTools()).rejects.toThrow()
    await expect(modern.client.listTools()).rejects.toThrow()
    await expect(outsideClient('VS Code', url, token).connect()).rejects.toThrow()
    expect((await read(window, HostResource.connectedApps, ConnectedAppsResourceSchema)).apps).toEqual([])
  })

  it.each([
    ['revoking the app', /Not run: Script was disconnected from Switchboard/],
    ['turning connected apps off', /Not run/],
  ] as const)('%s while a call waits for approval ends the call and withdraws the approval', async (how, answer) => {
    const { window, url } = await hostWithEndpoint()
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(window, 'permission_mode_set', { mode: 'ask' })
    const { token, app } = await allowedApp(window, url, 'Script')
    await call(window, 'connected_app_update', { id: app.id, scope: { agents: [], gateway: true } })
    const { client, connect } = outsideClient('Script', url, token)
    await connect()
    const toolApprovals = async () => (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e) => e.kind === 'approval' && e.subject.type === 'tool-call')
    const running = client.callTool({ name: 'fixture__echo', arguments: { text: 'never' } })
    await poll(toolApprovals, (list) => list.length === 1, 'the approval')
    if (how === 'revoking the app') await call(window, 'connected_app_revoke', { id: app.id })
    else await call(window, 'connected_apps_set_enabled', { enabled: false })
    // Its answer goes out before the session closes: a refusal naming why, never the echo.
    const outcome = await running
    expect(outcome.isError).toBe(true)
    expect(JSON.stringify(outcome.content)).toMatch(answer)
    await poll(toolApprovals, (list) => list.length === 0, 'the approval to be withdrawn')
  })

  it('caps the open sessions of an app: past the cap the oldest idle one closes; when all are busy, 429 naming the cap', async () => {
    const { window, url } = await hostWithEndpoint()
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(window, 'permission_mode_set', { mode: 'ask' })
    const { token, app } = IssuedTokenSchema.parse((await call(window, 'connected_app_add', { name: 'Script', scope: { agents: [], gateway: true } })).structuredContent)
    expect(app.maxSessions).toBe(16)
    const openSessions = async () => (await read(window, HostResource.connectedApps, ConnectedAppsResourceSchema)).apps[0]?.openSessions

    // A script that opens session after session: never more than 16 stay open, the oldest go first.
    const opened: string[] = []
    for (let i = 0; i < 20; i++) {
      const { status, sessionId } = await initialize(url, token)
      expect(status).toBe(200)
      opened.push(sessionId!)
    }
    expect(await openSessions()).toBe(16)
    expect(await answers(url, token, opened[3]!)).toBe(false)
    expect(await answers(url, token, opened[4]!)).toBe(true)
    expect(await answers(url, token, opened[19]!)).toBe(true)

    // The cap is the app's own setting, through the host API as on its row.
    const updated = await call(window, 'connected_app_update', { id: app.id, maxSessions: 2 })
    expect(updated.structuredContent).toMatchObject({ id: app.id, maxSessions: 2, scope: { agents: [], gateway: true } })
    const first = outsideClient('Script', url, token)
    await first.connect()
    const second = outsideClient('Script', url, token)
    await second.connect()
    expect(await openSessions()).toBe(2)

    // Both sessions wait on an approval: a third has nowhere to go.
    const toolApprovals = async () => (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e) => e.kind === 'approval' && e.subject.type === 'tool-call')
    const running = [first, second].map(({ client }) => client.callTool({ name: 'fixture__echo', arguments: { text: 'busy' } }))
    const approvals = await poll(toolApprovals, (list) => list.length === 2, 'both approvals')
    const refused = await initialize(url, token)
    expect(refused.status).toBe(429)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(JSON.parse(refused.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Too many sessions: Script is at its cap of 2 open sessions, and each has a request in flight\..*raise the cap/) } })
    expect(await openSessions()).toBe(2)

    for (const approval of approvals) await call(window, 'elicitation_respond', { id: approval.id, action: 'accept', content: { decision: 'allow_once' } })
    for (const outcome of await Promise.all(running)) expect(outcome.isError).toBeFalsy()
    const admitted = await initialize(url, token)
    expect(admitted.status).toBe(200)
    expect(await openSessions()).toBe(2)
  })

  it('after 20 wrong or missing tokens within a minute, refuses requests without a valid token for a minute, never one with a valid token', async () => {
    const { window, url } = await hostWithEndpoint()
    const { token } = IssuedTokenSchema.parse((await call(window, 'connected_app_add', { name: 'Script' })).structuredContent)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    try {
      for (let i = 0; i < 20; i++) expect((await initialize(i % 2 ? `${url}?name=Guesser` : url, i % 2 ? 'sbapp_guess' : undefined)).status).toBe(401)
      const refused = await initialize(`${url}?name=Flood`)
      expect(refused.status).toBe(429)
      expect(refused.retryAfter).toBe('60')
      expect(JSON.parse(refused.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Too many requests without a valid token: after 20 wrong or missing tokens within a minute/) } })
      expect((await initialize(url, 'sbapp_guess')).status).toBe(429)
      // A refused caller does not reach the window.
      expect((await connectionApprovals(window)).map((approval) => (approval.subject as { clientName: string }).clientName)).not.toContain('Flood')

      // The app with its token is served all along.
      expect((await initialize(url, token)).status).toBe(200)
      const { client, connect } = outsideClient('Script', url, token)
      await connect()
      await client.listTools()

      vi.setSystemTime(Date.now() + 60_000)
      expect((await initialize(url)).status).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps serving after fuzzed frames, with and without a token', async () => {
    const { garbageFrames } = await import('../../helpers/fuzzFrames')
    const { window, url } = await hostWithEndpoint()
    const { token } = await allowedApp(window, url, 'Fuzzer')
    const headers = (withToken: boolean) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(withToken ? { authorization: `Bearer ${token}` } : {}) })
    const frames = garbageFrames(120, 15)
    for (const [index, frame] of frames.entries()) {
      const body = typeof frame === 'string' ? frame : JSON.stringify(frame) ?? 'null'
      const response = await fetch(url, { method: index % 7 === 0 ? 'GET' : 'POST', headers: headers(index % 3 !== 0), ...(index % 7 === 0 ? {} : { body }) })
      expect(response.status).toBeLessThan(500)
      await response.body?.cancel()
    }
    const { client, connect } = outsideClient('Fuzzer', url, token)
    await connect()
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['chat-with-assistant'])
  })

  it("an app attaches for an agent only what its own results linked it to: another extension's resource refuses the whole call, nothing read, no session, no turn", async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Hello from the Assistant.'] }, { type: 'text', chunks: ['Summarized.'] }] })
    const { h, window, url } = await hostWithEndpoint()
    await selectScriptedModel(window, model.baseUrl)
    await addConsentedExtension(window, { id: 'fx', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--resources'] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fx__echo'), 'fixture tools')
    const { token, app } = await allowedApp(window, url, 'Script')
    // Agents only: the app cannot call the fixture, and must not read it through an agent either.
    expect(app.scope).toEqual({ agents: 'all', gateway: false })
    const { client, connect } = outsideClient('Script', url, token)
    await connect()
    const sessionCount = async () => (await read(window, HostResource.sessions, SessionsResourceSchema)).sessions.length
    const noteReads = () => (h.host.services.extensions.log('fx') ?? []).filter((entry) => entry.text.startsWith('resources/read')).length

    const attachments = [
      { extensionId: 'fx', uri: 'fixture://note' },
      { extensionId: 'agent-assistant', uri: historyUri('someone-else') },
    ]
    const refused = await allowingCalls(window, client.callTool({ name: 'chat-with-assistant', arguments: { prompt: 'Tell me the note', attachments } }))
    expect(refused.isError).toBe(true)
    const text = (refused.content as { text: string }[])[0]!.text
    expect(text).toContain('Refused: the connected app "Script" may not give Assistant resources it cannot read itself')
    expect(text).toContain('"fixture://note" of the extension "fx"')
    expect(text).toContain(`"${historyUri('someone-else')}" of the extension "agent-assistant"`)
    expect(text).toContain('only resources its own tool results linked it to')
    expect(await sessionCount()).toBe(0)
    expect(model.modelRequests).toHaveLength(0)
    expect(noteReads()).toBe(0)

    // What a result linked it to (its own conversation) it may hand on.
    const started = await allowingCalls(window, client.callTool({ name: 'chat-with-assistant', arguments: { prompt: 'Say hello' } }))
    const history = (started.content as { type: string; uri?: string }[]).find((block) => block.type === 'resource_link' && block.uri?.endsWith('/history'))!.uri!
    await poll(async () => model!.remainingTurns, (left) => left === 1, 'the first answer')
    await poll(async () => JSON.parse(((await client.readResource({ uri: history })).contents[0] as { text: string }).text) as { messages: unknown[] }, (v) => v.messages.length === 2, 'the first answer in history')
    const summarized = await allowingCalls(window, client.callTool({ name: 'chat-with-assistant', arguments: { prompt: 'Summarize it', attachments: [{ extensionId: 'agent-assistant', uri: history }] } }))
    expect(summarized.isError).toBeFalsy()
    await poll(async () => model!.modelRequests.length, (count) => count === 2, 'the second request')
    expect(JSON.stringify(model.modelRequests[1]!.body)).toContain('Hello from the Assistant.')
    expect(noteReads()).toBe(0)
  })
})
