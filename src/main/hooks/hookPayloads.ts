/**
 * What each event hands a hook, and which of its fields a hook may change. A hook's structured
 * result is read against its event's schema: `decision` / `reason`, and any of the event's
 * changeable fields (the rest of the payload may be echoed back and is ignored). A result that
 * does not fit is a hook error, never a new payload.
 */
import { z } from 'zod'
import { loadAiSdk, type AiSdk } from '../aiSdk/aiSdk'
import type { HookEvent } from '../../shared/hooksApi'

const ContentBlock = z.looseObject({ type: z.string() })

/** A tool result as a hook sees and returns it (MCP CallToolResult's shape). */
export const HookToolResultSchema = z.object({
  content: z.array(ContentBlock),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
})

/** The fields each event's hook may change, with their schemas. */
/** Extension ids a session-start or user-message hook offers this turn (issue 16 item 3); the loop checks them against the catalog. */
const Extensions = z.array(z.string().min(1).max(64)).max(500)

// Functions, so the AI SDK's message schema is taken only when a model-request answer is read.
const CHANGEABLE = {
  'session-start': () => ({ extensions: Extensions }),
  'user-message': () => ({ text: z.string().max(1_000_000), extensions: Extensions }),
  // Tools can only be taken away (see hookRunner): a hook never offers the model a tool the turn did not.
  'model-request': (sdk?: AiSdk) => ({ tools: z.array(z.string()), messages: z.array(sdk ? sdk.modelMessageSchema : z.unknown()) }),
  'tool-call': () => ({ arguments: z.record(z.string(), z.unknown()) }),
  'tool-result': () => ({ result: HookToolResultSchema }),
  'turn-end': () => ({}),
} as const satisfies Record<HookEvent, (sdk?: AiSdk) => Record<string, z.ZodType>>

export interface HookPayloads {
  /** `extensions`: the ids whose tools this turn offers, as the session (or the hook before) left them. */
  'session-start': { sessionId: string; extensions: string[] }
  'user-message': { sessionId: string; text: string; extensions: string[] }
  'model-request': { sessionId: string; step: number; model: string; tools: string[]; messages: unknown[] }
  'tool-call': { sessionId: string; tool: string; extension: string; arguments: Record<string, unknown> }
  'tool-result': { sessionId: string; tool: string; extension: string; arguments: Record<string, unknown>; result: z.infer<typeof HookToolResultSchema> }
  'turn-end': { sessionId: string; status: string; text: string }
}
export type HookPayload<E extends HookEvent> = HookPayloads[E]

const DecisionFields = { decision: z.enum(['allow', 'deny', 'ask']).optional(), reason: z.string().max(2_000).optional() }

/** Built once per event: building a zod schema is far dearer than parsing with it (bench/hooks.ts). */
const OUTPUT_SCHEMAS = new Map<HookEvent, z.ZodType<Record<string, unknown>>>()

/** The schema a hook's structuredContent must fit for `event` (model-request's messages are checked with the AI SDK's schema, loaded here). */
export async function hookOutputSchema(event: HookEvent): Promise<z.ZodType<Record<string, unknown>>> {
  let schema = OUTPUT_SCHEMAS.get(event)
  if (!schema) {
    const changeable: Record<string, z.ZodType> = CHANGEABLE[event](event === 'model-request' ? await loadAiSdk() : undefined)
    schema = z.looseObject({ ...DecisionFields, ...Object.fromEntries(Object.entries(changeable).map(([key, field]) => [key, field.optional()])) })
    OUTPUT_SCHEMAS.set(event, schema)
  }
  return schema
}

/** Only the names are needed here, so no AI SDK (model-request's messages schema is a stand-in). */
const FIELD_NAMES = new Map<HookEvent, string[]>()

export function changeableFields(event: HookEvent): string[] {
  let names = FIELD_NAMES.get(event)
  if (!names) FIELD_NAMES.set(event, (names = Object.keys(CHANGEABLE[event]())))
  return names
}

/** A refusal stops the user message or the tool call; elsewhere a failing or refusing hook is a warning. */
export function canRefuse(event: HookEvent): boolean {
  return event === 'user-message' || event === 'tool-call'
}
