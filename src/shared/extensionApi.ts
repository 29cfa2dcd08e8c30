/** The extension part of the host API contract: extensions, their logs, and the catalog. Re-exported by hostApi.ts. */
import { z } from 'zod'
import { MAX_SECRET_VALUE_LENGTH } from './secretRules'
import { LoggingLevelSchema } from './logLevelApi'
import { EffectiveDecisionViewSchema } from './permissionApi'

export const ExtensionStatusSchema = z.enum(['disabled', 'starting', 'ready', 'error', 'needs-config', 'needs-sign-in'])
export type ExtensionStatus = z.infer<typeof ExtensionStatusSchema>

/** Sign-in (OAuth) of a remote extension, as far as the page may know: never a token. */
export const SignInViewSchema = z.object({
  grant: z.enum(['authorization-code', 'client-credentials', 'cross-app-access', 'jwt-bearer']),
  signedIn: z.boolean(),
  /** The authorization server. */
  issuer: z.string().optional(),
  /** How Switchboard is registered with it. */
  registration: z.enum(['pre-registered', 'metadata-document', 'dynamic']).optional(),
  scope: z.string().optional(),
  /** The tokens are bound to this extension's key (DPoP, RFC 9449), kept in the keychain. */
  senderConstrained: z.boolean().optional(),
  /** The above in one sentence, e.g. "Signed in with https://auth.example (client registered on the fly)." */
  description: z.string(),
})
export type SignInView = z.infer<typeof SignInViewSchema>

export const ExtensionTypeSchema = z.enum(['stdio', 'streamable-http', 'sse', 'builtin', 'frontend'])
export type ExtensionType = z.infer<typeof ExtensionTypeSchema>

/**
 * Whether the person approved what this extension runs or connects to: `not-needed` for builtins,
 * the window's own tools and trusted HTTP servers; `pending` while an approval waits in
 * `switchboard://elicitations` (the extension stays stopped until then); `denied` after a denial
 * (kept over restarts); `not-asked` for one that is off and has no approval for what it runs now
 * (an "allow once" of an earlier run, say): turning it on asks.
 */
export const ConsentStateSchema = z.enum(['not-needed', 'approved', 'pending', 'denied', 'not-asked'])
export type ConsentState = z.infer<typeof ConsentStateSchema>

/** One extension as the renderer sees it: never any secret value. */
export const ExtensionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: ExtensionTypeSchema,
  enabled: z.boolean(),
  trust: z.enum(['trusted', 'untrusted']),
  status: ExtensionStatusSchema,
  error: z.string().optional(),
  /** When an automatic restart is scheduled (epoch ms). */
  restartAt: z.number().optional(),
  server: z.object({ name: z.string(), version: z.string() }).optional(),
  /** The MCP revision this session speaks while ready, e.g. "2025-11-25" or "2026-07-28" (negotiated per extension). */
  protocolVersion: z.string().optional(),
  consent: ConsentStateSchema,
  /** Sampling requests (the extension asks your model for a reply): ask each time, always run, or never. */
  sampling: z.enum(['ask', 'always', 'never']),
  /**
   * *Brings outside content* (docs/guide/provenance.md): `marked` is the person's choice (null = the
   * default: remote extensions yes, others no), `brings` what applies. Trust is a separate setting.
   */
  outsideContent: z.object({ marked: z.boolean().nullable(), brings: z.boolean() }),
  /** The least severe server log messages this extension sends (`logging/setLevel`); absent = the server's own default. */
  logLevel: LoggingLevelSchema.optional(),
  /** The config as stored: secret references stay `${secret:NAME}`, sensitive literals are masked. */
  config: z.record(z.string(), z.unknown()),
  /** Tools in the catalog: the ones that are on. */
  toolCount: z.number().int().nonnegative(),
  /** Tools the server lists that are switched off on the extension's page (its `tools` filter). */
  toolsOff: z.number().int().nonnegative().default(0),
  /** Remote extensions that sign in (OAuth): whether and how; absent for the others. */
  signIn: SignInViewSchema.optional(),
  resourceCount: z.number().int().nonnegative(),
  promptCount: z.number().int().nonnegative(),
  /** Set for the extensions built into Switchboard (System, App window): they can be turned off, never removed. */
  builtIn: z.object({ description: z.string() }).optional(),
})
export type ExtensionView = z.infer<typeof ExtensionViewSchema>

/** Payload of `switchboard://extensions`. */
export const ExtensionsResourceSchema = z.object({ extensions: z.array(ExtensionViewSchema) })
export type ExtensionsResource = z.infer<typeof ExtensionsResourceSchema>

export const LogEntrySchema = z.object({
  seq: z.number().int(),
  /** ISO 8601. */
  time: z.string(),
  source: z.enum(['stderr', 'protocol', 'lifecycle']),
  level: z.enum(['info', 'warn', 'error']),
  text: z.string(),
  /** For a server's log message (`notifications/message`): its own level. */
  serverLevel: LoggingLevelSchema.optional(),
})
export type LogEntry = z.infer<typeof LogEntrySchema>

/** Payload of `switchboard://extensions/{id}/log`: the most recent lines, oldest first. */
export const ExtensionLogResourceSchema = z.object({ id: z.string(), entries: z.array(LogEntrySchema) })
export type ExtensionLogResource = z.infer<typeof ExtensionLogResourceSchema>

export const ToolAnnotationsViewSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
})

/** One tool of the catalog the model sees. */
export const CatalogToolViewSchema = z.object({
  /** `<extension>__<tool>`. */
  name: z.string(),
  extensionId: z.string(),
  extensionName: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: ToolAnnotationsViewSchema,
  trust: z.enum(['trusted', 'untrusted']),
  /** The policy in force and where it comes from; `lapsed` when an "always" was given for an older definition. */
  policy: z.object({
    policy: z.enum(['always', 'ask', 'never', 'mode']),
    source: z.enum(['tool', 'extension', 'mode']),
    lapsed: z.boolean(),
    changed: z.boolean(),
    /** What a model's call of it does now, mode and trust included (Settings → Permissions → Tools). */
    effective: EffectiveDecisionViewSchema,
  }),
  /** Offered to the model in every turn, without a search first (tool_set_always_offer). */
  alwaysOffer: z.boolean(),
  /** Tokens of the definition as the model receives it, counted with the resource's `tokenizer`. */
  tokens: z.number().int().nonnegative(),
})
export type CatalogToolView = z.infer<typeof CatalogToolViewSchema>

/** Payload of `switchboard://tools`: tools, plus resources and prompts cataloged the same way. */
export const ToolsResourceSchema = z.object({
  version: z.number(),
  /** The tokenizer the tools' `tokens` were counted with, e.g. "o200k". */
  tokenizer: z.string(),
  tools: z.array(CatalogToolViewSchema),
  /**
   * Tools switched off on their extension's page (extension_tool_set_enabled): listed there so they can be
   * switched on again; never offered, found or called by a model, a connected app or a hook.
   */
  switchedOff: z
    .array(z.object({ name: z.string(), extensionId: z.string(), toolName: z.string(), title: z.string().optional(), description: z.string() }))
    .default([]),
  resources: z.array(z.object({ extensionId: z.string(), uri: z.string(), name: z.string(), title: z.string().optional(), description: z.string().optional(), mimeType: z.string().optional() })),
  prompts: z.array(z.object({ name: z.string(), extensionId: z.string(), promptName: z.string(), title: z.string().optional(), description: z.string().optional() })),
})
export type ToolsResource = z.infer<typeof ToolsResourceSchema>

const extensionId = z.string().min(1).max(64)

// ── Importing configs other apps wrote, and install links (issue 8 items 3–4) ──────────────────

/** Apps whose config files Switchboard can find in their usual place and import. */
export const ImportSourceSchema = z.enum(['claude-desktop', 'cursor', 'vscode'])
export type ImportSource = z.infer<typeof ImportSourceSchema>

/** The shape an import was read as: `mcpServers` (Claude Desktop, Cursor), VS Code's `servers` + `inputs`, or an install link. */
export const ImportFormatSchema = z.enum(['mcp-servers', 'vscode', 'install-link'])
export type ImportFormat = z.infer<typeof ImportFormatSchema>

/** A secret the person is asked for: a VS Code `${input:…}` or a reference in the imported config. */
export const ImportSecretToAskSchema = z.object({
  field: z.enum(['env', 'header']),
  /** The env variable or header name; the key of its value in `extension_import` `servers[].secrets`. */
  name: z.string(),
  /** Where the value is kept: `extension:<id>:env:<NAME>` or `extension:<id>:header:<Name>`. */
  secretName: z.string(),
  /** The VS Code input it replaces: one value in `extension_import` `inputs` answers every use of it. */
  inputId: z.string().optional(),
  description: z.string().optional(),
  /** Show a password field (VS Code `password: true`). */
  password: z.boolean(),
})
export type ImportSecretToAsk = z.infer<typeof ImportSecretToAskSchema>

/** A literal env or header value that looks like a credential: offered to move into the keychain (the value is never shown). */
export const ImportSecretSuggestionSchema = z.object({
  field: z.enum(['env', 'header']),
  name: z.string(),
  secretName: z.string(),
  /** Why it looks secret, e.g. "the value looks like a GitHub token". */
  reason: z.string(),
})
export type ImportSecretSuggestion = z.infer<typeof ImportSecretSuggestionSchema>

/** One server of an import as the person reviews it: what would run or be connected to, never a secret value. */
export const ImportServerPreviewSchema = z.object({
  /** The extension id it would get (unique among installed extensions and this import). */
  id: z.string(),
  /** Its name in the imported file; send it back with the choice so a config that changed since the preview is noticed. */
  key: z.string(),
  name: z.string(),
  type: z.enum(['stdio', 'streamable-http', 'sse']).optional(),
  command: z.string().optional(),
  /** Arguments as they will be passed; ones that look like credentials are masked. */
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  /** The address; a credential in it is masked. */
  url: z.string().optional(),
  envNames: z.array(z.string()),
  headerNames: z.array(z.string()),
  /** False when a problem stops the import of this server. */
  importable: z.boolean(),
  /** Why it cannot be imported, each naming the field and the fix. */
  problems: z.array(z.string()),
  /** Worth a second look, but no obstacle (unusual launcher, inline code, shell syntax, ignored fields…). */
  warnings: z.array(z.string()),
  secretsToAsk: z.array(ImportSecretToAskSchema),
  secretSuggestions: z.array(ImportSecretSuggestionSchema),
})
export type ImportServerPreview = z.infer<typeof ImportServerPreviewSchema>

/** What an import would do: its servers, and problems with the input as a whole (not JSON, no servers…). */
export const ImportPreviewSchema = z.object({
  format: ImportFormatSchema.optional(),
  source: ImportSourceSchema.optional(),
  /** The file it was read from, when it came from `source`. */
  path: z.string().optional(),
  servers: z.array(ImportServerPreviewSchema),
  problems: z.array(z.string()),
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

/** A config file found in an app's usual place: "found 3 servers in Claude Desktop", or why it could not be read. */
export const DiscoveredConfigSchema = z.object({
  source: ImportSourceSchema,
  /** The app's name, e.g. "Claude Desktop". */
  label: z.string(),
  path: z.string(),
  serverCount: z.number().int().nonnegative(),
  serverNames: z.array(z.string()),
  /** One line for the person, e.g. "Found 3 servers in Claude Desktop." */
  summary: z.string(),
  /** Set when the file exists but could not be read or parsed. */
  problem: z.string().optional(),
})
export type DiscoveredConfig = z.infer<typeof DiscoveredConfigSchema>

/** The most text an import reads: config files are a few KB; this bounds memory, not real use. */
export const MAX_IMPORT_TEXT_LENGTH = 1024 * 1024

const importText = z.string().min(1, 'Paste the config JSON.').max(MAX_IMPORT_TEXT_LENGTH, 'The config is over 1 MB; paste only the MCP server part.')
const importSecretValue = z.string().min(1, 'A secret value cannot be empty').max(MAX_SECRET_VALUE_LENGTH)

/** The person's choice for one previewed server. */
export const ImportChoiceSchema = z.object({
  id: extensionId,
  /** The `key` from the preview; when given it must still match, so a changed config is not imported blindly. */
  key: z.string().optional(),
  include: z.boolean(),
  /** Values for `secretsToAsk`, by env/header name; stored in the keychain, never in a file. */
  secrets: z.record(z.string(), importSecretValue).optional(),
  /** Env/header names whose literal values move into the keychain; default: every `secretSuggestions` entry. */
  moveToKeychain: z.array(z.string()).optional(),
})
export type ImportChoice = z.infer<typeof ImportChoiceSchema>

/** One server's outcome: added (then waiting for the consent dialog), skipped by choice, or failed with the reasons. */
export const ImportServerResultSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  outcome: z.enum(['added', 'skipped', 'failed']),
  errors: z.array(z.string()),
  /** Secret names stored in the keychain for it. */
  storedSecrets: z.array(z.string()),
  /** Secret names it refers to that are still unset: after approval it shows `needs-config` until they are set with `secret_set`. */
  missingSecrets: z.array(z.string()),
  extension: ExtensionViewSchema.optional(),
})
export type ImportServerResult = z.infer<typeof ImportServerResultSchema>

export const ExtensionImportResultSchema = z.object({
  results: z.array(ImportServerResultSchema),
  /** Problems with the input as a whole; when set, nothing was imported. */
  problems: z.array(z.string()),
})
export type ExtensionImportResult = z.infer<typeof ExtensionImportResultSchema>

const namesOneInput = (input: { json?: string; source?: string; link?: string }) => input.json !== undefined || input.source !== undefined || input.link !== undefined

/** Inputs of the import tools. */
export const ImportToolInput = {
  /** Reads pasted JSON (`json`, with `source` as a hint of its app) or the file of `source` in its usual place. */
  extension_import_preview: z
    .object({ json: importText.optional(), source: ImportSourceSchema.optional() })
    .refine(namesOneInput, 'Give "json" (the pasted config) or "source" (an app whose config file to read).'),
  /**
   * Imports servers of pasted JSON, a `source` file or an install `link`. Without `servers`, every
   * importable server is added with the default choices (suggested secrets move to the keychain).
   * Every added server waits for the consent dialog before its first start.
   */
  extension_import: z
    .object({
      json: importText.optional(),
      source: ImportSourceSchema.optional(),
      link: z.string().min(1).max(MAX_IMPORT_TEXT_LENGTH).optional(),
      servers: z.array(ImportChoiceSchema).max(200).optional(),
      /** Values of VS Code inputs by input id; each answers every `${input:id}` across the servers. */
      inputs: z.record(z.string(), importSecretValue).optional(),
    })
    .refine(namesOneInput, 'Give "json" (the pasted config), "source" (an app whose config file to read) or "link" (an install link).')
    .refine((input) => input.link === undefined || (input.json === undefined && input.source === undefined), 'Give an install "link" on its own, without "json" or "source".'),
  /** Config files of Claude Desktop, Cursor and VS Code found in their usual places on this computer. */
  discovered_configs: z.object({}),
  /** Decodes and checks a `switchboard://install?config=…` link; installing goes through `extension_import {link}`. */
  install_link_preview: z.object({ link: z.string().min(1, 'Paste the install link.').max(MAX_IMPORT_TEXT_LENGTH) }),
} as const

export const ImportToolOutput = {
  extension_import_preview: ImportPreviewSchema,
  extension_import: ExtensionImportResultSchema,
  discovered_configs: z.object({ configs: z.array(DiscoveredConfigSchema) }),
  install_link_preview: ImportPreviewSchema,
} as const


/** Inputs of the extension tools. `config` is validated in main (field-by-field messages). */
export const ExtensionToolInput = {
  extension_add: z.object({ config: z.record(z.string(), z.unknown()) }),
  extension_update: z.object({ id: extensionId, config: z.record(z.string(), z.unknown()) }),
  extension_remove: z.object({ id: extensionId }),
  extension_set_enabled: z.object({ id: extensionId, enabled: z.boolean() }),
  extension_restart: z.object({ id: extensionId }),
  /** Starts signing in to a remote extension: the sign-in page is offered in `switchboard://elicitations` (a URL question). */
  extension_sign_in: z.object({ id: extensionId }),
  /** Signs out: revokes the tokens where the server supports it and deletes them from the keychain. */
  extension_sign_out: z.object({ id: extensionId }),
  extension_set_sampling: z.object({ id: extensionId, policy: z.enum(['ask', 'always', 'never']) }),
  /** *Brings outside content*: whether what this extension returns counts as outside content for the guard; null = the default (remote: yes). */
  extension_set_outside_content: z.object({ id: extensionId, marked: z.boolean().nullable() }),
  /** null = stop asking; the server's own default applies from its next start. */
  extension_set_log_level: z.object({ id: extensionId, level: LoggingLevelSchema.nullable() }),
  /**
   * Switches one tool (the name its server knows it by) on or off, through the extension's `tools` filter.
   * Off: never offered, found or callable by the model, connected apps or hooks; the server's own Apps may still call it.
   */
  extension_tool_set_enabled: z.object({ id: extensionId, tool: z.string().min(1).max(256), enabled: z.boolean() }),
  /** A person runs a tool by hand from the extension page: same dispatch as the model's calls, the person is the approver. */
  tool_call: z.object({ name: z.string().min(1).max(64), arguments: z.record(z.string(), z.unknown()).default({}) }),
  ...ImportToolInput,
} as const

/**
 * The structured part of a `tool_call` result; its `content` is the tool's own content (text,
 * images, resources), capped in size with a marker, and `isError` is set when the call failed.
 */
export const ToolCallOutcomeSchema = z.object({
  outcome: z.enum(['ok', 'failed', 'timed-out', 'cancelled']),
  extensionId: z.string(),
  tool: z.string(),
  durationMs: z.number(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
})
export type ToolCallOutcome = z.infer<typeof ToolCallOutcomeSchema>

export const ExtensionToolOutput = {
  extension_add: ExtensionViewSchema,
  extension_update: ExtensionViewSchema,
  extension_remove: z.object({ id: z.string() }),
  extension_set_enabled: ExtensionViewSchema,
  extension_restart: ExtensionViewSchema,
  extension_sign_in: z.object({ id: z.string(), message: z.string() }),
  extension_sign_out: z.object({ id: z.string(), message: z.string() }),
  extension_set_sampling: ExtensionViewSchema,
  extension_set_outside_content: ExtensionViewSchema,
  extension_set_log_level: ExtensionViewSchema,
  extension_tool_set_enabled: ExtensionViewSchema,
  tool_call: ToolCallOutcomeSchema,
  ...ImportToolOutput,
} as const

