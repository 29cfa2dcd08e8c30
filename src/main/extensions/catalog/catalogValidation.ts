/**
 * Item-by-item validation of what a server lists (F17): one garbage tool costs only itself, with a
 * warning naming the extension and the reason; the rest of its list stays usable.
 */
import { createHash } from 'node:crypto'
import type { Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client'
import { PromptSchema, ResourceSchema, ResourceTemplateSchema, ToolSchema } from '@modelcontextprotocol/core'
import type { z } from 'zod'
import { canonicalJson } from '../../../shared/canonicalJson'
import { describeInvisible, escapeInvisible, invisibleFields } from '../../../shared/invisibleText'

/** Bounds on one definition; beyond them a server is broken or hostile, and the model would pay for it. */
export const catalogLimits = {
  /** MCP suggests 1–128 characters for tool names. */
  maxNameLength: 128,
  maxDescriptionLength: 8192,
  maxSchemaBytes: 64 * 1024,
  maxItemsPerList: 2000,
}

export type Validated<T> = { ok: true; item: T; warning?: string } | { ok: false; warning: string }

const describeItem = (raw: unknown): string => {
  const name = (raw as { name?: unknown; uri?: unknown } | null)?.name ?? (raw as { uri?: unknown } | null)?.uri
  return typeof name === 'string' ? `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}"` : 'an unnamed item'
}

function parse<T>(schema: z.ZodType<T>, raw: unknown, what: string): Validated<T> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { ok: true, item: parsed.data }
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  return { ok: false, warning: `dropped ${what} ${describeItem(raw)}: ${issue?.message ?? 'invalid'}${where}` }
}

function checkName(name: string, what: string): string | undefined {
  if (name.trim().length === 0) return `dropped a ${what} with an empty name`
  if (name.length > catalogLimits.maxNameLength) return `dropped a ${what} whose name is ${name.length} characters long (limit ${catalogLimits.maxNameLength})`
  return undefined
}

function clipDescription<T extends { description?: string }>(item: T, what: string, name: string): { item: T; warning?: string } {
  const description = item.description
  if (description === undefined || description.length <= catalogLimits.maxDescriptionLength) return { item }
  return {
    item: { ...item, description: `${description.slice(0, catalogLimits.maxDescriptionLength)}…` },
    warning: `shortened the description of ${what} "${name}" from ${description.length} characters`,
  }
}

/**
 * The item is kept, with a warning when its text hides characters (the window shows them escaped,
 * the model gets them removed, a call asks first). Joined with any other warning about it.
 */
function kept<T extends object>(clipped: { item: T; warning?: string }, what: string, name: string): Validated<T> {
  const fields = invisibleFields(clipped.item)
  const hidden =
    fields.length > 0
      ? `${what} "${escapeInvisible(name)}" hides ${describeInvisible(fields.flatMap((field) => field.runs))} in ${fields.map((field) => field.field).join(', ')}: shown escaped, removed before the model reads it`
      : undefined
  const warning = [clipped.warning, hidden].filter(Boolean).join('; ')
  return { ok: true, item: clipped.item, ...(warning ? { warning } : {}) }
}

export function validateTool(raw: unknown): Validated<Tool> {
  const parsed = parse(ToolSchema as unknown as z.ZodType<Tool>, raw, 'tool')
  if (!parsed.ok) return parsed
  const nameProblem = checkName(parsed.item.name, 'tool')
  if (nameProblem) return { ok: false, warning: nameProblem }
  for (const [key, schema] of [['inputSchema', parsed.item.inputSchema], ['outputSchema', parsed.item.outputSchema]] as const) {
    if (schema === undefined) continue
    const bytes = JSON.stringify(schema).length
    if (bytes > catalogLimits.maxSchemaBytes) {
      return { ok: false, warning: `dropped tool "${parsed.item.name}": its ${key} is ${bytes} bytes (limit ${catalogLimits.maxSchemaBytes})` }
    }
  }
  return kept(clipDescription(parsed.item, 'tool', parsed.item.name), 'tool', parsed.item.name)
}

export function validatePrompt(raw: unknown): Validated<Prompt> {
  const parsed = parse(PromptSchema as unknown as z.ZodType<Prompt>, raw, 'prompt')
  if (!parsed.ok) return parsed
  const nameProblem = checkName(parsed.item.name, 'prompt')
  if (nameProblem) return { ok: false, warning: nameProblem }
  return kept(clipDescription(parsed.item, 'prompt', parsed.item.name), 'prompt', parsed.item.name)
}

export function validateResource(raw: unknown): Validated<Resource> {
  const parsed = parse(ResourceSchema as unknown as z.ZodType<Resource>, raw, 'resource')
  if (!parsed.ok) return parsed
  if (parsed.item.uri.length > 4096) return { ok: false, warning: `dropped a resource whose URI is ${parsed.item.uri.length} characters long` }
  return kept(clipDescription(parsed.item, 'resource', parsed.item.uri), 'resource', parsed.item.uri)
}

export function validateResourceTemplate(raw: unknown): Validated<ResourceTemplateType> {
  const parsed = parse(ResourceTemplateSchema as unknown as z.ZodType<ResourceTemplateType>, raw, 'resource template')
  if (!parsed.ok) return parsed
  return kept(clipDescription(parsed.item, 'resource template', parsed.item.uriTemplate), 'resource template', parsed.item.uriTemplate)
}

/**
 * Hash of what an approval is bound to (F15): the name, title, description, input schema and
 * (effective) annotations of a tool, as the catalog lists them. An empty title and empty annotations
 * count as none. Must equal permissions/toolPins.ts hashToolDefinition (a test holds them equal).
 */
export function definitionHash(tool: Pick<Tool, 'name' | 'title' | 'description' | 'inputSchema'> & { annotations?: object }): string {
  const annotations = Object.entries(tool.annotations ?? {}).filter(([, value]) => value !== undefined)
  return createHash('sha256')
    .update(
      canonicalJson({
        name: tool.name,
        title: tool.title || undefined,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema,
        annotations: annotations.length > 0 ? Object.fromEntries(annotations) : undefined,
      }),
    )
    .digest('hex')
}
