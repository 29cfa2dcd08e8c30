/**
 * The MCP Apps part of the host API contract: the `switchboard://apps` resource (which tools have an
 * App, what each App was allowed), and the tools the window uses to show an App and to pass on what
 * the App asks for. Main decides every one of them; the frame only asks. Re-exported by hostApi.ts.
 */
import { z } from 'zod'
import { AppCspSchema, AppPermissionNameSchema, AppVisibilitySchema } from './appMeta'

export const APPS_URI = 'switchboard://apps'

/** A tool whose definition names an App, as last seen (kept when its extension goes, for the placeholder). */
export const AppToolEntrySchema = z.object({
  /** Namespaced `<extension>__<tool>`. */
  name: z.string(),
  extensionId: z.string(),
  extensionName: z.string(),
  toolName: z.string(),
  resourceUri: z.string(),
  visibility: z.array(AppVisibilitySchema),
  /** False when the tool is not in the catalog now (extension removed, stopped or changed). */
  available: z.boolean(),
})
export type AppToolEntry = z.infer<typeof AppToolEntrySchema>

/** What an App was last given: its CSP as applied, refused sources, declared and allowed permissions. */
export const AppAppliedSchema = z.object({
  extensionId: z.string(),
  resourceUri: z.string(),
  policy: z.string(),
  restrictiveDefault: z.boolean(),
  declared: AppCspSchema.optional(),
  refused: z.array(z.string()),
  permissions: z.array(AppPermissionNameSchema),
  granted: z.array(AppPermissionNameSchema),
})
export type AppApplied = z.infer<typeof AppAppliedSchema>

/** Payload of `switchboard://apps`. */
export const AppsResourceSchema = z.object({
  tools: z.array(AppToolEntrySchema),
  applied: z.array(AppAppliedSchema),
  /** False when this host has no sandbox origin to show Apps from (they appear as plain tool cards). */
  canShowApps: z.boolean(),
})
export type AppsResource = z.infer<typeof AppsResourceSchema>

/** The tool the App belongs to (namespaced); every App request names it, and main checks it. */
const appTool = z.string().min(1).max(64)
const sessionId = z.string().min(1).max(100)
/** Content blocks from an App: checked for shape where they are used (text is what the model gets). */
const contentBlocks = z.array(z.object({ type: z.string() }).passthrough()).max(50)

export const AppsToolInput = {
  /** Reads the App's resource and prepares its sandbox page (CSP, allowed permissions). */
  app_open: z.object({ tool: appTool }),
  /** `tools/call` from an App: only its own server's tools that allow "app", through the permission layer. */
  app_call_tool: z.object({ app: appTool, sessionId: sessionId.optional(), name: z.string().min(1).max(200), arguments: z.record(z.string(), z.unknown()).optional() }),
  /** `resources/read` from an App: only its own server. */
  app_read_resource: z.object({ app: appTool, uri: z.string().min(1).max(4000) }),
  /** The person allowed permissions the App's resource declared; only declared ones are kept. */
  app_permissions_allow: z.object({ app: appTool, permissions: z.array(AppPermissionNameSchema).max(4) }),
  /** `ui/message`: a message to the conversation, shown as coming from the App, that starts a turn. */
  app_message: z.object({ app: appTool, sessionId, content: contentBlocks }),
  /** `ui/update-model-context`: replaces the App's context for the session's next turn (null clears it). */
  app_context_set: z.object({ app: appTool, sessionId, content: contentBlocks.optional(), structuredContent: z.record(z.string(), z.unknown()).optional() }),
} as const

export const AppOpenResultSchema = z.object({
  extensionId: z.string(),
  extensionName: z.string(),
  toolName: z.string(),
  resourceUri: z.string(),
  html: z.string(),
  /** The proxy page to frame; its CSP is set by main. */
  sandboxUrl: z.string(),
  policy: z.string(),
  restrictiveDefault: z.boolean(),
  refused: z.array(z.string()),
  permissions: z.array(AppPermissionNameSchema),
  granted: z.array(AppPermissionNameSchema),
  /** The `allow` attribute for the frames (granted permissions only). */
  allow: z.string(),
  prefersBorder: z.boolean().optional(),
  /** The tool's definition, for the App's host context (`toolInfo`). */
  tool: z.object({ name: z.string(), title: z.string().optional(), description: z.string().optional(), inputSchema: z.record(z.string(), z.unknown()) }),
})
export type AppOpenResult = z.infer<typeof AppOpenResultSchema>

export const AppsToolOutput = {
  app_open: AppOpenResultSchema,
  /** The extension tool's own result (see callRaw); not an object schema, so the host declares no outputSchema for it. */
  app_call_tool: z.record(z.string(), z.unknown()),
  app_read_resource: z.object({ contents: z.array(z.object({ uri: z.string() }).passthrough()) }),
  app_permissions_allow: z.object({ granted: z.array(AppPermissionNameSchema) }),
  app_message: z.object({ sessionId: z.string(), turnId: z.string() }),
  app_context_set: z.object({ sessionId: z.string(), size: z.number().int().nonnegative() }),
} as const
