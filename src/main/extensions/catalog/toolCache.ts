/**
 * The catalog cache: tools, resources, resource templates and prompts of every ready extension.
 *
 * Lists are fetched only when a session starts (connect or reconnect, which includes a config
 * change that reconnects) or when the server says `list_changed` (coalesced per extension and
 * kind), or after its `ttlMs` ran out (listFreshness.ts). Reading the catalog never waits for a
 * request. A failing list keeps that extension's previous one and touches no other extension.
 */
import type { Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client'
import { buildExtensionPart, type Catalog, type CatalogPrompt, type CatalogTool, type ExtensionLists } from './catalogBuild'
import { fetchWholeList, type FetchLimits } from './catalogFetch'
import { validatePrompt, validateResource, validateResourceTemplate, validateTool, type Validated } from './catalogValidation'
import type { ExtensionConfig } from '../config/extensionConfig'
import type { CatalogKind, ExtensionConnection } from '../connection/extensionConnection'
import { ListFreshness } from './listFreshness'
import { errorText } from '../text'
import type { ManagerEvent } from '../extensionManager'
import type { ExtensionSnapshot } from '../extensionState'
import type { LogEntryLevel } from '../logRing'

/** What the cache needs from the extension manager. */
export interface CatalogSource {
  list(): ExtensionSnapshot[]
  get(id: string): ExtensionSnapshot | undefined
  config(id: string): ExtensionConfig | undefined
  connection(id: string): ExtensionConnection | undefined
  onChange(listener: (event: ManagerEvent) => void): () => void
  /** Adds a line to the extension's own log (warnings about what it listed). */
  note(id: string, level: LogEntryLevel, text: string): void
}

export interface ToolCacheOptions {
  /** How long list_changed notifications are collected into one refresh. */
  coalesceMs?: number
  fetch?: FetchLimits
}

const kinds: readonly CatalogKind[] = ['tools', 'resources', 'resourceTemplates', 'prompts']

interface KindRefresh {
  timer?: NodeJS.Timeout
  running?: Promise<void>
  again: boolean
}

interface CachedExtension {
  /** The session the lists belong to (the manager's `sessionCount`). */
  session: number
  lists: ExtensionLists
  versions: Record<CatalogKind, number>
  refresh: Map<CatalogKind, KindRefresh>
  warnedToolsVersion: number
}

type Validator = (raw: unknown) => Validated<unknown>
const validators: Record<CatalogKind, Validator> = {
  tools: validateTool,
  resources: validateResource,
  resourceTemplates: validateResourceTemplate,
  prompts: validatePrompt,
}
const identity: Record<CatalogKind, (item: unknown) => string> = {
  tools: (item) => (item as Tool).name,
  resources: (item) => (item as Resource).uri,
  resourceTemplates: (item) => (item as ResourceTemplateType).uriTemplate,
  prompts: (item) => (item as Prompt).name,
}

export class ToolCache {
  private readonly cached = new Map<string, CachedExtension>()
  private readonly listeners = new Set<(catalog: Catalog) => void>()
  private readonly hashes = new WeakMap<Tool, string>()
  private current: Catalog = { version: 0, tools: [], resources: [], resourceTemplates: [], prompts: [] }
  private toolsByName = new Map<string, CatalogTool>()
  /** Tools their extension's `tools` filter switched off: outside the catalog, kept for the page and the server's own Apps. */
  private switchedOff: CatalogTool[] = []
  private switchedOffByName = new Map<string, CatalogTool>()
  private promptsByName = new Map<string, CatalogPrompt>()
  private fingerprint = ''
  private unsubscribe: (() => void) | undefined
  private readonly freshness = new ListFreshness<CatalogKind>()
  /** List requests sent (pages), per kind; a cache hit adds nothing here. */
  readonly listRequests: Record<CatalogKind, number> = { tools: 0, resources: 0, resourceTemplates: 0, prompts: 0 }

  constructor(
    private readonly source: CatalogSource,
    private readonly options: ToolCacheOptions = {},
  ) {}

  /** Follows the manager's events and lists what is ready now; returns `stop`. */
  start(): () => void {
    this.unsubscribe ??= this.source.onChange((event) => this.onEvent(event))
    for (const snapshot of this.source.list()) this.onEvent({ type: 'status', id: snapshot.id })
    return () => this.stop()
  }

  stop(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
    for (const entry of this.cached.values()) for (const state of entry.refresh.values()) clearTimeout(state.timer)
  }

  /** The current catalog. Never sends a request. */
  catalog(): Catalog {
    this.refreshExpired()
    return this.current
  }

  lookup(name: string): CatalogTool | undefined {
    this.refreshExpired()
    return this.toolsByName.get(name)
  }

  /**
   * A tool of `extensionId` by the name its server knows it by, on or switched off: only for the
   * extension's own MCP Apps, which may call its off tools (appTools.ts). Everything else uses lookup().
   */
  lookupOwn(extensionId: string, toolName: string): CatalogTool | undefined {
    this.refreshExpired()
    const own = (tool: CatalogTool) => tool.extensionId === extensionId && tool.toolName === toolName
    return this.current.tools.find(own) ?? this.switchedOff.find(own)
  }

  /** A switched-off tool by its namespaced name (the dispatcher, for an App's call that lookupOwn allowed). */
  lookupSwitchedOff(name: string): CatalogTool | undefined {
    return this.switchedOffByName.get(name)
  }

  /** The tools the extensions' filters switched off, for their pages. */
  switchedOffTools(): readonly CatalogTool[] {
    return this.switchedOff
  }

  /** Lists whose ttl ran out are fetched again in the background; this read gets the previous one. */
  private refreshExpired(): void {
    for (const { id, kind } of this.freshness.takeExpired()) this.schedule(id, kind, 0)
  }

  lookupPrompt(name: string): CatalogPrompt | undefined {
    return this.promptsByName.get(name)
  }

  /** What one extension contributes (for `switchboard://extensions`). */
  counts(id: string): { tools: number; toolsOff: number; resources: number; prompts: number } {
    const count = (items: { extensionId: string }[]) => items.filter((item) => item.extensionId === id).length
    return { tools: count(this.current.tools), toolsOff: count(this.switchedOff), resources: count(this.current.resources), prompts: count(this.current.prompts) }
  }

  /** Called with the new catalog whenever its version changes; returns the unsubscribe function. */
  onChange(listener: (catalog: Catalog) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Lists everything of one extension again now (the person pressed refresh). */
  refresh(id: string): void {
    for (const kind of kinds) this.schedule(id, kind, 0)
  }

  /** Resolves once no refresh is scheduled or running (tests and benchmarks). */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.cached.values()].flatMap((entry) => [...entry.refresh.values()])
      const running = pending.map((state) => state.running).filter((p): p is Promise<void> => p !== undefined)
      if (running.length === 0 && pending.every((state) => !state.timer)) return
      await Promise.all(running)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  private onEvent(event: ManagerEvent): void {
    switch (event.type) {
      case 'status': {
        const snapshot = this.source.get(event.id)
        const entry = this.cached.get(event.id)
        if (snapshot?.status === 'ready' && entry?.session !== snapshot.sessionCount) {
          this.entry(event.id).session = snapshot.sessionCount
          for (const kind of kinds) this.schedule(event.id, kind, 0)
        }
        this.rebuild()
        return
      }
      case 'removed': {
        const entry = this.cached.get(event.id)
        for (const state of entry?.refresh.values() ?? []) clearTimeout(state.timer)
        this.cached.delete(event.id)
        this.freshness.forget(event.id)
        this.rebuild()
        return
      }
      case 'list-changed':
        this.schedule(event.id, event.kind, this.options.coalesceMs ?? 100)
        if (event.kind === 'resources') this.schedule(event.id, 'resourceTemplates', this.options.coalesceMs ?? 100)
        return
      case 'log':
      case 'resource-updated':
        return
      default:
        event satisfies never
    }
  }

  private entry(id: string): CachedExtension {
    let entry = this.cached.get(id)
    if (!entry) {
      entry = {
        session: -1,
        lists: { tools: [], resources: [], resourceTemplates: [], prompts: [] },
        versions: { tools: 0, resources: 0, resourceTemplates: 0, prompts: 0 },
        refresh: new Map(),
        warnedToolsVersion: 0,
      }
      this.cached.set(id, entry)
    }
    return entry
  }

  /** Coalesces: one timer per extension and kind; a notification during a fetch runs it once more after. */
  private schedule(id: string, kind: CatalogKind, delayMs: number): void {
    if (!this.unsubscribe) return
    const entry = this.entry(id)
    let state = entry.refresh.get(kind)
    if (!state) {
      state = { again: false }
      entry.refresh.set(kind, state)
    }
    if (state.timer) return
    if (state.running) {
      state.again = true
      return
    }
    const refresh = state
    refresh.timer = setTimeout(() => {
      refresh.timer = undefined
      refresh.running = this.fetchKind(id, kind).finally(() => {
        refresh.running = undefined
        if (refresh.again) {
          refresh.again = false
          this.schedule(id, kind, this.options.coalesceMs ?? 100)
        }
      })
    }, delayMs)
  }

  private async fetchKind(id: string, kind: CatalogKind): Promise<void> {
    const connection = this.source.connection(id)
    const snapshot = this.source.get(id)
    const entry = this.cached.get(id)
    if (!connection || !snapshot || !entry || snapshot.sessionCount !== entry.session) return
    // A reconnect during the fetch makes its answer stale: it describes the old session.
    const session = entry.session
    const stillCurrent = () => this.cached.get(id) === entry && entry.session === session && this.source.get(id)?.sessionCount === session
    let validItems: unknown[] = []
    if (connection.offers(kind)) {
      try {
        const counting = { listPage: (k: CatalogKind, cursor: string | undefined) => (this.listRequests[k]++, connection.listPage(k, cursor)) }
        const { items, warnings, ttlMs } = await fetchWholeList(counting, kind, this.options.fetch)
        validItems = this.validate(kind, items, warnings)
        if (stillCurrent()) this.freshness.note(id, kind, ttlMs)
        if (stillCurrent()) for (const warning of warnings) this.source.note(id, 'warn', warning)
      } catch (error) {
        if (stillCurrent()) this.source.note(id, 'warn', `could not list ${kind}: ${errorText(error)}; keeping the previous list`)
        return
      }
    }
    if (!stillCurrent()) return
    const lists = entry.lists as Record<CatalogKind, unknown[]>
    // An unchanged list keeps its version, so the catalog version moves only when content does.
    if (JSON.stringify(lists[kind]) === JSON.stringify(validItems)) return
    lists[kind] = validItems
    entry.versions[kind]++
    this.rebuild()
  }

  /** Drops invalid items and later duplicates, adding a warning for each (F17). */
  private validate(kind: CatalogKind, items: unknown[], warnings: string[]): unknown[] {
    const valid: unknown[] = []
    const seen = new Set<string>()
    for (const raw of items) {
      const result = validators[kind](raw)
      if (!result.ok) {
        warnings.push(result.warning)
        continue
      }
      if (result.warning) warnings.push(result.warning)
      const key = identity[kind](result.item)
      if (seen.has(key)) {
        warnings.push(`dropped a second ${kind === 'tools' ? 'tool' : 'entry'} named "${key}" (duplicate)`)
        continue
      }
      seen.add(key)
      valid.push(result.item)
    }
    return valid
  }

  /** Recomputes the catalog from the cached lists of ready extensions; bumps the version only on change. */
  private rebuild(): void {
    const ready = this.source.list().filter((snapshot) => snapshot.status === 'ready')
    const fingerprint = JSON.stringify(
      ready.map((snapshot) => {
        const entry = this.cached.get(snapshot.id)
        const config = this.source.config(snapshot.id)
        return [snapshot.id, entry?.session, entry?.versions, config?.name, config?.trust, config?.tools]
      }),
    )
    if (fingerprint === this.fingerprint) return
    this.fingerprint = fingerprint
    const next: Catalog = { version: this.current.version + 1, tools: [], resources: [], resourceTemplates: [], prompts: [] }
    const switchedOff: CatalogTool[] = []
    for (const snapshot of ready) {
      const entry = this.cached.get(snapshot.id)
      const config = this.source.config(snapshot.id)
      if (!entry || !config) continue
      const { part, switchedOff: off, warnings } = buildExtensionPart(config, entry.lists, this.hashes)
      if (entry.versions.tools !== entry.warnedToolsVersion) {
        entry.warnedToolsVersion = entry.versions.tools
        for (const warning of warnings) this.source.note(snapshot.id, 'warn', warning)
      }
      next.tools.push(...part.tools)
      switchedOff.push(...off)
      next.resources.push(...part.resources)
      next.resourceTemplates.push(...part.resourceTemplates)
      next.prompts.push(...part.prompts)
    }
    this.current = next
    this.toolsByName = new Map(next.tools.map((tool) => [tool.name, tool]))
    this.switchedOff = switchedOff
    this.switchedOffByName = new Map(switchedOff.map((tool) => [tool.name, tool]))
    this.promptsByName = new Map(next.prompts.map((prompt) => [prompt.name, prompt]))
    for (const listener of this.listeners) {
      try {
        listener(next)
      } catch {
        // A listener's failure is its own; the catalog stays consistent.
      }
    }
  }
}
