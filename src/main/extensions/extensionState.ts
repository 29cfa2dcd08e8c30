/**
 * The lifecycle of one extension as a discriminated union, and the snapshot the host publishes as
 * `switchboard://extensions` (no secret values, no live objects).
 */
import type { ExtensionStatus } from '../../shared/hostApi'
import { assertNever, redactedConfig, type ExtensionConfig, type ExtensionType } from './config/extensionConfig'
import type { ExtensionConnection } from './connection/extensionConnection'

export type ExtensionState =
  | { status: 'disabled' }
  /** `done` settles when the attempt has finished, including stopping what it started after an abort. */
  | { status: 'starting'; abort: AbortController; done: Promise<void> }
  | { status: 'ready'; connection: ExtensionConnection; since: number }
  /** `restartAt` is set while an automatic restart is scheduled; absent means it waits for the person. */
  | { status: 'error'; error: string; restartAt?: number; timer?: NodeJS.Timeout }
  | { status: 'needs-config'; error: string }
  /** A remote server asks the person to sign in (OAuth); `error` says why, in words. */
  | { status: 'needs-sign-in'; error: string }

/** What the host shows of one extension. */
export interface ExtensionSnapshot {
  id: string
  name: string
  type: ExtensionType
  enabled: boolean
  trust: 'trusted' | 'untrusted'
  status: ExtensionStatus
  error?: string
  /** When an automatic restart is scheduled (epoch ms). */
  restartAt?: number
  /** Increases every time the extension becomes ready; a new value means a new session. */
  sessionCount: number
  server?: { name: string; version: string }
  /** The MCP revision the ready session speaks. */
  protocolVersion?: string
  /** The config with sensitive literal values masked; secret references stay as names. */
  config: ExtensionConfig
}

export function snapshotOf(config: ExtensionConfig, state: ExtensionState, sessionCount: number): ExtensionSnapshot {
  const base = {
    id: config.id,
    name: config.name,
    type: config.type,
    enabled: config.enabled,
    trust: config.trust,
    sessionCount,
    config: redactedConfig(config),
  }
  switch (state.status) {
    case 'disabled':
    case 'starting':
      return { ...base, status: state.status }
    case 'ready': {
      const info = state.connection.serverInfo
      return {
        ...base,
        status: 'ready',
        server: info ? { name: info.name, version: info.version } : undefined,
        protocolVersion: state.connection.protocolVersion,
      }
    }
    case 'error':
      return { ...base, status: 'error', error: state.error, restartAt: state.restartAt }
    case 'needs-config':
    case 'needs-sign-in':
      return { ...base, status: state.status, error: state.error }
    default:
      return assertNever(state)
  }
}
