/**
 * The bundle manifest (`manifest.json`, specs §3), validated with zod. Versions 0.1–0.4 and the
 * legacy `dxt_version` are accepted; unknown fields are ignored (newer minor additions), except
 * ones that look like a known field in another spelling (`displayName`), which are errors because
 * the author surely meant the known field.
 */
import { z } from 'zod'

export const SUPPORTED_MANIFEST_VERSIONS = ['0.1', '0.2', '0.3', '0.4'] as const
const MAX_TEXT = 10_000

const text = (max = MAX_TEXT) => z.string().max(max)
const mcpConfigCore = {
  command: z.string().trim().min(1, 'mcp_config.command is empty; name the program to start, e.g. "node".').max(4096),
  args: z.array(z.string().max(32_768)).max(256).default([]),
  env: z.record(z.string(), z.string().max(32_768)).default({}),
}
const McpConfigOverrideSchema = z.object({
  command: mcpConfigCore.command.optional(),
  args: mcpConfigCore.args.unwrap().optional(),
  env: mcpConfigCore.env.unwrap().optional(),
})
export const McpConfigSchema = z.object({
  ...mcpConfigCore,
  platform_overrides: z.partialRecord(z.enum(['darwin', 'win32', 'linux']), McpConfigOverrideSchema).optional(),
})

const UserConfigOptionSchema = z
  .object({
    type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
    title: text(200),
    description: text().optional(),
    required: z.boolean().default(false),
    default: z.union([z.string().max(32_768), z.number(), z.boolean(), z.array(z.string().max(32_768)).max(256)]).optional(),
    multiple: z.boolean().default(false),
    sensitive: z.boolean().default(false),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .refine((option) => option.min === undefined || option.max === undefined || option.min <= option.max, { message: 'min is larger than max.', path: ['min'] })

const named = z.object({ name: text(200).min(1), description: text().optional() })

export const ManifestSchema = z
  .object({
    manifest_version: z.string().optional(),
    dxt_version: z.string().optional(),
    name: z
      .string()
      .min(1, 'name is empty.')
      .max(100)
      .regex(/^[A-Za-z0-9@][A-Za-z0-9._@/-]*$/, 'name may hold only letters, digits and . _ - @ / (it becomes a folder name).'),
    display_name: text(200).optional(),
    version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, 'version must look like 1.2.3.'),
    description: text(2000).min(1, 'description is empty.'),
    long_description: text(100_000).optional(),
    author: z.object({ name: text(200).min(1, 'author.name is empty.'), email: text(200).optional(), url: text(2000).optional() }),
    homepage: text(2000).optional(),
    icon: text(500).optional(),
    server: z.object({
      type: z.enum(['node', 'python', 'binary', 'uv']),
      entry_point: text(1000).min(1),
      mcp_config: McpConfigSchema,
    }),
    tools: z.array(named).max(1000).default([]),
    prompts: z.array(named).max(1000).default([]),
    keywords: z.array(text(100)).max(100).default([]),
    license: text(200).optional(),
    privacy_policies: z.array(text(2000)).max(50).default([]),
    compatibility: z
      .object({
        platforms: z.array(z.string()).max(10).optional(),
        runtimes: z.object({ node: text(100).optional(), python: text(100).optional() }).optional(),
      })
      .optional(),
    user_config: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'user_config keys are letters, digits, "_" and "-".'), UserConfigOptionSchema).default({}),
  })
  .superRefine((manifest, ctx) => {
    const version = manifest.manifest_version ?? manifest.dxt_version
    if (version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['manifest_version'], message: 'manifest_version is missing; bundles declare e.g. "manifest_version": "0.3".' })
    } else if (!(SUPPORTED_MANIFEST_VERSIONS as readonly string[]).includes(version)) {
      ctx.addIssue({
        code: 'custom',
        path: [manifest.manifest_version !== undefined ? 'manifest_version' : 'dxt_version'],
        message: `manifest version "${version}" is not supported; Switchboard reads ${SUPPORTED_MANIFEST_VERSIONS.join(', ')}.`,
      })
    }
  })
export type Manifest = z.output<typeof ManifestSchema>
export type UserConfigOption = Manifest['user_config'][string]
export type McpConfig = z.output<typeof McpConfigSchema>

const knownFields = new Set(Object.keys(ManifestSchema.shape))

/** Unknown top-level fields that are a known field in camelCase or another case. */
function misnamedFields(input: Record<string, unknown>): string[] {
  return Object.keys(input)
    .filter((key) => !knownFields.has(key))
    .flatMap((key) => {
      const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase()
      return knownFields.has(snake) ? [`"${key}" is not a manifest field; write "${snake}".`] : []
    })
}

export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; errors: string[] }

/** Parses manifest.json text; every problem is a message naming the field. Never throws. */
export function parseManifest(textContent: string): ManifestResult {
  let input: unknown
  try {
    input = JSON.parse(textContent)
  } catch (error) {
    return { ok: false, errors: [`manifest.json is not valid JSON (${(error as Error).message}).`] }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, errors: ['manifest.json must hold a JSON object.'] }
  const misnamed = misnamedFields(input as Record<string, unknown>)
  const parsed = ManifestSchema.safeParse(input)
  const errors = [
    ...misnamed,
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'manifest'}: ${issue.message}`)),
  ]
  if (errors.length > 0 || !parsed.success) return { ok: false, errors }
  return { ok: true, manifest: parsed.data }
}
