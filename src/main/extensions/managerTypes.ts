/** The extension manager's contract with the host: options, events, results. */
import type { Implementation } from '@modelcontextprotocol/client'
import type { BuiltinRegistry } from '../builtins/builtinRegistry'
import type { CatalogKind, ClientRequestHandlers } from './connection/connectionTypes'
import type { ExtensionConfig } from './config/extensionConfig'
import type { ExtensionSnapshot } from './extensionState'
import type { RestartPolicyOptions } from './restartPolicy'
import type { ResolveSecrets } from './config/secretReferences'
import type { OwnsSecret } from './config/secretOwnership'
import type { RevisionCache } from './connection/revisionCache'
import type { FrontendTransportSource } from './connection/transports'
import type { RemoteAuth } from './auth/remoteAuth'

/** What changed; the host turns these into `resources/updated`. */
export type ManagerEvent =
  | { type: 'status'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'log'; id: string }
  | { type: 'list-changed'; id: string; kind: Exclude<CatalogKind, 'resourceTemplates'> }
  | { type: 'resource-updated'; id: string; uri: string }

/** Where configs live; the host decides (settings store). Called after every accepted change. */
export interface ExtensionConfigStore {
  save: (configs: ExtensionConfig[]) => void | Promise<void>
}

export interface ExtensionManagerOptions {
  configs: ExtensionConfig[]
  store: ExtensionConfigStore
  resolveSecrets: ResolveSecrets
  /** Secrets an extension owns besides its `extension:<id>:…` names (a bundle's); see secretOwnership.ts. */
  ownsSecret?: OwnsSecret
  /** What must still be set before an extension may start (e.g. a bundle's required settings); a message means needs-config. */
  missingSettings?: (extensionId: string) => string | undefined
  /** Why an extension may not start at all (the managed policy); checked before anything of it starts, the message is its error. */
  startRefusal?: (config: ExtensionConfig) => string | undefined
  builtins: BuiltinRegistry
  /** Sign-in (OAuth) for remote extensions; without it a 401 means the configured token is wrong. */
  auth?: RemoteAuth
  frontend?: FrontendTransportSource
  clientInfo: Implementation
  handlers?: ClientRequestHandlers
  restartPolicy?: RestartPolicyOptions
  /** Longest stdout line accepted from a stdio server (F9). Default 32 MiB. */
  maxMessageBytes?: number
  stopGraceMs?: { afterStdinClose: number; afterTerm: number }
  logRing?: { maxEntries?: number; maxLineLength?: number; notifyIntervalMs?: number }
  /** Which revision each server speaks, remembered between starts (default: in memory only). */
  revisions?: RevisionCache
}

export type ChangeResult = { ok: true; extension: ExtensionSnapshot } | { ok: false; errors: string[] }
