/**
 * Provenance: where a piece of a conversation's context came from (the person, an extension, a
 * connected app, an MCP App, a routine, a sub-agent), and whether that is *outside content* — text
 * from a source the person does not write, that may try to steer the model (docs/guide/provenance.md).
 * Stored with the message (optional fields: lines written before it existed read without it) and
 * shown on hover in the chat; the permission layer's guard (permissions/inspectors/guardInspector.ts) reads it.
 */
import { z } from 'zod'

/** Why a source counts as outside content. */
export const OutsideWhySchema = z.enum(['open-world', 'remote', 'connected-app', 'marked'])
export type OutsideWhy = z.infer<typeof OutsideWhySchema>

export const ProvenanceSourceSchema = z.object({
  /** `model`: the model itself (a summary it wrote); `sub-agent`: an agent's prompt to another, or its answer. */
  kind: z.enum(['person', 'model', 'extension', 'connected-app', 'mcp-app', 'routine', 'sub-agent', 'hook']),
  /** How the person knows it: "GitHub", "Cursor", "Researcher". */
  name: z.string().max(200),
  extensionId: z.string().max(128).optional(),
  /** The namespaced tool the content came from, when it came from a tool. */
  tool: z.string().max(256).optional(),
  /** A sub-agent's session (what it read is in `carries` of the provenance). */
  sessionId: z.string().max(128).optional(),
  /** Outside content when recorded; why. Absent: not outside content (when recorded). */
  outside: OutsideWhySchema.optional(),
})
export type ProvenanceSource = z.infer<typeof ProvenanceSourceSchema>

export const ProvenanceSchema = z.object({
  /** The direct source of this content. */
  from: ProvenanceSourceSchema,
  /** Outside sources this content carries on: what a sub-agent read, what a summary stands for. */
  carries: z.array(ProvenanceSourceSchema).max(50).optional(),
})
export type Provenance = z.infer<typeof ProvenanceSchema>

/** The guard's setting (Settings → Permissions → Guard after outside content). */
export const GuardModeSchema = z.enum(['off', 'acting', 'all'])
export type GuardMode = z.infer<typeof GuardModeSchema>
export const DEFAULT_GUARD_MODE: GuardMode = 'acting'

