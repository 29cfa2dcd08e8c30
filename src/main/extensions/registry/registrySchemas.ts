/**
 * The MCP Registry's answers (API v0.1, server.json), validated at the edge. The registry is
 * untrusted input: each entry is parsed on its own, so one bad entry is dropped with a reason and
 * never takes the page down. Unknown fields are ignored (the format grows); sizes are bounded.
 */
import { z } from 'zod'

const text = (max: number) => z.string().max(max)

/** A value the person gives (or the author fixed): server.json's `Input`. */
export const InputSchema = z.object({
  description: text(2000).optional(),
  isRequired: z.boolean().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  value: text(4096).optional(),
  isSecret: z.boolean().optional(),
  default: text(4096).optional(),
  placeholder: text(500).optional(),
  choices: z.array(text(500)).max(100).optional(),
})
export type RegistryInput = z.infer<typeof InputSchema>

/** An input whose value may hold `{name}` placeholders filled from `variables`. */
const InputWithVariablesSchema = InputSchema.extend({
  variables: z.record(text(100), InputSchema).optional(),
})
export type InputWithVariables = z.infer<typeof InputWithVariablesSchema>

export const ArgumentSchema = z.discriminatedUnion('type', [
  InputWithVariablesSchema.extend({ type: z.literal('positional'), valueHint: text(200).optional(), isRepeated: z.boolean().optional() }),
  InputWithVariablesSchema.extend({ type: z.literal('named'), name: text(200).min(1), isRepeated: z.boolean().optional() }),
])
export type RegistryArgument = z.infer<typeof ArgumentSchema>

export const KeyValueInputSchema = InputWithVariablesSchema.extend({ name: text(200).min(1) })
export type KeyValueInput = z.infer<typeof KeyValueInputSchema>

const TransportSchema = z.object({
  type: z.enum(['stdio', 'streamable-http', 'sse']),
  url: text(2048).optional(),
  headers: z.array(KeyValueInputSchema).max(50).optional(),
})

export const PackageSchema = z.object({
  registryType: text(50).min(1),
  registryBaseUrl: text(2048).optional(),
  identifier: text(500).min(1),
  version: text(100).optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/i, 'fileSha256 must be 64 hex digits').optional(),
  runtimeHint: text(100).optional(),
  transport: TransportSchema,
  runtimeArguments: z.array(ArgumentSchema).max(100).optional(),
  packageArguments: z.array(ArgumentSchema).max(100).optional(),
  environmentVariables: z.array(KeyValueInputSchema).max(100).optional(),
})
export type RegistryPackage = z.infer<typeof PackageSchema>

export const RemoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: text(2048).min(1),
  headers: z.array(KeyValueInputSchema).max(50).optional(),
  variables: z.record(text(100), InputSchema).optional(),
})
export type RegistryRemote = z.infer<typeof RemoteSchema>

const IconSchema = z.object({ src: z.string().max(200_000), mimeType: text(100).optional(), theme: text(20).optional() })

/** server.json as far as Switchboard uses it. */
export const ServerJsonSchema = z.object({
  name: text(300).regex(/^[^/\s]+\/[^/\s]+$/, 'name must be "namespace/name"'),
  title: text(200).optional(),
  description: text(5000).default(''),
  version: text(100).min(1),
  websiteUrl: text(2048).optional(),
  repository: z.object({ url: text(2048).optional(), source: text(100).optional() }).optional(),
  icons: z.array(IconSchema).max(20).optional(),
  packages: z.array(PackageSchema).max(50).optional(),
  remotes: z.array(RemoteSchema).max(50).optional(),
})
export type ServerJson = z.infer<typeof ServerJsonSchema>

const OFFICIAL = 'io.modelcontextprotocol.registry/official'

/** One `{server, _meta}` item of a list or details answer. */
export const ServerResponseSchema = z.object({
  server: ServerJsonSchema,
  _meta: z
    .object({
      [OFFICIAL]: z
        .object({
          status: z.enum(['active', 'deprecated', 'deleted']).catch('active').optional(),
          updatedAt: z.string().optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
})
export type ServerResponse = z.infer<typeof ServerResponseSchema>

export const statusOf = (response: ServerResponse) => response._meta?.[OFFICIAL]?.status ?? 'active'

/** The list answer before its entries are read one by one. */
export const ServerListSchema = z.object({
  servers: z.array(z.unknown()).max(500),
  metadata: z.object({ nextCursor: text(1000).nullish(), count: z.number().optional() }).optional(),
})

/** One entry read from an untrusted answer: the server, or why it was left out. */
export type EntryRead = { ok: true; response: ServerResponse } | { ok: false; name?: string; reason: string }

export function readEntry(raw: unknown): EntryRead {
  const parsed = ServerResponseSchema.safeParse(raw)
  if (parsed.success) return { ok: true, response: parsed.data }
  const name = (raw as { server?: { name?: unknown } } | null)?.server?.name
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return { ok: false, name: typeof name === 'string' ? name.slice(0, 300) : undefined, reason: `${where}${issue?.message ?? 'unreadable entry'}` }
}
