/**
 * The OpenTelemetry pipeline for one configuration: a TracerProvider (not registered globally: only
 * Switchboard's own spans go through it) → BatchSpanProcessor (bounded queue, a batch at most every
 * `delayMs`) → OTLPTraceExporter (OTLP/HTTP, binary protobuf: the protocol's default encoding, what
 * collectors expect unless told otherwise, and about a third of JSON's CPU a span). Ending a span only
 * queues it: a slow, hanging or refusing collector never blocks a turn. When the queue is full spans are
 * dropped; the SDK reports drops through its self-observability counter, which a small in-process meter
 * here counts, and the exporter is wrapped to count what went out and what failed. `plan` chooses the
 * ids of a tool call's span before it is built, so its W3C trace context can go into the tools/call
 * request's `_meta` while the span is built after the request left (plannedSpans.ts; the text is what
 * the SDK's W3CTraceContextPropagator writes, test/main/telemetry/telemetry.test.ts checks the two agree).
 */
import { createNoopMeter, type Attributes, type Meter, type MeterProvider, type Span, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace'
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions'
import { PlannedIds, type PlannedSpan } from './plannedSpans'

export interface PipelineCounts {
  exported: number
  dropped: number
  failedExports: number
  lastError?: string
}

export interface PipelineOptions {
  /** The base (`http://host:4318`) or the full `/v1/traces` URL. */
  endpoint: string
  headers: Record<string, string>
  version: string
  delayMs?: number
  maxQueueSize?: number
  timeoutMs?: number
  /** Told after every export, with whether it worked (for the warning and the view). */
  onExport(ok: boolean, error?: string): void
  /** For tests: an exporter instead of OTLP/HTTP. */
  exporter?: SpanExporter
}

export interface Pipeline {
  tracer: Tracer
  counts: PipelineCounts
  /** Ids for a span built later under `parent` (plannedSpans.ts): its trace context now, for a request's `_meta`. */
  plan(parent: Span | undefined): PlannedSpan
  forceFlush(): Promise<void>
  shutdown(): Promise<void>
}

const PROCESSED = 'otel.sdk.processor.span.processed'
/** Spans per export request (the SDK's default). */
export const EXPORT_BATCH = 512
/** ExportResultCode.SUCCESS of @opentelemetry/core (a dependency of the SDK, not of ours). */
const SUCCESS = 0
type ExportDone = Parameters<SpanExporter['export']>[1]

/** `http://host:4318` → `http://host:4318/v1/traces`; a URL that already names the traces path is kept. */
export function tracesUrl(endpoint: string): string {
  const url = new URL(endpoint)
  if (!url.pathname.endsWith('/v1/traces')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`
  return url.toString()
}

/** A meter that counts the processor's dropped spans (error.type "queue_full") and ignores every other instrument. */
function dropCounter(counts: PipelineCounts): MeterProvider {
  const noop = createNoopMeter()
  const meter: Meter = Object.assign(Object.create(noop) as Meter, {
    createCounter(name: string, options?: unknown) {
      const counter = noop.createCounter(name, options as never)
      if (name !== PROCESSED) return counter
      return Object.assign(Object.create(counter) as typeof counter, {
        add(value: number, attributes?: Attributes) {
          if (attributes?.['error.type'] === 'queue_full') counts.dropped += value
        },
      })
    },
  })
  return { getMeter: () => meter }
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const counts: PipelineCounts = { exported: 0, dropped: 0, failedExports: 0 }
  const inner = options.exporter ?? new OTLPTraceExporter({ url: tracesUrl(options.endpoint), headers: options.headers, timeoutMillis: options.timeoutMs ?? 10_000 })
  const exporter: SpanExporter = {
    export(spans: ReadableSpan[], done: ExportDone) {
      // The SDK exports a full batch inside the span.end() that filled it, and serializing a batch
      // takes milliseconds: the tool call ending that span would pay for it. A task of its own instead.
      setImmediate(() => exportNow(spans, done))
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  }
  const exportNow = (spans: ReadableSpan[], done: ExportDone) =>
    inner.export(spans, (result) => {
      if (result.code === SUCCESS) {
        counts.exported += spans.length
        options.onExport(true)
      } else {
        counts.failedExports += 1
        counts.lastError = result.error?.message ?? 'the collector did not accept the spans'
        options.onExport(false, counts.lastError)
      }
      done(result)
    })
  const processor = new BatchSpanProcessor({
    exporter,
    maxQueueSize: options.maxQueueSize ?? 2048,
    // Not smaller: each export request costs about as much CPU as serializing a hundred spans (measured with bench/activity.ts).
    maxExportBatchSize: Math.min(EXPORT_BATCH, options.maxQueueSize ?? 2048),
    scheduledDelayMillis: options.delayMs ?? 1000,
    exportTimeoutMillis: options.timeoutMs ?? 10_000,
    selfObsMeterProvider: dropCounter(counts),
  })
  const ids = new PlannedIds()
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'switchboard', [ATTR_SERVICE_VERSION]: options.version }),
    spanProcessors: [processor],
    idGenerator: ids,
    // Every span is kept (the person turned export on to see them); said here, not left to OTEL_TRACES_SAMPLER,
    // because a planned span's trace context is written before the sampler sees the span (plannedSpans.ts).
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  })
  return {
    tracer: provider.getTracer('switchboard', options.version),
    counts,
    plan: (parent) => ids.plan(parent),
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  }
}
