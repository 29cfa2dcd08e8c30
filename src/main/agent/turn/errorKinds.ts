/**
 * Which failures are the model's to fix and which only a person can fix.
 * - The model's (fed back as a tool error; it reads it and tries again): a tool name that does not
 *   exist, arguments that are not JSON or do not match the schema, an error the tool itself
 *   returned, a timeout, a denied call.
 * - The person's (the turn ends with a message saying what to do): every provider error (network,
 *   key, model, rate limit after the retries) and an extension that crashed or is not running.
 */
import type { CallOutcome } from '../../extensions'
import { classifyProviderError, type ProviderErrorKind } from '../providers'
import type { ToolErrorKind, ToolResultStatus } from '../session/storedMessage'

/** Why a turn ended early, in words a person can act on. */
export type TurnError =
  | { source: 'provider'; kind: Exclude<ProviderErrorKind, 'cancelled'>; message: string; retryable: boolean }
  | { source: 'extension'; kind: 'extension-unavailable'; message: string; retryable: false }
  | { source: 'storage'; kind: 'storage'; message: string; retryable: false }
  | { source: 'internal'; kind: 'internal'; message: string; retryable: false }

export function modelCanFix(kind: ToolErrorKind): boolean {
  switch (kind) {
    case 'unknown-tool':
    case 'invalid-arguments':
    case 'tool-error':
    case 'timed-out':
    case 'denied':
      return true
    case 'cancelled':
    case 'extension-unavailable':
      return false
    default:
      return kind satisfies never
  }
}

/** A provider failure as a TurnError, or `cancelled` when it was the person's abort. */
export function providerTurnError(error: unknown): TurnError | 'cancelled' {
  const classified = classifyProviderError(error)
  if (classified.kind === 'cancelled') return 'cancelled'
  return { source: 'provider', kind: classified.kind, message: classified.message, retryable: classified.retryable }
}

export function storageTurnError(error: unknown): TurnError {
  const reason = error instanceof Error ? error.message : String(error)
  return { source: 'storage', kind: 'storage', message: `Switchboard could not save the conversation (${reason}). Check that the disk is not full and the data folder is writable, then send again.`, retryable: false }
}

/** A bug in Switchboard, reported as a result instead of an unhandled rejection in the host. */
export function internalTurnError(error: unknown): TurnError {
  const reason = error instanceof Error ? error.message : String(error)
  return { source: 'internal', kind: 'internal', message: `The turn failed because of an error in Switchboard (${reason}). Try again; if it keeps happening, report it with the log.`, retryable: false }
}

/**
 * The dispatcher's failures carry only a message, so the two that mean "the extension is gone"
 * are recognised by the words toolDispatch.ts puts first (kept in step by errorKinds.test.ts).
 */
const EXTENSION_GONE = [/^extension crashed:/, /^window unavailable:/, /^The extension ".*" is not running/]

/** How a dispatched call ended, as stored status and error kind. */
export function outcomeStatus(outcome: CallOutcome): { status: ToolResultStatus; errorKind?: ToolErrorKind } {
  switch (outcome.status) {
    case 'ok':
      return outcome.result.isError ? { status: 'error', errorKind: 'tool-error' } : { status: 'ok' }
    case 'timed-out':
      return { status: 'timed-out', errorKind: 'timed-out' }
    case 'cancelled':
      return { status: 'cancelled', errorKind: 'cancelled' }
    case 'failed':
      if (EXTENSION_GONE.some((pattern) => pattern.test(outcome.message))) return { status: 'error', errorKind: 'extension-unavailable' }
      if (outcome.extensionId === '') return { status: 'error', errorKind: 'unknown-tool' }
      return { status: 'error', errorKind: 'tool-error' }
    default:
      return outcome satisfies never
  }
}

/** The message that ends a turn because an extension is gone. */
export function extensionTurnError(toolName: string, detail: string): TurnError {
  return {
    source: 'extension',
    kind: 'extension-unavailable',
    message: `The tool ${toolName} could not run: ${detail}. Check the extension in Settings → Extensions (restart it if needed), then send again.`,
    retryable: false,
  }
}
