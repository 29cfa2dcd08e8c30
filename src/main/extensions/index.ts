/**
 * The extension core wired together: manager (lifecycle), tool cache (catalog) and dispatcher
 * (calls). The host constructs this once; `start` returns the function that stops all of it.
 */
import { ExtensionManager, type ExtensionManagerOptions } from './extensionManager'
import { ToolCache, type ToolCacheOptions } from './catalog/toolCache'
import { ToolDispatcher, type ToolDispatcherOptions } from './dispatch/toolDispatch'

export interface ExtensionsCore {
  manager: ExtensionManager
  cache: ToolCache
  dispatcher: ToolDispatcher
  /** Connects the enabled extensions (in the background) and follows them; returns `stop`. */
  start: () => () => Promise<void>
  /** Stops the cache and every extension (children: stdin close → SIGTERM → SIGKILL). */
  stop: () => Promise<void>
}

export function createExtensionsCore(options: ExtensionManagerOptions & { cache?: ToolCacheOptions; dispatch?: ToolDispatcherOptions }): ExtensionsCore {
  const manager = new ExtensionManager(options)
  const cache = new ToolCache(manager, options.cache)
  const dispatcher = new ToolDispatcher(
    {
      lookup: (name) => cache.lookup(name),
      lookupSwitchedOff: (name) => cache.lookupSwitchedOff(name),
      connection: (id) => manager.connection(id),
      config: (id) => manager.config(id),
      get: (id) => manager.get(id),
    },
    options.dispatch,
  )
  const stop = async () => {
    cache.stop()
    await manager.stop()
  }
  return {
    manager,
    cache,
    dispatcher,
    start: () => {
      cache.start()
      manager.start()
      return stop
    },
    stop,
  }
}

export { parseExtensionConfig, ExtensionConfigSchema, referencedSecretNames, redactedConfig } from './config/extensionConfig'
export type { ExtensionConfig, ExtensionConfigInput } from './config/extensionConfig'
export type { ExtensionManagerOptions, ExtensionConfigStore, ManagerEvent, ChangeResult } from './extensionManager'
export type { ExtensionSnapshot } from './extensionState'
export type { Catalog, CatalogTool, CatalogPrompt, CatalogResource } from './catalog/catalogBuild'
export type { CallOutcome, CallSession, DispatchObserver, ToolCallRequest, DispatchOptions, ProgressUpdate } from './dispatch/toolDispatch'
export { toModelResult } from './dispatch/toolDispatch'
export { createSchemaValidators, type SchemaValidators } from './catalog/schemaValidators'
export type { LogEntry } from './logRing'
export type { ClientRequestHandlers } from './connection/extensionConnection'
export type { ResolveSecrets } from './config/secretReferences'
export { bindingsFor, type ConfigSource, type OwnsSecret } from './config/secretOwnership'
