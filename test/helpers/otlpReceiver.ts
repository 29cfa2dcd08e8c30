/**
 * A local OTLP/HTTP receiver that decodes what arrives (binary protobuf, the encoding the exporter
 * sends), for the telemetry tests: `mode` "ok" answers 200, "hang" never answers. A request that is not
 * `application/x-protobuf` is refused with 415, as a collector without JSON would. `close` is the
 * caller's to run after the test.
 *
 * The decoder is our own, small and for the tests only: nothing installed decodes an
 * ExportTraceServiceRequest (protobufjs is not a dependency; @opentelemetry/otlp-transformer only
 * writes requests and reads responses, and its reader is not exported). It reads the protobuf wire
 * format and the few messages of opentelemetry/proto/{collector/trace,trace,common,resource}/v1 that
 * the tests look at (field numbers below), into the shape of OTLP's JSON encoding (ids in hex, 64-bit
 * integers as strings). Unknown fields are skipped, as protobuf readers do.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedExport {
  headers: IncomingMessage['headers']
  /** The request's bytes as they arrived. */
  raw: Buffer
  body: { resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[] }[] }
}

export interface OtlpValue {
  stringValue?: string
  boolValue?: boolean
  intValue?: string
  doubleValue?: number
  arrayValue?: { values: OtlpValue[] }
}

export interface OtlpAttribute {
  key: string
  value: OtlpValue
}

export interface OtlpSpan {
  name: string
  traceId: string
  spanId: string
  parentSpanId?: string
  kind: number
  attributes: OtlpAttribute[]
  events: { name: string; attributes: OtlpAttribute[] }[]
  status: { code: number; message?: string }
}

export interface OtlpReceiver {
  url: string
  received: ReceivedExport[]
  requests(): number
  spans(): OtlpSpan[]
  close(): Promise<void>
}

// --- the protobuf wire format (https://protobuf.dev/programming-guides/encoding/) ---

type Field = { number: number; wire: 0; varint: bigint } | { number: number; wire: 1 | 5; fixed: Buffer } | { number: number; wire: 2; bytes: Buffer }

function* fields(buffer: Buffer): Generator<Field> {
  let at = 0
  const varint = (): bigint => {
    let value = 0n
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buffer.length) throw new Error('otlpReceiver: a varint runs past the end of the message')
      const byte = buffer[at++]!
      value |= BigInt(byte & 0x7f) << shift
      if (byte < 0x80) return value
    }
  }
  while (at < buffer.length) {
    const tag = Number(varint())
    const number = tag >>> 3
    const wire = tag & 7
    if (wire === 0) yield { number, wire, varint: varint() }
    else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4
      yield { number, wire, fixed: buffer.subarray(at, (at += size)) }
    } else if (wire === 2) {
      const length = Number(varint())
      if (at + length > buffer.length) throw new Error('otlpReceiver: a length-delimited field runs past the end of the message')
      yield { number, wire, bytes: buffer.subarray(at, (at += length)) }
    } else throw new Error(`otlpReceiver: wire type ${wire} (groups) is not used by OTLP`)
  }
}

const text = (field: Field): string => (field.wire === 2 ? field.bytes.toString('utf8') : '')
const hex = (field: Field): string => (field.wire === 2 ? field.bytes.toString('hex') : '')
const small = (field: Field): number => (field.wire === 0 ? Number(field.varint) : 0)

// --- the OTLP messages ---

/** common.v1.AnyValue: 1 string, 2 bool, 3 int64, 4 double, 5 ArrayValue (1 values). */
function anyValue(buffer: Buffer): OtlpValue {
  const value: OtlpValue = {}
  for (const field of fields(buffer)) {
    if (field.number === 1) value.stringValue = text(field)
    else if (field.number === 2) value.boolValue = small(field) !== 0
    else if (field.number === 3 && field.wire === 0) value.intValue = BigInt.asIntN(64, field.varint).toString()
    else if (field.number === 4 && field.wire === 1) value.doubleValue = field.fixed.readDoubleLE(0)
    else if (field.number === 5 && field.wire === 2) value.arrayValue = { values: [...fields(field.bytes)].filter((f) => f.number === 1 && f.wire === 2).map((f) => anyValue((f as { bytes: Buffer }).bytes)) }
  }
  return value
}

/** common.v1.KeyValue: 1 key, 2 value. */
function keyValue(buffer: Buffer): OtlpAttribute {
  const attribute: OtlpAttribute = { key: '', value: {} }
  for (const field of fields(buffer)) {
    if (field.number === 1) attribute.key = text(field)
    else if (field.number === 2 && field.wire === 2) attribute.value = anyValue(field.bytes)
  }
  return attribute
}

/** trace.v1.Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 9 attributes, 11 events (2 name, 3 attributes), 15 status (2 message, 3 code). */
function span(buffer: Buffer): OtlpSpan {
  const decoded: OtlpSpan = { name: '', traceId: '', spanId: '', kind: 0, attributes: [], events: [], status: { code: 0 } }
  for (const field of fields(buffer)) {
    if (field.wire === 2 && field.number === 1) decoded.traceId = hex(field)
    else if (field.wire === 2 && field.number === 2) decoded.spanId = hex(field)
    else if (field.wire === 2 && field.number === 4 && field.bytes.length > 0) decoded.parentSpanId = hex(field)
    else if (field.number === 5) decoded.name = text(field)
    else if (field.number === 6) decoded.kind = small(field)
    else if (field.wire === 2 && field.number === 9) decoded.attributes.push(keyValue(field.bytes))
    else if (field.wire === 2 && field.number === 11) {
      const event = { name: '', attributes: [] as OtlpAttribute[] }
      for (const inner of fields(field.bytes)) {
        if (inner.number === 2) event.name = text(inner)
        else if (inner.wire === 2 && inner.number === 3) event.attributes.push(keyValue(inner.bytes))
      }
      decoded.events.push(event)
    } else if (field.wire === 2 && field.number === 15) {
      for (const inner of fields(field.bytes)) {
        if (inner.number === 2) decoded.status.message = text(inner)
        else if (inner.number === 3) decoded.status.code = small(inner)
      }
    }
  }
  return decoded
}

/** collector.trace.v1.ExportTraceServiceRequest: 1 resource_spans (1 resource (1 attributes), 2 scope_spans (1 scope (1 name, 2 version), 2 spans)). */
export function decodeExportTraceServiceRequest(buffer: Buffer): ReceivedExport['body'] {
  const resourceSpans: ReceivedExport['body']['resourceSpans'] = []
  for (const rs of fields(buffer)) {
    if (rs.number !== 1 || rs.wire !== 2) continue
    const entry: ReceivedExport['body']['resourceSpans'][number] = { resource: { attributes: [] }, scopeSpans: [] }
    for (const field of fields(rs.bytes)) {
      if (field.wire !== 2) continue
      if (field.number === 1) for (const inner of fields(field.bytes)) if (inner.number === 1 && inner.wire === 2) entry.resource.attributes.push(keyValue(inner.bytes))
      if (field.number === 2) {
        const scopeSpans = { scope: { name: '', version: '' }, spans: [] as OtlpSpan[] }
        for (const inner of fields(field.bytes)) {
          if (inner.wire !== 2) continue
          if (inner.number === 1) {
            for (const scopeField of fields(inner.bytes)) {
              if (scopeField.number === 1) scopeSpans.scope.name = text(scopeField)
              else if (scopeField.number === 2) scopeSpans.scope.version = text(scopeField)
            }
          } else if (inner.number === 2) scopeSpans.spans.push(span(inner.bytes))
        }
        entry.scopeSpans.push(scopeSpans)
      }
    }
    resourceSpans.push(entry)
  }
  return { resourceSpans }
}

export async function startOtlpReceiver(mode: 'ok' | 'hang' = 'ok'): Promise<OtlpReceiver> {
  const received: ReceivedExport[] = []
  const open = new Set<ServerResponse>()
  let requests = 0
  const server: Server = createServer((request, response) => {
    requests += 1
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type'] !== 'application/x-protobuf') {
        response.writeHead(415, { 'content-type': 'text/plain' }).end('this collector takes OTLP/HTTP protobuf only')
        return
      }
      if (request.url === '/v1/traces') {
        const raw = Buffer.concat(chunks)
        received.push({ headers: request.headers, raw, body: decodeExportTraceServiceRequest(raw) })
      }
      if (mode === 'hang') {
        open.add(response)
        return
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests: () => requests,
    spans: () => received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans))),
    async close() {
      for (const response of open) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** An attribute's value as a plain string, boolean or number (OTLP sends 64-bit ints, decoded here as strings). */
export function spanAttribute(span: OtlpSpan, key: string): string | boolean | number | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? value?.boolValue ?? (value?.intValue !== undefined ? Number(value.intValue) : value?.doubleValue)
}
