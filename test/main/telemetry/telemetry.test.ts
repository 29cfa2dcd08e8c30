/**
 * Telemetry's parts: the pipeline sends OTLP/HTTP protobuf that decodes to what was recorded; the
 * bounded queue counts what it drops while the exporter hangs (span.end() never waits), content capture adds arguments and messages only when on, header values need a
 * keychain, and a managed policy forces the endpoint.
 */
import { describe, expect, it } from 'vitest'
import { ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api'
import { W3CTraceContextPropagator, TraceState } from '@opentelemetry/core'
import { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace'
import { EXPORT_BATCH, createPipeline, tracesUrl } from '../../../src/main/telemetry/otlpPipeline'
import { traceContextOf } from '../../../src/main/telemetry/plannedSpans'
import { createTelemetryService, type TelemetrySecrets } from '../../../src/main/telemetry/telemetryService'
import type { TelemetrySettings } from '../../../src/shared/hostApi'
import type { ToolCallEvent } from '../../../src/main/activity/toolCallAudit'
import type { HookEvent } from '../../../src/shared/hooksApi'
import type { TurnHooks } from '../../../src/main/hooks'
import { spanAttribute, startOtlpReceiver } from '../../helpers/otlpReceiver'

/** An exporter that never answers: every batch it is handed stays in flight. */
function hangingExporter(): SpanExporter & { handed: number } {
  const exporter = {
    handed: 0,
    export(spans: ReadableSpan[]) {
      exporter.handed += spans.length
    },
    shutdown: async () => undefined,
  }
  return exporter
}

function secrets(available: boolean): TelemetrySecrets & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    whenKnown: async () => undefined,
    status: () => ({ keychain: available ? 'available' : 'unavailable' }),
    get: async (name) => values.get(name),
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => values.delete(name),
  }
}

function service(options: { available?: boolean; exporter?: SpanExporter; initial?: Partial<TelemetrySettings> } = {}) {
  let stored: TelemetrySettings | undefined = options.initial ? { enabled: false, headerNames: [], captureContent: false, ...options.initial } : undefined
  const notices: string[] = []
  const store = secrets(options.available ?? true)
  const telemetry = createTelemetryService({
    settings: { read: () => stored, write: (next) => void (stored = next) },
    secrets: store,
    version: 'test',
    providerOf: () => 'openai',
    notify: (message) => void notices.push(message),
    pipeline: { delayMs: 10, ...(options.exporter ? { exporter: options.exporter } : {}) },
  })
  return { telemetry, notices, store, settings: () => stored }
}

const noHooks: TurnHooks = { run: async (_event: HookEvent, payload: object) => ({ payload, changes: [], warnings: [], context: [], observe: async () => [] }) as never }

const toolEvent = (phase: 'decided' | 'started' | 'ended', extra: Partial<ToolCallEvent> = {}): ToolCallEvent =>
  ({
    phase,
    callId: 'call-1',
    caller: { kind: 'model', sessionId: 's1' },
    sessionId: 's1',
    tool: 'files__read',
    extension: 'files',
    decision: { verdict: 'allow', asked: false, by: 'mode', detail: 'mode-smart' },
    arguments: { path: '/secret/plan.txt' },
    ...(phase === 'decided' ? { run: true } : {}),
    ...(phase === 'started' ? { session: { transport: 'stdio' } } : {}),
    ...(phase === 'ended' ? { outcome: { status: 'ok', result: { content: [{ type: 'text', text: 'the plan' }] }, truncated: false, name: 'files__read', extensionId: 'files', tool: 'read', durationMs: 3 } } : {}),
    ...extra,
  }) as ToolCallEvent

describe('telemetry', () => {
  it('appends /v1/traces to a base endpoint and keeps a full one', () => {
    expect(tracesUrl('http://localhost:4318')).toBe('http://localhost:4318/v1/traces')
    expect(tracesUrl('https://otel.example/v1/traces')).toBe('https://otel.example/v1/traces')
  })

  it('sends OTLP/HTTP protobuf that a collector decodes: names, ids, parent links, every attribute type, status, the resource', async () => {
    const receiver = await startOtlpReceiver()
    try {
      const results: boolean[] = []
      const pipeline = createPipeline({ endpoint: receiver.url, headers: { 'x-team': 'blue' }, version: '9.8.7', delayMs: 60_000, onExport: (ok) => void results.push(ok) })
      const parent = pipeline.tracer.startSpan('invoke_agent', { kind: 1 })
      const child = pipeline.tracer.startSpan('execute_tool files__read', { attributes: { text: 'é ✓', yes: true, count: 3, big: 2 ** 40, ratio: 0.25, names: ['a', 'b'] } }, trace.setSpan(ROOT_CONTEXT, parent))
      child.setStatus({ code: 2, message: 'denied' })
      child.end()
      parent.end()
      await pipeline.forceFlush()
      expect(results).toEqual([true])
      expect(pipeline.counts.exported).toBe(2)
      const [request] = receiver.received
      expect(request!.headers['content-type']).toBe('application/x-protobuf')
      expect(request!.headers['x-team']).toBe('blue')
      expect(request!.body.resourceSpans[0]!.resource.attributes).toEqual(
        expect.arrayContaining([
          { key: 'service.name', value: { stringValue: 'switchboard' } },
          { key: 'service.version', value: { stringValue: '9.8.7' } },
        ]),
      )
      expect(request!.body.resourceSpans[0]!.scopeSpans[0]!.scope).toEqual({ name: 'switchboard', version: '9.8.7' })
      const spans = receiver.spans()
      const agent = spans.find((s) => s.name === 'invoke_agent')!
      const tool = spans.find((s) => s.name === 'execute_tool files__read')!
      expect(agent.spanId).toBe(parent.spanContext().spanId)
      expect(agent.traceId).toBe(parent.spanContext().traceId)
      expect(agent.parentSpanId).toBeUndefined()
      expect(agent.kind).toBe(2) // OTLP's SPAN_KIND_SERVER is the API's SpanKind.SERVER (1) + 1
      expect(tool.parentSpanId).toBe(agent.spanId)
      expect(tool.traceId).toBe(agent.traceId)
      expect([spanAttribute(tool, 'text'), spanAttribute(tool, 'yes'), spanAttribute(tool, 'count'), spanAttribute(tool, 'big'), spanAttribute(tool, 'ratio')]).toEqual(['é ✓', true, 3, 2 ** 40, 0.25])
      expect(tool.attributes.find((a) => a.key === 'names')!.value).toEqual({ arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } })
      expect(tool.status).toEqual({ code: 2, message: 'denied' })
      await pipeline.shutdown()
    } finally {
      await receiver.close()
    }
  })

  it('drops what does not fit the queue while the collector hangs, counts it, and never waits', async () => {
    const exporter = hangingExporter()
    const pipeline = createPipeline({ endpoint: 'http://127.0.0.1:1', headers: {}, version: 'test', maxQueueSize: 8, delayMs: 5, exporter, onExport: () => undefined })
    for (let i = 0; i < 100; i++) pipeline.tracer.startSpan(`span ${i}`).end()
    // Every end() returned at once; the queue holds 8, one batch of 8 may be in flight, the rest were dropped.
    expect(pipeline.counts.dropped).toBeGreaterThanOrEqual(100 - 16)
    expect(pipeline.counts.dropped + exporter.handed).toBeLessThanOrEqual(100)
    expect(pipeline.counts.exported).toBe(0)
    void pipeline.shutdown()
  })

  it('never exports (serializes) a full batch inside the span.end() that filled it: the batch goes out in a task of its own', async () => {
    const exporter = hangingExporter()
    const pipeline = createPipeline({ endpoint: 'http://127.0.0.1:1', headers: {}, version: 'test', delayMs: 60_000, exporter, onExport: () => undefined })
    // The SDK starts the export of a full batch right inside end(): with the exporter called there, the
    // tool call ending that span would wait for the whole batch's serialization.
    for (let i = 0; i < EXPORT_BATCH * 2; i++) pipeline.tracer.startSpan(`span ${i}`).end()
    expect(exporter.handed).toBe(0)
    await new Promise((resolve) => setImmediate(resolve))
    expect(exporter.handed).toBe(EXPORT_BATCH)
    void pipeline.shutdown()
  })

  it('builds spans with GenAI attributes, and content only when capture is on', async () => {
    const exporter = new InMemorySpanExporter()
    const { telemetry } = service({ exporter, initial: { enabled: true, endpoint: 'http://127.0.0.1:4318' } })
    await telemetry.ready()
    const hooks = telemetry.spans.observeTurns(noHooks)
    const turn = async () => {
      await hooks.run('user-message', { sessionId: 's1', text: 'my private question', extensions: [] })
      await hooks.run('model-request', { sessionId: 's1', step: 0, model: 'gpt-5', tools: [], messages: [{ role: 'user', content: 'my private question' }] })
      await hooks.run('tool-call', { sessionId: 's1', tool: 'files__read', extension: 'files', arguments: {} })
      telemetry.spans.toolCall(toolEvent('started'))
      telemetry.spans.toolCall(toolEvent('ended'))
      await hooks.run('turn-end', { sessionId: 's1', status: 'done', text: 'the answer' })
      await telemetry.forceFlush()
    }
    await turn()
    const spans = exporter.getFinishedSpans()
    expect(spans.map((s) => s.name).sort()).toEqual(['chat gpt-5', 'execute_tool files__read', 'invoke_agent'])
    const agent = spans.find((s) => s.name === 'invoke_agent')!
    for (const child of spans.filter((s) => s !== agent)) expect(child.parentSpanContext?.spanId).toBe(agent.spanContext().spanId)
    const tool = spans.find((s) => s.name.startsWith('execute_tool'))!
    expect(tool.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.call.id': 'call-1', 'mcp.method.name': 'tools/call', 'switchboard.decision.by': 'mode' })
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toMatch(/private question|plan\.txt|the plan|the answer/)

    exporter.reset()
    await telemetry.set({ captureContent: true })
    await turn()
    const captured = JSON.stringify(exporter.getFinishedSpans().map((s) => s.attributes))
    expect(captured).toMatch(/private question/)
    expect(captured).toMatch(/plan\.txt/)
    expect(captured).toMatch(/the plan/)
    await telemetry.close()
  })

  it('puts the MCP session and transport on execute_tool and answers with its W3C trace context for the request’s _meta', async () => {
    const exporter = new InMemorySpanExporter()
    const { telemetry } = service({ exporter, initial: { enabled: true, endpoint: 'http://127.0.0.1:4318' } })
    await telemetry.ready()
    const meta = telemetry.spans.toolCall(toolEvent('started', { callId: 'http-1', session: { transport: 'streamable-http', sessionId: 'mcp-session-7' } } as Partial<ToolCallEvent>))
    telemetry.spans.toolCall(toolEvent('ended', { callId: 'http-1' }))
    const piped = telemetry.spans.toolCall(toolEvent('started', { callId: 'stdio-1' }))
    telemetry.spans.toolCall(toolEvent('ended', { callId: 'stdio-1' }))
    await telemetry.forceFlush()
    const [http, stdio] = ['http-1', 'stdio-1'].map((id) => exporter.getFinishedSpans().find((s) => s.attributes['gen_ai.tool.call.id'] === id)!)
    expect(http!.attributes).toMatchObject({ 'mcp.session.id': 'mcp-session-7', 'network.transport': 'tcp' })
    expect(stdio!.attributes).toMatchObject({ 'network.transport': 'pipe' })
    expect(stdio!.attributes).not.toHaveProperty('mcp.session.id')
    expect(meta).toEqual({ traceparent: `00-${http!.spanContext().traceId}-${http!.spanContext().spanId}-01` })
    expect(piped).toEqual({ traceparent: `00-${stdio!.spanContext().traceId}-${stdio!.spanContext().spanId}-01` })
    // Export off: no span, nothing for _meta.
    await telemetry.set({ enabled: false })
    expect(telemetry.spans.toolCall(toolEvent('started', { callId: 'off-1' }))).toBeUndefined()
    await telemetry.close()
  })

  it('builds a tool span after its request left, with the ids and parent its trace context named, from the moment the call started', async () => {
    const exporter = new InMemorySpanExporter()
    const { telemetry } = service({ exporter, initial: { enabled: true, endpoint: 'http://127.0.0.1:4318' } })
    await telemetry.ready()
    const hooks = telemetry.spans.observeTurns(noHooks)
    await hooks.run('user-message', { sessionId: 's1', text: 'hi', extensions: [] })
    const meta = telemetry.spans.toolCall(toolEvent('started', { callId: 'later-1' })) as Record<string, string>
    const afterStart = Date.now()
    const alone = telemetry.spans.toolCall(toolEvent('started', { callId: 'alone-1', sessionId: undefined, caller: { kind: 'person' } } as Partial<ToolCallEvent>)) as Record<string, string>
    // Nothing built while the request is on its way: the span comes in the next task.
    await new Promise((resolve) => setTimeout(resolve, 20))
    telemetry.spans.toolCall(toolEvent('ended', { callId: 'later-1' }))
    telemetry.spans.toolCall(toolEvent('ended', { callId: 'alone-1', sessionId: undefined, caller: { kind: 'person' } } as Partial<ToolCallEvent>))
    // A call that ends before its span was built (in the same task) still gets it, with its ids.
    const quick = telemetry.spans.toolCall(toolEvent('started', { callId: 'quick-1' })) as Record<string, string>
    telemetry.spans.toolCall(toolEvent('ended', { callId: 'quick-1' }))
    await hooks.run('turn-end', { sessionId: 's1', status: 'done', text: '' })
    await telemetry.forceFlush()
    const spans = exporter.getFinishedSpans()
    const agent = spans.find((span) => span.name === 'invoke_agent')!
    const byCall = (id: string) => spans.find((span) => span.attributes['gen_ai.tool.call.id'] === id)!
    for (const [id, context] of [['later-1', meta], ['quick-1', quick], ['alone-1', alone]] as const) {
      const span = byCall(id)
      expect(context).toEqual({ traceparent: `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01` })
      expect(span.parentSpanContext?.spanId).toBe(id === 'alone-1' ? undefined : agent.spanContext().spanId)
    }
    expect(byCall('later-1').spanContext().traceId).toBe(agent.spanContext().traceId)
    expect(byCall('alone-1').spanContext().traceId).not.toBe(agent.spanContext().traceId)
    // Started when the call started (before `afterStart`, give or take the two clocks' rounding), not when it was built, 20 ms or more later.
    const startedMs = byCall('later-1').startTime[0] * 1000 + byCall('later-1').startTime[1] / 1e6
    expect(startedMs).toBeLessThanOrEqual(afterStart + 2)
    await telemetry.close()
  })

  it('writes the same trace context as the SDK’s W3C propagator, straight from the span: sampled, not sampled, with a tracestate, invalid', () => {
    const propagator = new W3CTraceContextPropagator()
    const viaPropagator = (span: ReturnType<typeof trace.wrapSpanContext>) => {
      const carrier: Record<string, string> = {}
      propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, { set: (into, key, value) => void (into[key] = value) })
      return carrier
    }
    const ids = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' }
    const spans = [
      trace.wrapSpanContext({ ...ids, traceFlags: TraceFlags.SAMPLED }),
      trace.wrapSpanContext({ ...ids, traceFlags: TraceFlags.NONE }),
      trace.wrapSpanContext({ ...ids, traceFlags: TraceFlags.SAMPLED, traceState: new TraceState('vendor=a1,other=b2') }),
      trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: TraceFlags.SAMPLED }),
    ]
    for (const span of spans) expect(traceContextOf(span)).toEqual(viaPropagator(span))
    expect(traceContextOf(spans[0]!)).toEqual({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' })
    expect(traceContextOf(spans[2]!)).toEqual({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=a1,other=b2' })
    expect(traceContextOf(spans[3]!)).toEqual({})
  })

  it('puts the token usage of a committed answer on its chat span', async () => {
    const exporter = new InMemorySpanExporter()
    const { telemetry } = service({ exporter, initial: { enabled: true, endpoint: 'http://127.0.0.1:4318' } })
    await telemetry.ready()
    const hooks = telemetry.spans.observeTurns(noHooks)
    await hooks.run('model-request', { sessionId: 's1', step: 1, model: 'gpt-5', tools: [], messages: [] })
    telemetry.spans.committed('s1', { kind: 'user' })
    telemetry.spans.committed('s1', { kind: 'assistant', usage: { input: 1200, output: 80, cachedInput: 1000 } })
    await hooks.run('model-request', { sessionId: 's1', step: 2, model: 'gpt-5', tools: [], messages: [] })
    // A provider that counted nothing: no usage attributes (never zeros made up).
    telemetry.spans.committed('s1', { kind: 'assistant' })
    await hooks.run('turn-end', { sessionId: 's1', status: 'done', text: '' })
    await telemetry.forceFlush()
    const chats = exporter.getFinishedSpans().filter((s) => s.name === 'chat gpt-5')
    expect(chats.map((s) => s.attributes['switchboard.turn.step'])).toEqual([1, 2])
    expect(chats[0]!.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 1200, 'gen_ai.usage.output_tokens': 80, 'gen_ai.usage.cache_read.input_tokens': 1000 })
    expect(chats[1]!.attributes).not.toHaveProperty('gen_ai.usage.input_tokens')
    await telemetry.close()
  })

  it('refuses header values without a keychain and keeps export off with the reason', async () => {
    const { telemetry, store } = service({ available: false })
    await expect(telemetry.set({ enabled: true, endpoint: 'http://127.0.0.1:4318', headers: { Authorization: 'Bearer CANARY' } })).rejects.toThrow(/no keychain to keep them in/)
    expect(store.values.size).toBe(0)
    expect(telemetry.view()).toMatchObject({ enabled: false, state: 'off' })
    // A header kept from before, with the keychain gone now: off, and why.
    const later = service({ available: false, initial: { enabled: true, endpoint: 'http://127.0.0.1:4318', headerNames: ['Authorization'] } })
    await later.telemetry.ready()
    expect(later.telemetry.view()).toMatchObject({ state: 'blocked', reason: expect.stringMatching(/no keychain/) })
    await telemetry.close()
    await later.telemetry.close()
  })

  it('keeps header values in the keychain, only their names in the settings', async () => {
    const { telemetry, store, settings } = service({ exporter: new InMemorySpanExporter() })
    await telemetry.set({ enabled: true, endpoint: 'http://127.0.0.1:4318', headers: { 'x-api-key': 'CANARY-VALUE' } })
    expect(JSON.stringify(settings())).not.toContain('CANARY-VALUE')
    expect(settings()).toMatchObject({ headerNames: ['x-api-key'] })
    expect([...store.values.values()]).toEqual(['CANARY-VALUE'])
    expect(JSON.stringify(telemetry.view())).not.toContain('CANARY-VALUE')
    expect(telemetry.view().state).toBe('exporting')
    await telemetry.set({ headers: { 'x-api-key': null } })
    expect(store.values.size).toBe(0)
    await telemetry.close()
  })

  it('a managed policy forces the endpoint: on, and not changeable by the person', async () => {
    const { telemetry } = service({ exporter: new InMemorySpanExporter() })
    const view = await telemetry.force({ endpoint: 'https://collector.corp.example' })
    expect(view).toMatchObject({ enabled: true, managed: true, endpoint: 'https://collector.corp.example', state: 'exporting' })
    await expect(telemetry.set({ enabled: false })).rejects.toThrow(/^Set by your organisation: telemetry goes to the endpoint your organisation chose/)
    expect((await telemetry.force(undefined)).managed).toBe(false)
    await telemetry.close()
  })
})
