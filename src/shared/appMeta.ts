/**
 * MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865): what a tool and a UI resource declare, read
 * from untrusted `_meta`, and who may call a tool. Pure.
 *
 * Why not ext-apps' `getToolUiResourceUri` / `isToolVisibilityAppOnly`: they live in its
 * `app-bridge` entry, which loads the whole v2 SDK protocol stack; main (still on SDK v1) only needs
 * these two keys read and checked, which the zod schemas below do with the same rules (nested
 * `_meta.ui.resourceUri` wins over the deprecated flat `ui/resourceUri`; it must be `ui://`).
 */
import { z } from 'zod'

/** The extension id servers look for in the client's capabilities. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui'
/** The MIME type of an App's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app'
/** Deprecated flat key (ext-apps `RESOURCE_URI_META_KEY`), still read. */
const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri'

export const AppVisibilitySchema = z.enum(['model', 'app'])
export type AppVisibility = z.infer<typeof AppVisibilitySchema>

/** What a tool's `_meta` says about its App, after checking. */
export interface ToolUi {
  /** The `ui://` resource to render, when the tool has an App. */
  resourceUri?: string
  /** Who may call the tool; the spec's default is both. */
  visibility: AppVisibility[]
}

const uiUri = z.string().max(4000).startsWith('ui://')
const ToolUiMetaSchema = z.object({
  ui: z.object({ resourceUri: uiUri.optional(), visibility: z.array(AppVisibilitySchema).max(2).optional() }).optional(),
  [LEGACY_RESOURCE_URI_KEY]: uiUri.optional(),
})

const BOTH: AppVisibility[] = ['model', 'app']

/** The App part of a tool's `_meta`, or undefined when it declares none (or declares it wrongly, e.g. a non-`ui://` address). */
export function toolUiOf(meta: unknown): ToolUi | undefined {
  if (meta === null || typeof meta !== 'object') return undefined
  const parsed = ToolUiMetaSchema.safeParse(meta)
  if (!parsed.success) return undefined
  const { ui } = parsed.data
  const resourceUri = ui?.resourceUri ?? parsed.data[LEGACY_RESOURCE_URI_KEY]
  if (resourceUri === undefined && ui?.visibility === undefined) return undefined
  return { ...(resourceUri !== undefined ? { resourceUri } : {}), visibility: ui?.visibility ? [...new Set(ui.visibility)] : BOTH }
}

/** Tools without "model" never reach the model's tool list. */
export const visibleToModel = (ui: ToolUi | undefined): boolean => (ui?.visibility ?? BOTH).includes('model')
/** Tools without "app" are refused when an App calls them. */
export const callableByApp = (ui: ToolUi | undefined): boolean => (ui?.visibility ?? BOTH).includes('app')

/** The CSP an App's resource declares: each list names origins it may reach. */
export const AppCspSchema = z.object({
  connectDomains: z.array(z.string().max(300)).max(50).optional(),
  resourceDomains: z.array(z.string().max(300)).max(50).optional(),
  frameDomains: z.array(z.string().max(300)).max(50).optional(),
  baseUriDomains: z.array(z.string().max(300)).max(50).optional(),
})
export type AppCsp = z.infer<typeof AppCspSchema>

export const AppPermissionNameSchema = z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])
export type AppPermissionName = z.infer<typeof AppPermissionNameSchema>

/** The `_meta.ui` of one content item of an App's resource; anything malformed is ignored, never loosened. */
const ResourceUiMetaSchema = z.object({
  csp: AppCspSchema.optional().catch(undefined),
  permissions: z.partialRecord(AppPermissionNameSchema, z.object({}).passthrough()).optional().catch(undefined),
  prefersBorder: z.boolean().optional().catch(undefined),
})

export interface ResourceUi {
  /** Undefined when the resource declares no CSP (the restrictive default applies). */
  csp?: AppCsp
  permissions: AppPermissionName[]
  prefersBorder?: boolean
}

/** The App part of a resource content's `_meta`. */
export function resourceUiOf(meta: unknown): ResourceUi {
  const ui = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).ui : undefined
  const parsed = ResourceUiMetaSchema.safeParse(ui ?? {})
  if (!parsed.success) return { permissions: [] }
  const { csp, permissions, prefersBorder } = parsed.data
  return {
    ...(csp ? { csp } : {}),
    permissions: Object.keys(permissions ?? {}).filter((name): name is AppPermissionName => AppPermissionNameSchema.safeParse(name).success),
    ...(prefersBorder !== undefined ? { prefersBorder } : {}),
  }
}

/** The iframe `allow` feature names of App permissions (Permissions Policy). */
export const ALLOW_FEATURES: Record<AppPermissionName, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
}

/** What a person reads for a permission in the App card. */
export const PERMISSION_LABELS: Record<AppPermissionName, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'location',
  clipboardWrite: 'writing to the clipboard',
}
