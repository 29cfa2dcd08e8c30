/**
 * What main knows about MCP Apps: which catalog tools have one (remembered in `<dataDir>/apps.json`,
 * so a saved call of an extension that is gone still shows a placeholder), what each App was given
 * (its CSP as applied, the permissions the person allowed, also remembered), the sandbox origin that
 * serves their pages, and each session's App context for the next turn (`ui/update-model-context`).
 */
import { join } from 'node:path'
import { z } from 'zod'
import type { TextPart } from 'ai'
import { AppPermissionNameSchema, type AppPermissionName } from '../../shared/appMeta'
import { AppAppliedSchema, AppToolEntrySchema, type AppApplied, type AppToolEntry, type AppsResource } from '../../shared/appsApi'
import type { CatalogTool } from '../extensions'
import { writeFileAtomic } from '../storage/atomicFile'
import { readJsonFile } from '../storage/jsonFile'
import { log } from '../log/log'

/** Where App pages are served from (host/apps/appSandbox.ts implements it). */
export interface AppSandboxPages {
  register(page: { policy: string; allow: string }): string
  readonly origin: string
}

const FileSchema = z.object({
  version: z.literal(1),
  tools: z.array(AppToolEntrySchema.omit({ available: true })).default([]),
  applied: z.array(AppAppliedSchema).default([]),
  /** `<extensionId>\n<resourceUri>` → permissions the person allowed. */
  grants: z.record(z.string(), z.array(AppPermissionNameSchema)).default({}),
})
type AppsFile = z.infer<typeof FileSchema>

/** One App's context for the next turn: what the model gets and what the sent message records. */
export interface AppContext {
  extensionId: string
  extensionName: string
  resourceUri: string
  text: string
}

export interface AppService {
  setSandbox(pages: AppSandboxPages | undefined): void
  sandbox(): AppSandboxPages | undefined
  view(): AppsResource
  /** The catalog changed: remember the App tools it has now. */
  noteCatalog(tools: readonly CatalogTool[]): void
  recordApplied(entry: AppApplied): void
  granted(extensionId: string, resourceUri: string): AppPermissionName[]
  grant(extensionId: string, resourceUri: string, permissions: readonly AppPermissionName[]): Promise<AppPermissionName[]>
  /** Replaces (or with undefined clears) the context one App gives the session's next turn. */
  setContext(sessionId: string, app: string, context: AppContext | undefined): void
  /** The contexts for the turn being sent now; they are used once (the App sends a new one when it changes). */
  takeContext(sessionId: string): AppContext[]
  forgetSession(sessionId: string): void
  onChange(listener: () => void): () => void
  flush(): Promise<void>
}

const grantKey = (extensionId: string, resourceUri: string) => `${extensionId}\n${resourceUri}`
const MAX_REMEMBERED = 500

export function createAppService(dataDir: string, current: () => readonly CatalogTool[]): AppService {
  const path = join(dataDir, 'apps.json')
  const read = readJsonFile(path, FileSchema)
  if (read.kind === 'damaged') log('warn', 'apps', `apps.json was damaged (${read.reason}); moved aside to ${read.movedTo ?? 'nowhere'} and started afresh.`)
  const file: AppsFile = read.kind === 'ok' ? read.value : { version: 1, tools: [], applied: [], grants: {} }
  const contexts = new Map<string, Map<string, AppContext>>()
  const listeners = new Set<() => void>()
  let pages: AppSandboxPages | undefined
  let writing: Promise<void> = Promise.resolve()
  const emit = () => listeners.forEach((listener) => listener())
  const save = () => {
    const text = JSON.stringify(file)
    writing = writing.then(() => writeFileAtomic(path, text)).catch((error: Error) => log('warn', 'apps', `apps.json not written: ${error.message}`))
    return writing
  }

  return {
    setSandbox(next) {
      pages = next
      emit()
    },
    sandbox: () => pages,
    view() {
      const live = new Set(current().filter((tool) => tool.ui?.resourceUri).map((tool) => tool.name))
      const tools: AppToolEntry[] = file.tools.map((tool) => ({ ...tool, available: live.has(tool.name) }))
      return { tools, applied: file.applied, canShowApps: pages !== undefined }
    },
    noteCatalog(tools) {
      let changed = false
      for (const tool of tools) {
        const resourceUri = tool.ui?.resourceUri
        if (!resourceUri) continue
        const entry = { name: tool.name, extensionId: tool.extensionId, extensionName: tool.extensionName, toolName: tool.toolName, resourceUri, visibility: tool.ui!.visibility }
        const at = file.tools.findIndex((known) => known.name === tool.name)
        if (at >= 0 && JSON.stringify(file.tools[at]) === JSON.stringify(entry)) continue
        if (at >= 0) file.tools[at] = entry
        else file.tools.push(entry)
        changed = true
      }
      if (file.tools.length > MAX_REMEMBERED) file.tools.splice(0, file.tools.length - MAX_REMEMBERED)
      if (changed) void save()
      emit()
    },
    recordApplied(entry) {
      const at = file.applied.findIndex((known) => known.extensionId === entry.extensionId && known.resourceUri === entry.resourceUri)
      if (at >= 0 && JSON.stringify(file.applied[at]) === JSON.stringify(entry)) return
      if (at >= 0) file.applied[at] = entry
      else file.applied.push(entry)
      if (file.applied.length > MAX_REMEMBERED) file.applied.splice(0, file.applied.length - MAX_REMEMBERED)
      void save()
      emit()
    },
    granted: (extensionId, resourceUri) => file.grants[grantKey(extensionId, resourceUri)] ?? [],
    async grant(extensionId, resourceUri, permissions) {
      const key = grantKey(extensionId, resourceUri)
      file.grants[key] = [...new Set([...(file.grants[key] ?? []), ...permissions])]
      await save()
      emit()
      return file.grants[key]
    },
    setContext(sessionId, app, context) {
      const forSession = contexts.get(sessionId) ?? new Map<string, AppContext>()
      if (context) forSession.set(app, context)
      else forSession.delete(app)
      contexts.set(sessionId, forSession)
    },
    takeContext(sessionId) {
      const taken = [...(contexts.get(sessionId)?.values() ?? [])]
      contexts.delete(sessionId)
      return taken
    },
    forgetSession: (sessionId) => void contexts.delete(sessionId),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => writing,
  }
}

/** What the model reads of App contexts: one labelled text part per App. */
export function appContextParts(contexts: readonly AppContext[]): TextPart[] {
  return contexts.map((context) => ({ type: 'text', text: `Context from the App of ${context.extensionName} (${context.resourceUri}):\n${context.text}` }))
}
