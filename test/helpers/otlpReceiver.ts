/**
 * A local OTLP/HTTP receiver (JSON encoding) that decodes what arrives, for the telemetry tests:
 * `mode` "ok" answers 200, "hang" never answers. `close` is the caller's to run after the test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedExport {
  headers: IncomingMessage['headers']
  body: { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
}

export interface OtlpSpan {
  name: string
  traceId: string
  spanId: string
  parentSpanId?: string
  kind: number
  attributes: { key: string; value: { stringValue?: string; boolValue?: boolean; intValue?: string | number } }[]
}

export interface OtlpReceiver {
  url: string
  received: ReceivedExport[]
  requests(): number
  spans(): OtlpSpan[]
  close(): Promise<void>
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
      if (request.url === '/v1/traces') received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      if (mode === 'hang') {
        open.add(response)
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
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

/** An attribute's value as a plain string, boolean or number (OTLP JSON sends 64-bit ints as strings). */
export function spanAttribute(span: OtlpSpan, key: string): string | boolean | number | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? value?.boolValue ?? (value?.intValue !== undefined ? Number(value.intValue) : undefined)
}
