/** What one hook answered, read the same way for a hook tool's structuredContent and a command's output. */
import type { HookEvent } from '../../shared/hooksApi'
import { changeableFields, hookOutputSchema } from './hookPayloads'

export type HookAnswer =
  | {
      ok: true
      decision?: 'allow' | 'deny' | 'ask'
      reason?: string
      /** The changeable fields it returned. */
      fields: Record<string, unknown>
      /** Context to add for the model. */
      context?: string
      /** Something went wrong that does not stop the step (a command's other exit code): a warning in the turn. */
      warning?: string
    }
  | { ok: false; reason: string }

/** Checks a structured result against the event's schema; one that does not fit is a hook error, never a new payload. */
export async function readStructured(event: HookEvent, structured: unknown): Promise<HookAnswer> {
  if (structured === undefined) return { ok: true, fields: {} }
  const parsed = (await hookOutputSchema(event)).safeParse(structured)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `its result does not fit the ${event} payload (${issue?.path.join('.') || 'result'}: ${issue?.message ?? 'invalid'})` }
  }
  const { decision, reason, ...rest } = parsed.data
  const fields = Object.fromEntries(changeableFields(event).filter((key) => rest[key] !== undefined).map((key) => [key, rest[key]]))
  return { ok: true, decision: decision as 'allow' | 'deny' | 'ask' | undefined, reason: reason as string | undefined, fields }
}
