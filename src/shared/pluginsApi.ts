/**
 * The plugins part of the host API contract (docs/guide/plugins.md). A plugin is a folder in the
 * Claude Code plugin format (`.claude-plugin/plugin.json`, `skills/`, `agents/`, `commands/`,
 * `hooks/hooks.json`, `.mcp.json`) from a folder, a `.zip` or a marketplace; installing it copies it
 * to `<dataDir>/plugins/<name>/` and maps each part onto ours (servers → extensions, agents →
 * agents, hooks → command hooks, commands → prompts, skills → personal skills). Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const PLUGINS_URI = 'switchboard://plugins'

/** A plugin's name: kebab-case, as the format requires; also its id here. */
export const PluginNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'A plugin name is kebab-case: lowercase letters and digits in words joined by single dashes, starting with a letter (e.g. "code-review")')

export const PluginSourceSchema = z.object({
  kind: z.enum(['folder', 'zip', 'marketplace']),
  /** The folder or .zip path, or the marketplace URL. */
  location: z.string(),
  /** The plugin's name in the marketplace. */
  entry: z.string().optional(),
})
export type PluginSource = z.infer<typeof PluginSourceSchema>

export const PluginServerSchema = z.object({
  /** Its key in .mcp.json; also the extension id it becomes. */
  name: z.string(),
  extensionId: z.string(),
  type: z.enum(['stdio', 'streamable-http', 'sse']),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  /** Environment variable names only (values may be secrets). */
  env: z.array(z.string()),
  /** Header names only. */
  headers: z.array(z.string()),
  /** Keychain names it reads (`extension:<id>:<VAR>`): set each in Settings → Extensions before it starts; uninstall deletes them. */
  secrets: z.array(z.string()),
})
export type PluginServer = z.infer<typeof PluginServerSchema>

export const PluginHookSchema = z.object({
  name: z.string(),
  /** Switchboard's step and the file's event name. */
  event: z.string(),
  fileEvent: z.string(),
  matcher: z.string().optional(),
  /** The exact command line, `${CLAUDE_PLUGIN_ROOT}` expanded. */
  command: z.string(),
  timeoutMs: z.number(),
  warnings: z.array(z.string()),
})
export type PluginHook = z.infer<typeof PluginHookSchema>

export const PluginAgentSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), file: z.string() })
export const PluginSkillSchema = z.object({ name: z.string(), description: z.string(), folder: z.string() })
export const PluginCommandSchema = z.object({ name: z.string(), description: z.string(), file: z.string(), argumentHint: z.string().optional() })

/** What a plugin brings, as the one consent screen shows it. */
export const PluginPreviewSchema = z.object({
  /** Install with this token (plugin_install); it expires after 30 minutes. */
  token: z.string(),
  name: z.string(),
  version: z.string().optional(),
  description: z.string().optional(),
  author: z.string().optional(),
  homepage: z.string().optional(),
  license: z.string().optional(),
  source: PluginSourceSchema,
  /** Where it will be copied: `${CLAUDE_PLUGIN_ROOT}` expands to this folder. */
  installDir: z.string(),
  servers: z.array(PluginServerSchema),
  hooks: z.array(PluginHookSchema),
  agents: z.array(PluginAgentSchema),
  skills: z.array(PluginSkillSchema),
  commands: z.array(PluginCommandSchema),
  /** The extension that serves the commands as prompts (`plugin-<name>`), when there are commands. */
  promptsExtensionId: z.string().optional(),
  /** Parts that are not mapped, each with why. */
  notMapped: z.array(z.object({ part: z.string(), reason: z.string() })),
  /** Set when a plugin of this name is installed already: what an install would change. */
  update: z
    .object({
      fromVersion: z.string().optional(),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(z.string()),
    })
    .optional(),
})
export type PluginPreview = z.infer<typeof PluginPreviewSchema>

export const MarketplaceListingSchema = z.object({
  name: z.string(),
  url: z.string(),
  owner: z.string().optional(),
  plugins: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      version: z.string().optional(),
      /** Whether it can be installed from here; `reason` says why not. */
      supported: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
})
export type MarketplaceListing = z.infer<typeof MarketplaceListingSchema>

export const PluginViewSchema = z.object({
  name: z.string(),
  version: z.string().optional(),
  description: z.string().optional(),
  source: PluginSourceSchema,
  installDir: z.string(),
  installedAt: z.string(),
  enabled: z.boolean(),
  /** Exactly what the install added. */
  added: z.object({
    extensions: z.array(z.string()),
    agents: z.array(z.string()),
    hooks: z.array(z.object({ id: z.string(), name: z.string() })),
    skills: z.array(z.object({ name: z.string(), path: z.string() })),
    prompts: z.array(z.string()),
    promptsExtensionId: z.string().optional(),
    secrets: z.array(z.string()),
  }),
  /** Its extensions whose settings were changed since the install (uninstall asks for `confirm`). */
  edited: z.array(z.string()),
})
export type PluginView = z.infer<typeof PluginViewSchema>

export const PluginsResourceSchema = z.object({ plugins: z.array(PluginViewSchema) })
export type PluginsResource = z.infer<typeof PluginsResourceSchema>

export const PluginToolInput = {
  /** A folder or .zip (`path`), or a marketplace (`url`; with `plugin`, that plugin's preview, else the listing). */
  plugin_preview: z
    .object({
      path: z.string().min(1).max(4096).optional(),
      url: z.string().min(1).max(4096).optional(),
      plugin: z.string().min(1).max(64).optional(),
    })
    .strict()
    .refine((input) => (input.path === undefined) !== (input.url === undefined), 'Give either `path` (a plugin folder or .zip) or `url` (a marketplace.json), not both.'),
  plugin_install: z.object({ token: z.string().min(1).max(100) }).strict(),
  plugin_uninstall: z.object({ name: PluginNameSchema, confirm: z.boolean().optional() }).strict(),
  plugin_set_enabled: z.object({ name: PluginNameSchema, enabled: z.boolean() }).strict(),
}

export const PluginToolOutput = {
  plugin_preview: z.object({ plugin: PluginPreviewSchema.optional(), marketplace: MarketplaceListingSchema.optional() }),
  plugin_install: z.object({ outcome: z.enum(['installed', 'updated']), plugin: PluginViewSchema }),
  plugin_uninstall: z.object({ name: z.string(), removed: z.array(z.string()) }),
  plugin_set_enabled: PluginViewSchema,
}
