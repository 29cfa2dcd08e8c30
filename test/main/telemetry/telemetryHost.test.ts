/**
 * Telemetry through the real host, decoded at a local OTLP/HTTP receiver:
 * - a tool call to a Streamable HTTP extension carries the MCP attributes (`mcp.session.id` = the
 *   session the server gave, `network.transport` = tcp; pipe for stdio), and the request's `_meta`
 *   carries the `execute_tool` span's W3C trace context, as the server itself reports it;
 * - a turn's `chat` span carries the token usage the model reported;
 * - a tool call made by an MCP App (app_call_tool, as the window's bridge makes it) is in the
 *   activity log with the App as its caller, and exported with that caller kind.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, HostResource, ProgressResourceSchema, TELEMETRY_URI, TelemetryViewSchema, ToolsResourceSchema, progressUri } from '../../../src/shared/hostApi'
import type { ActivityRecord } from '../../../src/shared/activityApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { spanAttribute, startOtlpReceiver, type OtlpReceiver, type OtlpSpan } from '../../helpers/otlpReceiver'
import { expectNoChildren, fixtureServerPath, startHttpFixture, stopHttpFixtures } from '../extensions/harness'
import { hostWithAppFixture } from '../server/appFixtureHost'

let model: ScriptedModelServer | undefined
let collector: OtlpReceiver | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await collector?.close()
  collector = undefined
  await model?.stop()
  model = undefined
  await stopHttpFixtures()
  await expectNoChildren()
})

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text

async function exporting(client: Client): Promise<OtlpReceiver> {
  collector = await startOtlpReceiver()
  await call(client, 'telemetry_set', { enabled: true, endpoint: collector.url })
  expect(await read(client, TELEMETRY_URI, TelemetryViewSchema)).toMatchObject({ state: 'exporting' })
  return collector
}

async function exported(h: TestHost, receiver: OtlpReceiver, found: (spans: OtlpSpan[]) => boolean): Promise<OtlpSpan[]> {
  await h.host.services.telemetry!.forceFlush()
  return poll(async () => receiver.spans(), found, 'the spans at the receiver')
}

async function records(h: TestHost): Promise<ActivityRecord[]> {
  await h.host.services.activity!.log.flush()
  const dir = join(h.dataDir, 'activity')
  let all = ''
  for (const name of (await readdir(dir)).sort()) all += await readFile(join(dir, name), 'utf8')
  return all
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ActivityRecord)
}

describe('telemetry through the host', () => {
  it('puts the MCP session and transport on execute_tool, its trace context into the request’s _meta, and token usage on chat', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'tool-calls', text: ['Looking.'], calls: [{ name: 'local__echo', args: { text: 'hi' } }], usage: { input: 321, output: 17 } },
        { type: 'text', chunks: ['Done.'], usage: { input: 400, output: 5, cachedInput: 300 } },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    const remote = await startHttpFixture()
    await addConsentedExtension(client, { id: 'remote', name: 'Remote', type: 'streamable-http', url: remote.url })
    await addConsentedExtension(client, { id: 'local', name: 'Local', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => ['remote__meta', 'local__echo'].every((name) => t.tools.some((tool) => tool.name === name)), 'the tools')
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    await call(client, 'tool_set_always_offer', { name: 'local__echo', alwaysOffer: true })
    const receiver = await exporting(client)

    // The server's own view of the request: its _meta and the session it belongs to.
    const seen = JSON.parse(text(await call(client, 'tool_call', { name: 'remote__meta', arguments: {} }))) as { meta: Record<string, unknown>; sessionId?: string }
    expect(seen.sessionId).toEqual(expect.any(String))
    expect(seen.meta.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)

    const sent = (await call(client, 'chat_send', { text: 'Echo something' })).structuredContent as { sessionId: string }
    await poll(() => read(client, progressUri(sent.sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')

    const spans = await exported(h, receiver, (list) => list.some((s) => s.name === 'execute_tool remote__meta') && list.some((s) => s.name === 'invoke_agent'))
    const http = spans.find((s) => s.name === 'execute_tool remote__meta')!
    expect(spanAttribute(http, 'mcp.session.id')).toBe(seen.sessionId)
    expect(spanAttribute(http, 'network.transport')).toBe('tcp')
    // The traceparent the server got names this very span: same trace, this span as the parent.
    expect(seen.meta.traceparent).toBe(`00-${http.traceId}-${http.spanId}-01`)

    const stdio = spans.find((s) => s.name === 'execute_tool local__echo')!
    expect(spanAttribute(stdio, 'network.transport')).toBe('pipe')
    expect(spanAttribute(stdio, 'mcp.session.id')).toBeUndefined()

    const chats = spans.filter((s) => s.name === 'chat scripted-model' && spanAttribute(s, 'gen_ai.conversation.id') === sent.sessionId)
    expect(chats.map((s) => [spanAttribute(s, 'gen_ai.usage.input_tokens'), spanAttribute(s, 'gen_ai.usage.output_tokens')]).sort()).toEqual([
      [321, 17],
      [400, 5],
    ])
    expect(chats.map((s) => spanAttribute(s, 'gen_ai.usage.cache_read.input_tokens')).sort()).toEqual([300, undefined])
  }, 90_000)

  it('logs and exports a tool call made by an MCP App with the App as its caller', async () => {
    let h: TestHost | undefined
    const client = await hostWithAppFixture(async () => (h = await startTestHost()))
    const receiver = await exporting(client)

    // The window's bridge turns the App's tools/call into app_call_tool; the person allows it once.
    const running = call(client, 'app_call_tool', { app: 'fix__show', name: 'app_only', arguments: {} })
    const [approval] = await poll(
      async () => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((item) => item.kind === 'approval'),
      (items) => items.length === 1,
      'the approval of the App call',
    )
    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    expect(text(await running)).toBe('app only ran')

    const log = await records(h!)
    const decided = log.find((r) => r.kind === 'tool-call' && r.tool === 'fix__app_only')
    expect(decided).toMatchObject({ caller: { kind: 'mcp-app', app: 'show', extensionName: 'Fixture' }, extension: 'fix', decision: { verdict: 'allow', asked: true, by: 'person', detail: 'allow_once' } })
    // Its outcome is joined to the same call, under the same caller (not a stray, unnamed hook call).
    expect(log.filter((r) => r.tool === 'fix__app_only').map((r) => [r.kind, r.callId, r.caller?.kind, r.outcome])).toEqual([
      ['tool-call', decided!.callId, 'mcp-app', undefined],
      ['tool-result', decided!.callId, 'mcp-app', 'ok'],
    ])

    const spans = await exported(h!, receiver, (list) => list.some((s) => s.name === 'execute_tool fix__app_only'))
    const span = spans.find((s) => s.name === 'execute_tool fix__app_only')!
    expect(spanAttribute(span, 'switchboard.caller.kind')).toBe('mcp-app')
    expect(spanAttribute(span, 'switchboard.caller.name')).toBe('show')
    expect(spanAttribute(span, 'switchboard.caller.extension')).toBe('Fixture')
    expect(spanAttribute(span, 'gen_ai.tool.call.id')).toBe(decided!.callId)
    expect(spanAttribute(span, 'switchboard.decision.by')).toBe('person')
    expect(spanAttribute(span, 'network.transport')).toBe('pipe')
  }, 60_000)
})
