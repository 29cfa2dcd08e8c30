/**
 * The activity log and telemetry through the real host and the host API: every caller kind's tool
 * call recorded with its decision and who made it (before dispatch) and its outcome; the person's
 * installs, consent answers and permission changes; canary secrets in no record and no span; the
 * subscribable resource with filters; Verify and export; spans at a local OTLP/HTTP receiver
 * decoded here (names, GenAI attributes, parent/child links, no content without capture); a
 * collector that hangs or refuses never holds up a turn.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import {
  ConnectedAppsResourceSchema,
  ElicitationsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  IssuedTokenSchema,
  ProgressResourceSchema,
  SettingsResourceSchema,
  TELEMETRY_URI,
  TelemetryViewSchema,
  ToolsResourceSchema,
  historyUri,
  progressUri,
} from '../../../src/shared/hostApi'
import { ACTIVITY_URI, ActivityPageSchema, VerifyReportSchema, activityPageUri, type ActivityRecord } from '../../../src/shared/activityApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel, settledKeychain } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'
import { toolDefinitionOf } from '../../../src/main/agent'
import { spanAttribute, startOtlpReceiver } from '../../helpers/otlpReceiver'

const CANARY = 'sk-ACTIVITY-CANARY-93f1e2'
const HEADER_CANARY = 'hdr-CANARY-77aa01'

let model: ScriptedModelServer | undefined
const closers: (() => Promise<void>)[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

/** A local OTLP/HTTP receiver, closed after the test. */
async function receiver(mode: 'ok' | 'hang' = 'ok') {
  const started = await startOtlpReceiver(mode)
  closers.push(() => started.close())
  return started
}

const attr = spanAttribute

const page = (client: Client, request: Parameters<typeof activityPageUri>[0] = {}) => read(client, activityPageUri(request), ActivityPageSchema)

async function allRecords(h: TestHost): Promise<{ records: ActivityRecord[]; text: string }> {
  await h.host.services.activity!.log.flush()
  const dir = join(h.dataDir, 'activity')
  let text = ''
  for (const name of (await readdir(dir)).sort()) text += await readFile(join(dir, name), 'utf8')
  return { records: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as ActivityRecord), text }
}

async function turnDone(client: Client, text: string, sessionId?: string) {
  const sent = (await call(client, 'chat_send', { text, ...(sessionId ? { sessionId } : {}) })).structuredContent as { sessionId: string }
  await poll(() => read(client, progressUri(sent.sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')
  return sent.sessionId
}

describe('activity log through the host', () => {
  it('saves the seal after each batch without waking the settings listeners or sending the window a settings notice (issue 33)', async () => {
    const h = await startTestHost()
    const window = await h.connectOverWebSocket()
    await settledKeychain(window)
    const updates: string[] = []
    window.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri))
    for (const uri of [HostResource.settings, HostResource.tools, HostResource.permissions, ACTIVITY_URI]) await window.subscribeResource({ uri })
    const activity = h.host.services.activity!
    // An app key stored meanwhile (as the activity key is at the first start, possibly after this
    // subscription on a slow machine) is on no page either: no settings notice for it.
    await h.host.services.secrets.set('activity:probe', 'a'.repeat(64))
    // The settings' listeners (the window's notices, the roots, the skills' folders, updates) are woken by nothing but the seal here.
    let woken = 0
    const stop = h.host.services.settings.onChange(() => woken++)
    for (let n = 1; n <= 3; n++) {
      const seq = activity.record({ kind: 'retention', caller: { kind: 'person' }, summary: `Batch ${n}.` })
      await activity.log.flush()
      expect(h.host.services.settings.get('activity')?.seal?.seq).toBe(seq)
    }
    await poll(async () => updates.filter((uri) => uri === ACTIVITY_URI).length, (count) => count >= 3, 'the activity notices')
    // A round trip after the last batch: any notice sent with it has arrived before the answer.
    await read(window, HostResource.settings, SettingsResourceSchema)
    expect(woken).toBe(0)
    // Other pages may announce start-up work of their own meanwhile; the settings page has nothing new.
    expect(updates.filter((uri) => uri === HostResource.settings)).toEqual([])
    stop()
    // A change the window shows is still announced.
    await call(window, 'settings_update', { patch: { theme: 'dark' } })
    await poll(async () => updates.filter((uri) => uri === HostResource.settings).length, (count) => count === 1, 'the settings notice')
  })

  it('records each caller kind with its decision and maker, the person’s changes, keeps canaries out, and exports spans', async () => {
    const collector = await receiver()
    model = await startScriptedModelServer({
      turns: [
        { type: 'tool-calls', text: ['Checking.'], calls: [{ name: 'fixture__echo', args: { text: CANARY } }] },
        { type: 'text', chunks: ['Done.'] },
        { type: 'text', chunks: ['Hooked.'] },
      ],
    })
    const h = await startTestHost()
    const window = await h.connectOverWebSocket()
    await selectScriptedModel(window, model.baseUrl)
    const keychain = await settledKeychain(window)
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(window, 'tool_set_always_offer', { name: 'fixture__echo', alwaysOffer: true })
    await call(window, 'permission_mode_set', { mode: 'autonomous' })

    // Telemetry on, content capture off; a header only where a keychain can keep its value.
    const updates: string[] = []
    window.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri))
    await window.subscribeResource({ uri: ACTIVITY_URI })
    if (keychain.keychain === 'available') {
      await call(window, 'telemetry_set', { enabled: true, endpoint: collector.url, headers: { 'x-api-key': HEADER_CANARY } })
    } else {
      await expect(call(window, 'telemetry_set', { enabled: true, endpoint: collector.url, headers: { 'x-api-key': HEADER_CANARY } })).rejects.toThrow(/no keychain to keep them in/)
      await call(window, 'telemetry_set', { enabled: true, endpoint: collector.url })
    }
    expect(await read(window, TELEMETRY_URI, TelemetryViewSchema)).toMatchObject({ enabled: true, state: 'exporting', captureContent: false })

    // The person, by hand.
    await call(window, 'tool_call', { name: 'fixture__echo', arguments: { text: CANARY } })
    // The model, in a turn (autonomous mode decides).
    const sessionId = await turnDone(window, 'Use the tool')
    // A connected app through the gateway, asked in "ask" mode and allowed by the person.
    const endpoint = ConnectedAppsResourceSchema.parse((await call(window, 'connected_apps_set_enabled', { enabled: true })).structuredContent).url!
    const { token, app } = IssuedTokenSchema.parse((await call(window, 'connected_app_add', { name: 'Cursor', scope: { agents: [], gateway: true } })).structuredContent)
    await call(window, 'permission_mode_set', { mode: 'ask' })
    const outside = new Client({ name: 'Cursor', version: '1.0.0' })
    await outside.connect(new StreamableHTTPClientTransport(new URL(endpoint), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
    closers.push(() => outside.close())
    const running = outside.callTool({ name: 'fixture__echo', arguments: { text: 'from Cursor' } })
    const [approval] = await poll(
      async () => (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((e) => e.kind === 'approval' && e.subject.type === 'tool-call'),
      (list) => list.length === 1,
      'the tool approval',
    )
    await call(window, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    expect((await running).isError).toBeFalsy()
    // A policy of "never" refuses the next one: the policy made that decision.
    await call(window, 'permission_set', { tool: 'fixture__echo', policy: 'never' })
    expect((await outside.callTool({ name: 'fixture__echo', arguments: { text: 'refused' } })).isError).toBe(true)
    await call(window, 'permission_set', { tool: 'fixture__echo', policy: null })
    await call(window, 'connected_app_revoke', { id: app.id })
    // A hook's call of its approved target (observe only), in the next turn.
    await call(window, 'permission_mode_set', { mode: 'autonomous' })
    const hook = (await call(window, 'hook_save', { name: 'Echo every message', event: 'user-message', target: '!mutate:fixture__echo' })).structuredContent as { id: string }
    const [hookApproval] = (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(window, 'elicitation_respond', { id: hookApproval!.id, action: 'accept', content: { decision: 'allow_always' } })
    await turnDone(window, 'Again', sessionId)
    await call(window, 'hook_remove', { id: hook.id })
    // An agent chain reaches the same authorize() (chatService names the chain): its call names it.
    const tool = h.host.services.extensions.core.cache.lookup('fixture__echo')!
    const base = { extensionId: tool.extensionId, extensionTrust: tool.trust, toolName: tool.name, tool: toolDefinitionOf(tool) }
    await h.host.services.permissions.authorize({ ...base, origin: 'model', sessionId, callId: 'chain-1', caller: { kind: 'agent-chain', chain: ['Assistant', 'Researcher'] }, arguments: { text: 'a' } })

    const { records, text } = await allRecords(h)
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain(HEADER_CANARY)
    const calls = records.filter((r) => r.kind === 'tool-call')
    const byCaller = (kind: string) => calls.filter((r) => r.caller?.kind === kind)
    expect(byCaller('person')[0]).toMatchObject({ tool: 'fixture__echo', extension: 'fixture', decision: { verdict: 'allow', by: 'person', asked: false }, args: { names: [{ name: 'text' }] } })
    expect(byCaller('model')[0]).toMatchObject({ sessionId, decision: { verdict: 'allow', by: 'mode', detail: 'mode-autonomous', asked: false } })
    const [askedApp, refusedApp] = byCaller('connected-app')
    // A connected app's own call counts as steered from outside: the guard is what asked (docs/guide/provenance.md).
    expect(askedApp).toMatchObject({ caller: { name: 'Cursor' }, decision: { verdict: 'allow', asked: true, by: 'person', detail: 'allow_once', askedBy: 'guard' } })
    expect(refusedApp).toMatchObject({ decision: { verdict: 'deny', by: 'policy', detail: 'policy-never' }, outcome: 'not-run' })
    expect(byCaller('hook')[0]).toMatchObject({ tool: 'fixture__echo', caller: { kind: 'hook' }, decision: { verdict: 'allow', by: 'hook' } })
    expect(byCaller('agent-chain')[0]).toMatchObject({ caller: { chain: ['Assistant', 'Researcher'] }, decision: { verdict: 'allow', by: 'mode' } })
    // Equal arguments, equal digests: the person's and the model's call had the same text.
    expect(byCaller('person')[0]!.args!.digest).toBe(byCaller('model')[0]!.args!.digest)
    // Each dispatched call: its decision was recorded before its outcome, with the same callId.
    for (const decided of calls.filter((r) => r.decision?.verdict === 'allow' && r.caller?.kind !== 'agent-chain' && r.caller?.kind !== 'mcp-app')) {
      const result = records.find((r) => r.kind === 'tool-result' && r.callId === decided.callId)
      expect(result, `result of ${decided.callId}`).toMatchObject({ outcome: 'ok', durationMs: expect.any(Number) })
      expect(result!.seq).toBeGreaterThan(decided.seq)
    }
    // The person's changes.
    const kinds = records.map((r) => `${r.kind}:${r.tool ?? ''}`)
    expect(kinds).toEqual(expect.arrayContaining(['install:extension_add', 'consent:elicitation_respond', 'permission-change:permission_mode_set', 'permission-change:permission_set', 'connected-app:connected_app_add', 'connected-app:connected_app_revoke', 'telemetry:telemetry_set']))

    // The resource: pages with filters, updated as batches land.
    expect(updates).toContain(ACTIVITY_URI)
    expect((await page(window, { caller: 'connected-app', kind: 'tool-call' })).records.map((r) => r.decision?.verdict)).toEqual(['deny', 'allow'])
    expect((await page(window, { q: 'cursor', limit: 2 })).records).toHaveLength(2)
    expect((await page(window, { decision: 'deny' })).records.every((r) => r.decision?.verdict === 'deny')).toBe(true)
    // Verify through the host API, and export (CSV cells that look like formulas made inert).
    expect(VerifyReportSchema.parse((await call(window, 'activity_verify', {})).structuredContent)).toMatchObject({ ok: true, breaks: [] })
    const csv = (await call(window, 'activity_export', { format: 'csv', filter: { kind: 'tool-call' } })).structuredContent as { text: string; records: number }
    expect(csv.records).toBe(calls.length)
    expect(csv.text.split('\r\n')[0]).toMatch(/^seq,time,kind,caller/)
    const jsonl = (await call(window, 'activity_export', { format: 'jsonl' })).structuredContent as { text: string; records: number }
    expect(jsonl.text.trim().split('\n')).toHaveLength(jsonl.records)

    // The spans at the receiver: names, GenAI attributes, links, no content.
    await h.host.services.telemetry!.forceFlush()
    const spans = await poll(async () => collector.spans(), (list) => list.some((s) => s.name === 'invoke_agent'), 'spans at the receiver')
    const agent = spans.find((s) => s.name === 'invoke_agent' && attr(s, 'gen_ai.conversation.id') === sessionId)!
    const chat = spans.find((s) => s.name === 'chat scripted-model' && s.parentSpanId === agent.spanId)!
    expect(chat).toBeDefined()
    expect(attr(chat, 'gen_ai.operation.name')).toBe('chat')
    expect(attr(chat, 'gen_ai.provider.name')).toBe('scripted')
    expect(attr(chat, 'gen_ai.request.model')).toBe('scripted-model')
    expect(chat.traceId).toBe(agent.traceId)
    const modelTool = spans.find((s) => s.name === 'execute_tool fixture__echo' && s.parentSpanId === agent.spanId)!
    expect(modelTool).toBeDefined()
    expect(modelTool.traceId).toBe(agent.traceId)
    expect(attr(modelTool, 'gen_ai.operation.name')).toBe('execute_tool')
    expect(attr(modelTool, 'mcp.method.name')).toBe('tools/call')
    expect(attr(modelTool, 'switchboard.decision.by')).toBe('mode')
    expect(attr(modelTool, 'gen_ai.tool.call.id')).toBe(byCaller('model')[0]!.callId)
    const refusedSpan = spans.find((s) => s.name === 'execute_tool fixture__echo' && attr(s, 'error.type') === 'denied')
    expect(refusedSpan).toBeDefined()
    const everything = JSON.stringify(collector.received.map((r) => r.body))
    expect(everything).not.toContain(CANARY)
    expect(collector.received.some((r) => r.raw.includes(CANARY))).toBe(false)
    expect(everything).not.toContain('gen_ai.tool.call.arguments')
    expect(everything).not.toContain('gen_ai.input.messages')
    if (keychain.keychain === 'available') expect(collector.received[0]!.headers['x-api-key']).toBe(HEADER_CANARY)
    const history = await read(window, historyUri(sessionId), HistoryResourceSchema)
    expect(history.messages.length).toBeGreaterThan(3)
  }, 120_000)

  it('a collector that hangs or refuses does not hold up a turn; it shows as a warning', async () => {
    const hanging = await receiver('hang')
    model = await startScriptedModelServer({
      turns: [
        { type: 'tool-calls', text: ['Checking.'], calls: [{ name: 'fixture__echo', args: { text: 'x' } }] },
        { type: 'text', chunks: ['Done.'] },
        { type: 'tool-calls', text: ['Again.'], calls: [{ name: 'fixture__echo', args: { text: 'y' } }] },
        { type: 'text', chunks: ['Done again.'] },
      ],
    })
    const h = await startTestHost()
    const window = await h.connectOverWebSocket()
    await selectScriptedModel(window, model.baseUrl)
    await addConsentedExtension(window, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(window, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(window, 'tool_set_always_offer', { name: 'fixture__echo', alwaysOffer: true })
    await call(window, 'permission_mode_set', { mode: 'autonomous' })
    await call(window, 'telemetry_set', { enabled: true, endpoint: hanging.url })
    const sessionId = await turnDone(window, 'one')
    // The first export is still unanswered while a second turn runs to its end.
    void h.host.services.telemetry!.forceFlush()
    await poll(async () => hanging.requests(), (n) => n >= 1, 'the export to reach the hanging collector')
    await turnDone(window, 'two', sessionId)
    expect(hanging.received.length).toBeGreaterThanOrEqual(1)

    // A refusing collector: nothing listens on the port.
    const refusing = await receiver()
    const port = new URL(refusing.url).port
    await closers.pop()!()
    await call(window, 'telemetry_set', { endpoint: `http://127.0.0.1:${port}` })
    await turnDone(window, 'three', sessionId)
    void h.host.services.telemetry!.forceFlush()
    const view = await poll(() => read(window, TELEMETRY_URI, TelemetryViewSchema), (v) => v.failedExports >= 1, 'the failed export to show')
    expect(view).toMatchObject({ state: 'failing', reason: expect.stringMatching(/could not be sent/) })
    const settings = await read(window, HostResource.settings, (await import('../../../src/shared/hostApi')).SettingsResourceSchema)
    expect(settings.notices.some((n) => /Telemetry: Spans could not be sent/.test(n.message))).toBe(true)
  }, 60_000)
})
