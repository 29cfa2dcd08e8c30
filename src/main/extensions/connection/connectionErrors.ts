/**
 * Messages for failed starts and lost connections: what happened, the evidence (exit code, last
 * stderr lines) and what to do. Also decides whether restarting could help: a missing command or
 * refused credentials will fail the same way every time (F2), a crash might not.
 */
import { isClientError } from '../mcpClient/clientSdk'
import { MessageTooLargeError } from './boundedLineReader'
import type { ExtensionConfig } from '../config/extensionConfig'
import type { ProcessExit } from './stdioTransport'
import { tailText } from '../text'
import { describeAuthFailure } from '../auth/sdkAuth'
import { WindowUnavailableError } from './transports'

/** The HTTP status of a failed request: v2 keeps it on `SdkHttpError.status`, the legacy SSE transport on `SseError.code`. */
function httpStatusOf(error: unknown): number | undefined {
  if (isClientError(error, 'SdkHttpError')) return error.status
  if (isClientError(error, 'SseError')) return error.code
  return undefined
}

/** What a server said with a failed HTTP answer (v2 keeps the body on `SdkHttpError.data.text`), bounded, as evidence. */
function httpBodyOf(error: unknown): string {
  const text = isClientError(error, 'SdkHttpError') ? error.data.text : undefined
  return typeof text === 'string' && text.trim() ? ` (the server said: ${text.trim().slice(0, 300)})` : ''
}

/** Why a start failed, and whether an automatic restart makes sense. */
export interface StartFailure {
  message: string
  restartable: boolean
  /** The server asks the person to sign in (OAuth). */
  needsSignIn?: boolean
  /** The person must change the config or a secret before it can work. */
  needsConfig?: boolean
  /** A stdio server exited on the revision probe (`server/discover`): a 2025-11-25 server that wants `initialize` first. */
  exitedWhileProbing?: boolean
}

interface FailureContext {
  config: ExtensionConfig
  exit: ProcessExit | undefined
  stderrTail: string[]
  /** Whether the extension signs in with OAuth (else a 401 means the configured token is wrong). */
  signIn?: boolean
}


export function exitText(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${String(exit.code)}`
}

export function describeStartFailure(error: unknown, context: FailureContext): StartFailure {
  const { config } = context
  const code = (error as { code?: unknown } | undefined)?.code
  if (config.type === 'stdio' && (code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR' || code === 'EISDIR')) {
    const reason = code === 'ENOENT' ? 'was not found' : 'cannot be run'
    const where = config.cwd && code === 'ENOENT' ? ` (or the working directory ${config.cwd} does not exist)` : ''
    return {
      message: `The command "${config.command}" ${reason}${where}. Install it, or set "command" to its full path.`,
      restartable: false,
      needsConfig: true,
    }
  }
  if (error instanceof WindowUnavailableError) return { message: error.message, restartable: false }
  if (error instanceof MessageTooLargeError) return { message: error.message, restartable: true }
  if (isClientError(error, 'UnauthorizedError') && context.signIn) return { message: 'sign-in needed', restartable: false, needsSignIn: true }
  const authFailure = describeAuthFailure(error)
  if (authFailure) return { message: authFailure, restartable: false }
  if (isClientError(error, 'UnauthorizedError') || httpStatusOf(error) === 401) {
    return {
      message: 'The server refused the credentials (HTTP 401). Set a valid token in headers, e.g. Authorization: Bearer ${secret:NAME}.',
      restartable: false,
      needsConfig: true,
    }
  }
  if (error instanceof Error && /no builtin extension named/i.test(error.message)) {
    return { message: error.message, restartable: false, needsConfig: true }
  }
  if (context.exit) {
    return {
      message: `The server ${exitText(context.exit)} before it finished starting.${tailText(context.stderrTail)}`,
      restartable: true,
    }
  }
  const text = error instanceof Error ? error.message : String(error)
  if (config.type === 'streamable-http' || config.type === 'sse') {
    return { message: `Could not connect to ${config.url}: ${text}${httpBodyOf(error)}. Check the address and that the server is running.`, restartable: true }
  }
  return { message: `Could not start: ${text}.${tailText(context.stderrTail)}`, restartable: true }
}

/** A lost connection, with the exit and the last stderr lines as evidence. */
export function describeLoss(fatal: Error | undefined, exit: ProcessExit | undefined, stderrTail: string[]): { message: string; exit?: ProcessExit } {
  if (fatal instanceof MessageTooLargeError) return { message: fatal.message, exit }
  if (exit) return { message: `extension crashed: the server ${exitText(exit)}.${tailText(stderrTail)}`, exit }
  return { message: `extension crashed: the connection closed unexpectedly.${tailText(stderrTail)}` }
}

/**
 * A request failure that means the session is gone rather than that one call failed: a legacy SSE
 * server that forgot the session (404, F18) or a server that cannot be reached. Undefined for
 * ordinary failures. A streamable-HTTP 404 is not judged here: only the request it answered tells
 * (httpSessionWatch.ts) — a 404 on the optional GET stream is no loss.
 */
export function sessionLossReason(error: unknown): string | undefined {
  if (isClientError(error, 'SseError') && error.code === 404) {
    return 'connection lost: the server no longer knows this session (HTTP 404); starting a new one'
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const code = (error.cause as { code?: unknown } | undefined)?.code
    return `connection lost: the server cannot be reached${typeof code === 'string' ? ` (${code})` : ''}`
  }
  return undefined
}

/** A failed request in words: HTTP status codes are named, everything else is the error's message. */
export function requestErrorText(error: unknown): string {
  const status = httpStatusOf(error)
  if (status !== undefined && status > 0) return `the server answered HTTP ${status} (${(error as Error).message})`
  return error instanceof Error ? error.message : String(error)
}
