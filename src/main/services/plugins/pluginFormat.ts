/**
 * The Claude Code plugin format's files, as strict zod schemas (specs-skills-routines §3): the
 * manifest `.claude-plugin/plugin.json`, `.mcp.json`, a marketplace's `marketplace.json`, and the
 * Markdown frontmatter of agents and commands. Strict: a field we do not know is refused with its
 * name (Claude Code only warns), because a field we silently drop could be one the author relies on.
 */
import { z } from 'zod'
import { PluginNameSchema } from '../../../shared/pluginsApi'

export class PluginError extends Error {
  override name = 'PluginError'
}

/** A path inside the plugin: relative, starting with `./`, forward slashes, no `..`. */
export const PluginPathSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((path) => path.startsWith('./'), 'a path in a plugin starts with "./" (relative to the plugin folder)')
  .refine((path) => !path.includes('\\'), 'a path in a plugin uses forward slashes only')
  .refine((path) => !path.split('/').includes('..'), 'a path in a plugin may not leave it with ".."')

const Paths = z.union([PluginPathSchema, z.array(PluginPathSchema).max(100)])

const AuthorSchema = z.union([z.string().max(300), z.strictObject({ name: z.string().min(1).max(200), email: z.string().max(200).optional(), url: z.string().max(500).optional() })])

export const StdioServerSchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(32_768)).max(256).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name is letters, digits and "_"'), z.string().max(32_768)).optional(),
  cwd: z.string().max(4096).optional(),
})
export const RemoteServerSchema = z.strictObject({
  type: z.enum(['http', 'sse', 'streamable-http']),
  url: z.string().min(1).max(4096),
  headers: z.record(z.string().min(1).max(200), z.string().max(32_768)).optional(),
})
export const ServerSchema = z.union([StdioServerSchema, RemoteServerSchema])
export type PluginServerEntry = z.infer<typeof ServerSchema>
export const ServersSchema = z.record(z.string().min(1).max(64), ServerSchema)

/** `.mcp.json`: `{"mcpServers": {...}}` (the plain map is accepted too, as Claude Code does). */
export const McpFileSchema = z.union([z.strictObject({ mcpServers: ServersSchema }), ServersSchema])

export const ManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  name: PluginNameSchema,
  version: z.string().max(64).optional(),
  description: z.string().max(2000).optional(),
  author: AuthorSchema.optional(),
  homepage: z.string().max(500).optional(),
  repository: z.union([z.string().max(500), z.strictObject({ type: z.string().max(50).optional(), url: z.string().max(500), directory: z.string().max(500).optional() })]).optional(),
  license: z.string().max(100).optional(),
  keywords: z.array(z.string().max(100)).max(50).optional(),
  commands: Paths.optional(),
  agents: Paths.optional(),
  skills: Paths.optional(),
  hooks: z.union([PluginPathSchema, z.record(z.string(), z.unknown())]).optional(),
  mcpServers: z.union([PluginPathSchema, ServersSchema]).optional(),
  // Known to the format, not mapped here (the preview says so).
  outputStyles: z.unknown().optional(),
  lspServers: z.unknown().optional(),
  userConfig: z.unknown().optional(),
  channels: z.unknown().optional(),
  dependencies: z.unknown().optional(),
})
export type PluginManifest = z.infer<typeof ManifestSchema>
export const UNMAPPED_MANIFEST_FIELDS = ['outputStyles', 'lspServers', 'userConfig', 'channels', 'dependencies'] as const

/** A marketplace entry's source: a relative path, or one of the object forms. */
const EntrySourceSchema = z.union([
  z.string().min(1).max(4096),
  z.looseObject({ source: z.string().min(1).max(50), repo: z.string().optional(), url: z.string().optional(), path: z.string().optional(), ref: z.string().optional(), sha: z.string().optional() }),
])
export const MarketplaceSchema = z.looseObject({
  $schema: z.string().optional(),
  name: PluginNameSchema,
  owner: z.looseObject({ name: z.string().min(1).max(200) }),
  description: z.string().optional(),
  metadata: z.looseObject({ pluginRoot: z.string().max(1024).optional() }).optional(),
  plugins: z
    .array(z.looseObject({ name: PluginNameSchema, source: EntrySourceSchema, description: z.string().optional(), version: z.string().optional() }))
    .max(1000),
})
export type Marketplace = z.infer<typeof MarketplaceSchema>
export type MarketplaceEntry = Marketplace['plugins'][number]

/** One zod error as one sentence per issue: where, and what is wrong. */
export function issuesText(file: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const at = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the file'
      if (issue.code === 'unrecognized_keys') return `${file}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${[...issue.path, key].join('.')}"`).join(', ')}; remove ${issue.keys.length > 1 ? 'them' : 'it'} (Switchboard refuses fields it does not know rather than ignore them)`
      return `${file}: ${at}: ${issue.message}`
    })
    .join('\n')
}

/** Parses JSON text against a schema; a PluginError naming the file and every problem otherwise. */
export function parseJsonFile<T>(file: string, text: string, schema: z.ZodType<T>): T {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new PluginError(`${file} is not valid JSON (${(error as Error).message}); fix the file and try again.`)
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new PluginError(issuesText(file, parsed.error))
  return parsed.data
}

/** Splits `---` YAML frontmatter from a Markdown body; no frontmatter: empty data and the whole text. */
export async function splitFrontmatter(file: string, text: string): Promise<{ data: Record<string, unknown>; body: string }> {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)
  if (!match) return { data: {}, body: text }
  // yaml loads with the first plugin read, not at start (bench/startup.ts).
  const { parse: parseYaml } = await import('yaml')
  let data: unknown
  try {
    data = parseYaml(match[1]!)
  } catch (error) {
    throw new PluginError(`${file}: the frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]}); fix it and try again.`)
  }
  if (data === null || data === undefined) data = {}
  if (typeof data !== 'object' || Array.isArray(data)) throw new PluginError(`${file}: the frontmatter must be "key: value" lines.`)
  return { data: data as Record<string, unknown>, body: text.slice(match[0].length) }
}

const text = (limit: number) => z.string().max(limit)
const listOrText = z.union([z.string().max(2000), z.array(z.string().max(200)).max(200)])

export const AgentFrontmatterSchema = z.looseObject({
  name: z.string().trim().min(1, 'an agent needs a "name"').max(60),
  description: text(5000).optional(),
  tools: listOrText.optional(),
  model: text(200).optional(),
  color: text(50).optional(),
})

export const CommandFrontmatterSchema = z.looseObject({
  description: text(2000).optional(),
  'argument-hint': z.union([z.string().max(500), z.array(z.string().max(200)).max(20)]).optional(),
  'allowed-tools': listOrText.optional(),
  model: text(200).optional(),
  'disable-model-invocation': z.boolean().optional(),
})
