/**
 * The contract between an extension connection and its owner: what it reports (events), what it
 * asks of the host (answers to server requests), and how it is opened and called.
 */
import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult, Implementation, Root } from '@modelcontextprotocol/client'
import type { BuiltinRegistry } from '../../builtins/builtinRegistry'
import type { TransportAuth } from '../auth/transportAuth'
import type { ExtensionConfig } from '../config/extensionConfig'
import type { RevisionCache } from './revisionCache'
import type { LogEntryLevel, LogSource } from '../logRing'
import type { LoggingLevel } from '../../../shared/logLevelApi'
import type { ProcessExit } from './stdioTransport'
import type { FrontendTransportSource } from './transports'

/** What the cache lists. */
export type CatalogKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts'

/** Answers to the requests a server may send us; a capability is declared only when its handler exists. */
export interface ClientRequestHandlers {
  /** Roots offered to servers; the `roots` capability is always declared (an empty list by default). */
  listRoots?: (extensionId: string) => Promise<Root[]>
  /** Sampling; a human approves it, the host picks the model. */
  createMessage?: (extensionId: string, params: CreateMessageRequest['params'], signal: AbortSignal) => Promise<CreateMessageResult>
  /** Elicitation, form and URL mode. */
  elicit?: (extensionId: string, params: ElicitRequest['params'], signal: AbortSignal) => Promise<ElicitResult>
  /** `notifications/elicitation/complete`: a URL-mode flow finished on the server's side. */
  elicitationComplete?: (extensionId: string, elicitationId: string) => void
}

/** Why a ready connection went away without us closing it. */
export interface ConnectionLoss {
  message: string
  exit?: ProcessExit
  /** A request found that the person must sign in (again, or with more access). */
  needsSignIn?: boolean
}

export interface ConnectionEvents {
  /** `serverLevel`: the level of a server's own log message. */
  log: (source: LogSource, level: LogEntryLevel, text: string, serverLevel?: LoggingLevel) => void
  listChanged: (kind: 'tools' | 'resources' | 'prompts') => void
  resourceUpdated?: (uri: string) => void
  /** The session ended on its own after `open` resolved (crash, server hung up, message too large). */
  lost: (loss: ConnectionLoss) => void
  /** Recent stderr lines, quoted in error messages. */
  stderrTail: () => string[]
}

export interface OpenConnectionOptions {
  extensionId: string
  config: ExtensionConfig
  /** env or headers with secret values filled in. */
  resolvedValues: Record<string, string>
  auth?: TransportAuth
  builtins: BuiltinRegistry
  frontend?: FrontendTransportSource
  clientInfo: Implementation
  handlers: ClientRequestHandlers
  events: ConnectionEvents
  maxMessageBytes: number
  stopGraceMs?: { afterStdinClose: number; afterTerm: number }
  /** Log notifications let through per second; the rest are counted (F12). */
  logNotificationsPerSecond?: number
  /** Remembered revision verdicts: skip the probe when one fits, record the one found. */
  revisions?: RevisionCache
  /** Aborting gives up the start and stops whatever was started (the app quits, the person disables it). */
  signal?: AbortSignal
}

export interface CallOptions {
  signal: AbortSignal
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void
  /** Inactivity timeout; each progress notification starts it over. */
  timeoutMs: number
  /** The request's `_meta` (the SDK adds the progress token to it). */
  meta?: Record<string, unknown>
  /** The tool's input schema as listed: its `x-mcp-header` annotations name the `Mcp-Param-*` headers (SEP-2243). */
  inputSchema?: Record<string, unknown>
}
