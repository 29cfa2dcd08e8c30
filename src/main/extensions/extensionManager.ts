/**
 * Owns the set of extensions: their configs (validated, saved through the injected store before a
 * change takes effect), one runner each (extensionRunner.ts: the lifecycle of one extension), and
 * the change events the host publishes. All enabled extensions start in parallel and nothing here
 * waits for them; `stop` ends every child (F20).
 */
import { log } from '../log/log'
import { parseExtensionConfig, sameConnection, type ExtensionConfig } from './config/extensionConfig'
import type { ExtensionConnection } from './connection/extensionConnection'
import { ExtensionRunner } from './extensionRunner'
import type { ExtensionSnapshot } from './extensionState'
import type { LogEntry, LogEntryLevel } from './logRing'
import type { ChangeResult, ExtensionManagerOptions, ManagerEvent } from './managerTypes'
import { RevisionCache } from './connection/revisionCache'
import { errorText } from './text'


export type { ChangeResult, ExtensionConfigStore, ExtensionManagerOptions, ManagerEvent } from './managerTypes'

export class ExtensionManager {
  private readonly entries = new Map<string, ExtensionRunner>()
  private readonly listeners = new Set<(event: ManagerEvent) => void>()
  private stopped = false
  private changes: Promise<unknown> = Promise.resolve()

  private readonly options: ExtensionManagerOptions & { revisions: RevisionCache }

  constructor(options: ExtensionManagerOptions) {
    // Without a stored cache, verdicts still last as long as the manager (restarts skip the probe).
    this.options = { ...options, revisions: options.revisions ?? new RevisionCache() }
    for (const config of options.configs) this.entries.set(config.id, this.newRunner(config))
  }

  /** Connects every enabled extension in parallel without waiting; returns `stop`. */
  start(): () => Promise<void> {
    for (const runner of this.entries.values()) if (runner.config.enabled) runner.launch()
    return () => this.stop()
  }

  list(): ExtensionSnapshot[] {
    return [...this.entries.values()].map((runner) => runner.snapshot())
  }

  get(id: string): ExtensionSnapshot | undefined {
    return this.entries.get(id)?.snapshot()
  }

  /** The stored config (secret references, never values). */
  config(id: string): ExtensionConfig | undefined {
    return this.entries.get(id)?.config
  }

  /** The live connection while the extension is ready. For the tool cache and dispatch. */
  connection(id: string): ExtensionConnection | undefined {
    return this.entries.get(id)?.connection()
  }

  /** Recent log lines of one extension, after `afterSeq`. */
  log(id: string, afterSeq = 0): LogEntry[] {
    return this.entries.get(id)?.ring.read(afterSeq) ?? []
  }

  /** Adds a line about an extension to its log and to the app log (catalog warnings, F17). */
  note(id: string, level: LogEntryLevel, text: string): void {
    this.entries.get(id)?.ring.push('protocol', level, text)
    log(level, 'extensions', `${id}: ${text}`)
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: (event: ManagerEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Validates and adds a config (saved first), then starts it if enabled. */
  add(input: unknown): Promise<ChangeResult> {
    return this.serialized(() => this.addNow(input))
  }

  /** Replaces a config; reconnects only when how it connects changed (name, trust, tools, timeouts apply live). */
  update(id: string, input: unknown): Promise<ChangeResult> {
    return this.serialized(() => this.updateNow(id, input))
  }

  setEnabled(id: string, enabled: boolean): Promise<ChangeResult> {
    return this.serialized(() => {
      const entry = this.entries.get(id)
      return entry ? this.updateNow(id, { ...entry.config, enabled }) : Promise.resolve(notFound(id))
    })
  }

  remove(id: string): Promise<{ ok: true } | { ok: false; errors: string[] }> {
    return this.serialized(() => this.removeNow(id))
  }

  /** Stops and starts again with a clean crash history (the person pressed Restart). */
  restart(id: string): Promise<ChangeResult> {
    return this.serialized(() => this.restartNow(id))
  }

  private async addNow(input: unknown): Promise<ChangeResult> {
    const parsed = parseExtensionConfig(input)
    if (!parsed.ok) return parsed
    const { config } = parsed
    if (this.entries.has(config.id)) return { ok: false, errors: [`id: an extension with id "${config.id}" exists already; pick another id.`] }
    const saved = await this.save([...this.configs(), config])
    if (!saved.ok) return saved
    const entry = this.newRunner(config)
    this.entries.set(config.id, entry)
    this.emit({ type: 'status', id: config.id })
    if (config.enabled) entry.launch()
    return { ok: true, extension: entry.snapshot() }
  }

  private async updateNow(id: string, input: unknown): Promise<ChangeResult> {
    const entry = this.entries.get(id)
    if (!entry) return notFound(id)
    const parsed = parseExtensionConfig(input)
    if (!parsed.ok) return parsed
    const { config } = parsed
    if (config.id !== id) return { ok: false, errors: [`id: the id cannot change (was "${id}"); remove the extension and add it again instead.`] }
    const saved = await this.save(this.configs().map((existing) => (existing.id === id ? config : existing)))
    if (!saved.ok) return saved
    const reconnect = !sameConnection(entry.config, config) || entry.config.enabled !== config.enabled
    entry.config = config
    if (reconnect) {
      entry.policy.reset()
      await entry.halt()
      if (config.enabled) entry.launch()
    }
    this.emit({ type: 'status', id })
    return { ok: true, extension: entry.snapshot() }
  }

  private async removeNow(id: string): Promise<{ ok: true } | { ok: false; errors: string[] }> {
    const entry = this.entries.get(id)
    if (!entry) return notFound(id)
    const saved = await this.save(this.configs().filter((config) => config.id !== id))
    if (!saved.ok) return saved
    this.entries.delete(id)
    this.options.auth?.forget(id)
    await entry.halt()
    entry.ring.dispose()
    this.emit({ type: 'removed', id })
    return { ok: true }
  }

  private async restartNow(id: string): Promise<ChangeResult> {
    const entry = this.entries.get(id)
    if (!entry) return notFound(id)
    if (!entry.config.enabled) return { ok: false, errors: [`"${entry.config.name}" is disabled; enable it instead of restarting it.`] }
    entry.policy.reset()
    await entry.halt()
    entry.launch()
    return { ok: true, extension: entry.snapshot() }
  }

  /** Starts signing in to a remote extension; resolves once the sign-in page is offered to the person. */
  async signIn(id: string): Promise<void> {
    const entry = this.entries.get(id)
    if (!entry) throw new Error(notFound(id).errors[0])
    await entry.signIn()
  }

  /** Signs out of a remote extension (revoking where the server supports it); returns what happened, in words. */
  async signOut(id: string): Promise<string> {
    const entry = this.entries.get(id)
    if (!entry) throw new Error(notFound(id).errors[0])
    return this.serialized(() => entry.signOut())
  }

  /** Tells every connected extension that the roots changed (`notifications/roots/list_changed`); they ask again. */
  notifyRootsChanged(): void {
    for (const runner of this.entries.values()) {
      runner.connection()?.notifyRootsChanged().catch((error: unknown) => this.note(runner.id, 'warn', `could not send roots/list_changed: ${errorText(error)}`))
    }
  }

  /** Tries again every extension waiting for configuration (e.g. after a secret was saved). */
  retryNeedsConfig(): void {
    for (const runner of this.entries.values()) if (runner.state.status === 'needs-config' && runner.config.enabled) runner.launch()
  }

  /** After the managed policy changed: stops the extensions it now refuses and starts the ones it no longer refuses. */
  async recheckStarts(): Promise<void> {
    if (this.stopped) return
    await Promise.all([...this.entries.values()].map((runner) => runner.recheckStart()))
  }

  /** Ends every extension and cancels pending restarts; children get stdin close → SIGTERM → SIGKILL. */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.all([...this.entries.values()].map((runner) => runner.halt()))
    for (const entry of this.entries.values()) entry.ring.dispose()
  }

  /** Runs changes one at a time, so two changes never interleave their save and their effect. */
  private serialized<T>(change: () => Promise<T>): Promise<T> {
    const result = this.changes.then(change)
    this.changes = result.catch(() => undefined)
    return result
  }

  private newRunner(config: ExtensionConfig): ExtensionRunner {
    return new ExtensionRunner(config, {
      options: this.options,
      accepting: () => !this.stopped,
      owns: (runner) => this.entries.get(runner.id) === runner,
      emit: (event) => this.emit(event),
    })
  }

  private configs(): ExtensionConfig[] {
    return [...this.entries.values()].map((entry) => entry.config)
  }

  private async save(configs: ExtensionConfig[]): Promise<{ ok: true } | { ok: false; errors: string[] }> {
    try {
      await this.options.store.save(configs)
      return { ok: true }
    } catch (error) {
      return { ok: false, errors: [`The extension settings could not be saved: ${errorText(error)}. Nothing was changed; try again.`] }
    }
  }

  private emit(event: ManagerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event)
      } catch (error) {
        log('error', 'extensions', `a change listener failed on ${event.type}: ${errorText(error)}`)
      }
    }
  }
}

function notFound(id: string): { ok: false; errors: string[] } {
  return { ok: false, errors: [`There is no extension with id "${id}"; reload the list and try again.`] }
}
