/**
 * The telemetry part of the host API contract (docs/guide/activity.md#telemetry): opt-in export of
 * spans over OTLP/HTTP following the OpenTelemetry GenAI conventions (`invoke_agent`, `chat`,
 * `execute_tool`). Header values (an API key for the collector) are secrets in the keychain; only
 * their names are settings. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const TELEMETRY_URI = 'switchboard://telemetry'

/** A header name as HTTP allows it (RFC 9110 token). */
export const HeaderNameSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'A header name is letters, digits and - (e.g. "Authorization" or "x-api-key")')

/** The OTLP/HTTP base (`http://localhost:4318`) or the full traces URL (`…/v1/traces`). */
export const TelemetryEndpointSchema = z
  .string()
  .max(2_000)
  .refine((text) => {
    try {
      const url = new URL(text)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'The endpoint is an http:// or https:// address, e.g. http://localhost:4318')

export const TelemetrySettingsSchema = z.object({
  enabled: z.boolean().default(false),
  endpoint: TelemetryEndpointSchema.optional(),
  /** Names of the headers sent with every export; each value is the secret `telemetry:header:<name>`. */
  headerNames: z.array(HeaderNameSchema).max(20).default([]),
  /** Arguments, results and message text go into spans only when this is on (they may hold personal data). */
  captureContent: z.boolean().default(false),
})
export type TelemetrySettings = z.infer<typeof TelemetrySettingsSchema>

export const TelemetryStateSchema = z.enum(['off', 'exporting', 'failing', 'blocked'])

export const TelemetryViewSchema = z.object({
  enabled: z.boolean(),
  endpoint: z.string().optional(),
  headerNames: z.array(z.string()),
  captureContent: z.boolean(),
  /** Set by the organization's managed policy: the person cannot change the endpoint or turn export off. */
  managed: z.boolean(),
  state: TelemetryStateSchema,
  /** Why export is off or failing, with the fix. */
  reason: z.string().optional(),
  /** Spans handed to the collector, spans dropped because the queue was full, exports that failed. */
  exported: z.number().int(),
  dropped: z.number().int(),
  failedExports: z.number().int(),
})
export type TelemetryView = z.infer<typeof TelemetryViewSchema>

export const TelemetryToolInput = {
  /** `headers`: a value stores it in the keychain, null removes the header. */
  telemetry_set: z.object({
    enabled: z.boolean().optional(),
    endpoint: TelemetryEndpointSchema.optional(),
    headers: z.record(HeaderNameSchema, z.string().min(1).max(4_000).nullable()).optional(),
    captureContent: z.boolean().optional(),
  }),
} as const

export const TelemetryToolOutput = {
  telemetry_set: TelemetryViewSchema,
} as const

export const telemetryHeaderSecret = (name: string): string => `telemetry:header:${name.toLowerCase()}`
