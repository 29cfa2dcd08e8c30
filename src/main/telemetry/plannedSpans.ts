/**
 * Spans whose ids are chosen before they are built. A tool call's W3C trace context must be in its
 * tools/call request before the request leaves, but building the SDK span (ids, sampler, attributes)
 * cost more than the rest of the call's telemetry together (bench/activity.ts: about 35 µs of a ~1 ms
 * tool round, on the call's way). So the ids are chosen first, the trace context goes out with the
 * request, and the span is built in a task of its own with exactly those ids and the call's start time
 * (genAiSpans.ts). The SDK takes a span's ids only from its IdGenerator, hence an IdGenerator that hands
 * out the chosen ids while a planned span is built, and random ones (the SDK's own) otherwise.
 */
import { TraceFlags, isSpanContextValid, trace, type Span } from '@opentelemetry/api'
import { RandomIdGenerator, type IdGenerator } from '@opentelemetry/sdk-trace'

/** A span's W3C trace context as `_meta` entries: what W3CTraceContextPropagator.inject writes for it (nothing for an invalid one). */
export function traceContextOf(span: Span): Record<string, string> {
  const context = span.spanContext()
  if (!isSpanContextValid(context)) return {}
  const traceparent = `00-${context.traceId}-${context.spanId}-0${(context.traceFlags || 0).toString(16)}`
  return context.traceState ? { traceparent, tracestate: context.traceState.serialize() } : { traceparent }
}

export interface PlannedSpan {
  /** `{ traceparent, tracestate? }` of the span to be built, for the request's `_meta` (SEP-414). */
  context: Record<string, string>
  /** Builds the span with the chosen ids: `build` starts exactly one span, at once. */
  start(build: () => Span): Span
}

export class PlannedIds implements IdGenerator {
  private readonly random = new RandomIdGenerator()
  private chosen: { traceId: string; spanId: string } | undefined

  generateTraceId(): string {
    return this.chosen?.traceId ?? this.random.generateTraceId()
  }

  generateSpanId(): string {
    return this.chosen?.spanId ?? this.random.generateSpanId()
  }

  /**
   * Ids for a span to be built under `parent`: in its trace and sampled as it is, or the root of a new,
   * sampled trace (the pipeline's sampler, parent-based and always on at the root, decides just so).
   */
  plan(parent: Span | undefined): PlannedSpan {
    const above = parent?.spanContext()
    const inTrace = above !== undefined && isSpanContextValid(above)
    const ids = { traceId: inTrace ? above.traceId : this.random.generateTraceId(), spanId: this.random.generateSpanId() }
    const traceFlags = inTrace ? above.traceFlags & TraceFlags.SAMPLED : TraceFlags.SAMPLED
    return {
      context: traceContextOf(trace.wrapSpanContext({ ...ids, traceFlags, ...(inTrace && above.traceState ? { traceState: above.traceState } : {}) })),
      start: (build) => {
        this.chosen = ids
        try {
          return build()
        } finally {
          this.chosen = undefined
        }
      },
    }
  }
}
