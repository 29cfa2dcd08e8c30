/**
 * The contract between the renderer (host client), the host server in main, and tests.
 * Single source of truth: every tool input and every resource payload is a zod schema here.
 */
import { z } from 'zod'
import { MAX_SECRET_NAME_LENGTH, MAX_SECRET_VALUE_LENGTH } from './secretRules'
import { formatWhole } from './format'
import { ExtensionToolInput, ExtensionToolOutput } from './extensionApi'
import { ElicitationRespondInput, QuestionToolInput, QuestionToolOutput } from './elicitationApi'
import { PermissionToolInput, PermissionToolOutput } from './permissionApi'
import { ChatToolInput, ChatToolOutput, ModelFactsRowSchema } from './chatApi'
import { ResourceToolInput, ResourceToolOutput } from './resourceApi'
import { INSTALL_REQUESTS_URI, InstallToolInput, InstallToolOutput } from './installApi'
import { RegistryToolInput, RegistryToolOutput, RegistryUrlSchema } from './registryApi'
import { BundleToolInput, BundleToolOutput } from './bundleApi'
import { RootFoldersSchema, RootsToolInput } from './rootsApi'
import { APPS_URI, AppsToolInput, AppsToolOutput } from './appsApi'
import { HOOKS_URI, HookToolInput, HookToolOutput } from './hooksApi'
import { CONNECTED_APPS_URI, ConnectedAppToolInput, ConnectedAppToolOutput } from './connectedAppsApi'
import { POLICY_URI } from './policyApi'
import { AGENTS_URI, AgentIdSchema, AgentToolInput, AgentToolOutput, SessionParentSchema } from './agentsApi'
import { ROUTINES_URI, RoutineToolInput, RoutineToolOutput } from './routinesApi'
import { SKILLS_URI, SkillToolInput, SkillToolOutput } from './skillsApi'
import { PLUGINS_URI, PluginToolInput, PluginToolOutput } from './pluginsApi'
import { GuardModeSchema } from './provenanceApi'
import { ActivityToolInput, ActivityToolOutput } from './activityToolsApi'
import { TelemetryToolInput, TelemetryToolOutput } from './telemetryApi'

/** URIs of the host server's resources (all subscribable, `application/json`). */
export const HostResource = {
  sessions: 'switchboard://sessions',
  settings: 'switchboard://settings',
  extensions: 'switchboard://extensions',
  tools: 'switchboard://tools',
  elicitations: 'switchboard://elicitations',
  permissions: 'switchboard://permissions',
  models: 'switchboard://models',
  installRequests: INSTALL_REQUESTS_URI,
  apps: APPS_URI,
  hooks: HOOKS_URI,
  connectedApps: CONNECTED_APPS_URI,
  agents: AGENTS_URI,
  policy: POLICY_URI,
  routines: ROUTINES_URI,
  skills: SKILLS_URI,
  plugins: PLUGINS_URI,
} as const
export type HostResourceUri = (typeof HostResource)[keyof typeof HostResource]

/** `switchboard://extensions/{id}/log`: recent stderr and protocol lines of one extension (subscribable). */
export const EXTENSION_LOG_TEMPLATE = 'switchboard://extensions/{id}/log'
export const extensionLogUri = (id: string): string => `switchboard://extensions/${encodeURIComponent(id)}/log`

export const ThemeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof ThemeSchema>

const isoDate = z.string().datetime()

/**
 * Which tools a session offers the model: "auto" (the default) offers all of them while their
 * definitions fit the model's budget and there are at most 40, else finds them by search
 * (toolSearch/autoOffer.ts); "search" always finds them as needed; "all" offers all up to the limit.
 */
export const ToolOfferSchema = z.enum(['auto', 'search', 'all'])
export type ToolOffer = z.infer<typeof ToolOfferSchema>

/** One entry of the session list. */
/** Instructions (a system prompt) as people write them: default ones in settings, a session's own. */
export const MAX_INSTRUCTIONS_LENGTH = 20_000
export const InstructionsSchema = z.string().max(MAX_INSTRUCTIONS_LENGTH, `Keep instructions under ${formatWhole(MAX_INSTRUCTIONS_LENGTH)} characters.`)

export const SessionSummarySchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  created: isoDate,
  updated: isoDate,
  /** Messages people see: theirs and the model's replies with text (not tool calls, results, notices, or what a regenerate or edit set aside). */
  messageCount: z.number().int().nonnegative(),
  /** The extensions whose tools this session offers the model when there are more tools than the limit; absent = choose automatically. */
  activeExtensions: z.array(z.string()).optional(),
  /** Folders this session offers extensions as roots, besides the global ones (rootsApi.ts). */
  roots: RootFoldersSchema.optional(),
  /** How the session offers tools; stored explicitly, absent only in sessions saved before "auto" existed (read as "auto"). */
  toolOffer: ToolOfferSchema.optional(),
  /** Namespaced names of the tools the model found by search in this session; they stay offered. */
  foundTools: z.array(z.string()).optional(),
  /** The agent this session runs with (agentsApi.ts); absent = the default agent. */
  agentId: z.string().optional(),
  /** Set on a sub-agent's session: the session whose agent called it. */
  parent: SessionParentSchema.optional(),
  /** This session's own instructions (system prompt), in place of the default ones; absent = the default. */
  instructions: z.string().optional(),
})
export type SessionSummary = z.infer<typeof SessionSummarySchema>

/**
 * Payload of `switchboard://sessions`: one page of the session list, newest first (sessionsPageApi.ts).
 * The plain URI is the newest page; `next` is the cursor of the page after it, absent at the end.
 */
export const SessionsResourceSchema = z.object({
  sessions: z.array(SessionSummarySchema),
  /** Pass as `before` for the next (older) page; absent when this page reaches the end of the list. */
  next: z.string().optional(),
  /** How many sessions there are in all (sub-agents' included). */
  total: z.number().int().nonnegative(),
})
export type SessionsResource = z.infer<typeof SessionsResourceSchema>

/** Where secrets persist: the OS keychain through keytar or @napi-rs/keyring, or a safeStorage-encrypted file (Electron only). */
export const SecretBackendIdSchema = z.enum(['keytar', 'napi-keyring', 'safe-storage'])
export type SecretBackendId = z.infer<typeof SecretBackendIdSchema>

/** Whether secrets persist (and where), or only in memory for this run (and why, and what to do). */
export const KeychainStatusSchema = z.discriminatedUnion('keychain', [
  z.object({
    keychain: z.literal('available'),
    backend: SecretBackendIdSchema,
    /** Said in Settings → General, e.g. "the OS keychain (keytar)". */
    backendName: z.string(),
    /** Why the backends tried before this one were passed over (e.g. keytar's native module is not installed). */
    passedOver: z.array(z.string()),
  }),
  z.object({ keychain: z.literal('unavailable'), reason: z.string(), fix: z.string() }),
  /** The start-up probe has not answered yet (the host serves the window meanwhile); the resource updates when it has. */
  z.object({ keychain: z.literal('checking') }),
])
export type KeychainStatus = z.infer<typeof KeychainStatusSchema>

/** Where a secret is used, read from its name (`provider:<p>`, `extension:<id>:env:<NAME>`, `extension:<id>:header:<Name>`). */
export const SecretUseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('provider'), provider: z.string() }),
  z.object({ kind: z.literal('extension-env'), extensionId: z.string(), envName: z.string() }),
  z.object({ kind: z.literal('extension-header'), extensionId: z.string(), headerName: z.string() }),
  z.object({ kind: z.literal('other') }),
])
export type SecretUse = z.infer<typeof SecretUseSchema>

/** Something the person should be told once, e.g. a damaged settings file that was moved aside. */
export const NoticeSchema = z.object({ id: z.string(), message: z.string(), movedTo: z.string().optional() })
export type Notice = z.infer<typeof NoticeSchema>

/** Payload of `switchboard://settings`. Secrets appear only as `{ isSet: true }`, never their values. */
export const SettingsResourceSchema = z.object({
  theme: ThemeSchema,
  dataDir: z.string(),
  keychain: KeychainStatusSchema,
  secrets: z.record(z.string(), z.object({ isSet: z.literal(true), use: SecretUseSchema })),
  notices: z.array(NoticeSchema),
  /** The MCP Registry the install page searches. */
  registryUrl: z.string().optional(),
  /** Folders offered to every extension as roots. */
  roots: RootFoldersSchema,
  /** Whether the installed app checks for, downloads and installs new versions (off until the person turns it on). */
  autoUpdate: z.boolean(),
  /** The model table: the person's rows, and the shipped ones with the date their prices were taken. */
  modelFacts: z.object({ custom: z.array(ModelFactsRowSchema), defaults: z.array(ModelFactsRowSchema), dated: z.string() }),
  /** Instructions for every session without its own ('' = none). */
  defaultInstructions: z.string(),
  /** Guard after outside content: off, acting tools (default), all tools (docs/guide/provenance.md). */
  guardAfterOutside: GuardModeSchema,
})
export type SettingsResource = z.infer<typeof SettingsResourceSchema>

export * from './extensionApi'
export * from './elicitationApi'
export * from './callerKind'
export * from './permissionApi'
export * from './chatApi'
export * from './historyPageApi'
export * from './sessionsPageApi'
export * from './resourceApi'
export * from './installApi'
export * from './registryApi'
export * from './bundleApi'
export * from './rootsApi'
export * from './appsApi'
export * from './appMeta'
export * from './hooksApi'
export * from './connectedAppsApi'
export * from './agentsApi'
export * from './policyApi'
export * from './routinesApi'
export * from './skillsApi'
export * from './pluginsApi'
export * from './provenanceApi'
export * from './provenanceText'
export * from './activityToolsApi'
export * from './telemetryApi'

const sessionId = z.string().min(1).max(100)
const sessionTitle = z.string().trim().min(1, 'A session title cannot be empty').max(200)
const secretKey = z.string().min(1, 'A secret name cannot be empty').max(MAX_SECRET_NAME_LENGTH)

/** Input schemas of the app tools (not in the model's catalog). */
export const HostToolInput = {
  session_create: z.object({ title: sessionTitle.optional() }),
  session_rename: z.object({ id: sessionId, title: sessionTitle }),
  session_delete: z.object({ id: sessionId }),
  /** Chooses which extensions' tools the session offers (null = automatic). */
  session_set_extensions: z.object({ id: sessionId, extensions: z.array(z.string().min(1).max(64)).max(200).nullable() }),
  /** "search": the model finds tools as it needs them (default); "all": every tool up to the limit. */
  session_set_tool_offer: z.object({ id: sessionId, offer: ToolOfferSchema }),
  /** Chooses the agent the session's next turns run with. */
  session_set_agent: z.object({ id: sessionId, agentId: AgentIdSchema }),
  /** The session's own instructions; an empty text goes back to the default instructions (Settings → General). */
  session_set_instructions: z.object({ id: sessionId, instructions: InstructionsSchema }),
  /** Marks a tool (namespaced name) to be offered in every turn without a search first, or clears the mark. */
  tool_set_always_offer: z.object({ name: z.string().min(1).max(200), alwaysOffer: z.boolean() }),
  settings_update: z.object({
    patch: z
      .object({
        theme: ThemeSchema.optional(),
        registryUrl: RegistryUrlSchema.optional(),
        roots: RootFoldersSchema.optional(),
        autoUpdate: z.boolean().optional(),
        modelFacts: z.array(ModelFactsRowSchema).max(500).optional(),
        defaultInstructions: InstructionsSchema.optional(),
        guardAfterOutside: GuardModeSchema.optional(),
      })
      .strict(),
  }),
  /** Write-only: the value goes to the OS keychain and never comes back to the renderer. */
  secret_set: z.object({ key: secretKey, value: z.string().min(1, 'A secret value cannot be empty').max(MAX_SECRET_VALUE_LENGTH) }),
  secret_delete: z.object({ key: secretKey }),
  notice_dismiss: z.object({ id: z.string() }),
  ...ExtensionToolInput,
  ...PermissionToolInput,
  ...ChatToolInput,
  ...ResourceToolInput,
  ...InstallToolInput,
  ...RegistryToolInput,
  ...BundleToolInput,
  ...RootsToolInput,
  ...AppsToolInput,
  ...HookToolInput,
  ...ConnectedAppToolInput,
  ...AgentToolInput,
  ...RoutineToolInput,
  ...SkillToolInput,
  ...PluginToolInput,
  ...ActivityToolInput,
  ...TelemetryToolInput,
  elicitation_respond: ElicitationRespondInput,
  ...QuestionToolInput,
} as const
export type HostToolName = keyof typeof HostToolInput
export type HostToolArgs<N extends HostToolName> = z.infer<(typeof HostToolInput)[N]>

/** Structured results of the app tools. */
export const HostToolOutput = {
  session_create: SessionSummarySchema,
  session_rename: SessionSummarySchema,
  session_delete: z.object({ id: z.string() }),
  session_set_extensions: SessionSummarySchema,
  session_set_tool_offer: SessionSummarySchema,
  session_set_agent: SessionSummarySchema,
  session_set_instructions: SessionSummarySchema,
  tool_set_always_offer: z.object({ name: z.string(), alwaysOffer: z.boolean() }),
  settings_update: SettingsResourceSchema,
  secret_set: z.object({ key: z.string(), isSet: z.literal(true) }),
  secret_delete: z.object({ key: z.string(), isSet: z.literal(false) }),
  notice_dismiss: z.object({ id: z.string() }),
  ...ExtensionToolOutput,
  ...PermissionToolOutput,
  ...ChatToolOutput,
  ...ResourceToolOutput,
  ...InstallToolOutput,
  ...RegistryToolOutput,
  ...BundleToolOutput,
  session_set_roots: SessionSummarySchema,
  ...AppsToolOutput,
  ...HookToolOutput,
  ...ConnectedAppToolOutput,
  ...AgentToolOutput,
  ...RoutineToolOutput,
  ...SkillToolOutput,
  ...PluginToolOutput,
  ...ActivityToolOutput,
  ...TelemetryToolOutput,
  elicitation_respond: z.object({ id: z.string() }),
  ...QuestionToolOutput,
} as const satisfies Record<HostToolName, z.ZodType>
export type HostToolResult<N extends HostToolName> = z.infer<(typeof HostToolOutput)[N]>
