/**
 * What we do with what a server sends on its own: list_changed and resource updates go to the
 * owner, log notifications to the extension's log (rate limited, F12), and requests for roots,
 * sampling and elicitation to the host's handlers. Requests without a handler get the SDK's
 * "method not found" error (F14), never a hang.
 */
import type { Client, ElicitRequest } from '@modelcontextprotocol/client'
import { z } from 'zod'
import type { StdoutProblem } from './boundedLineReader'
import type { ConnectionEvents, OpenConnectionOptions } from './connectionTypes'
import type { LogEntryLevel } from '../logRing'
import { RateLimiter } from './rateLimiter'

/**
 * `elicitation/create` params as the server sent them (SDK v2's custom-schema form of
 * setRequestHandler): the spec schema would strip keywords it does not know (`pattern`…); the
 * host checks the form itself (questions.ts) and refuses one whose constraints it could not
 * enforce, instead of silently dropping them. The SDK still checks the mode and our answer.
 */
const RawElicitParamsSchema = z.looseObject({})

/** Registers the handlers on `client`; returns the log limiter so the owner can flush and dispose it. */
export function routeServerMessages(client: Client, options: Pick<OpenConnectionOptions, 'extensionId' | 'events' | 'handlers' | 'logNotificationsPerSecond'>): RateLimiter {
  const { events, extensionId, handlers } = options
  const logsPerSecond = options.logNotificationsPerSecond ?? 50
  const serverLogs = new RateLimiter(logsPerSecond, (count) =>
    events.log('protocol', 'warn', `dropped ${count} log notifications (more than ${logsPerSecond} per second)`),
  )

  client.setNotificationHandler('notifications/tools/list_changed', () => events.listChanged('tools'))
  client.setNotificationHandler('notifications/resources/list_changed', () => events.listChanged('resources'))
  client.setNotificationHandler('notifications/prompts/list_changed', () => events.listChanged('prompts'))
  client.setNotificationHandler('notifications/resources/updated', (notification) => events.resourceUpdated?.(notification.params.uri))
  client.setNotificationHandler('notifications/message', (notification) => {
    if (!serverLogs.allow()) return
    const { level, logger, data } = notification.params
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    events.log('protocol', logLevelOf(level), `${logger ? `[${logger}] ` : ''}${text}`, level)
  })

  client.setRequestHandler('roots/list', async () => ({ roots: (await handlers.listRoots?.(extensionId)) ?? [] }))
  const { createMessage, elicit } = handlers
  if (createMessage) client.setRequestHandler('sampling/createMessage', (request, ctx) => createMessage(extensionId, request.params, ctx.mcpReq.signal))
  if (elicit) client.setRequestHandler('elicitation/create', { params: RawElicitParamsSchema }, (params, ctx) => elicit(extensionId, params as ElicitRequest['params'], ctx.mcpReq.signal))
  const { elicitationComplete } = handlers
  if (elicitationComplete) client.setNotificationHandler('notifications/elicitation/complete', (notification) => elicitationComplete(extensionId, notification.params.elicitationId))
  return serverLogs
}

/** Logs stdout noise (F7, F8): the first ten in full, then one line per hundred so noise cannot fill the ring. */
export function stdoutProblemLogger(events: ConnectionEvents): (problem: StdoutProblem) => void {
  let count = 0
  return (problem) => {
    count++
    if (count <= 10 || count % 100 === 0) {
      const what = problem.kind === 'not-json' ? 'a line that is not JSON' : 'JSON that is not a JSON-RPC message'
      events.log('protocol', 'warn', `dropped ${what} from stdout (${count} so far): ${problem.sample}`)
    }
  }
}

function logLevelOf(level: string): LogEntryLevel {
  if (level === 'debug' || level === 'info' || level === 'notice') return 'info'
  if (level === 'warning') return 'warn'
  return 'error'
}

