/**
 * What we do with what a server sends on its own: list_changed and resource updates go to the
 * owner, log notifications to the extension's log (rate limited, F12), and requests for roots,
 * sampling and elicitation to the host's handlers. Requests without a handler get the SDK's
 * "method not found" error (F14), never a hang.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { StdoutProblem } from './boundedLineReader'
import type { ConnectionEvents, OpenConnectionOptions } from './connectionTypes'
import type { LogEntryLevel } from './logRing'
import { RateLimiter } from './rateLimiter'

/**
 * `elicitation/create` as the server sent it. The SDK still checks it against the spec before our
 * handler runs, but its schema would strip keywords it does not know (`pattern`…); the host sees
 * them and refuses a form whose constraints it could not enforce, instead of silently dropping them.
 */
const RawElicitRequestSchema = z.object({ method: z.literal('elicitation/create'), params: z.looseObject({}) })

/** Registers the handlers on `client`; returns the log limiter so the owner can flush and dispose it. */
export function routeServerMessages(client: Client, options: Pick<OpenConnectionOptions, 'extensionId' | 'events' | 'handlers' | 'logNotificationsPerSecond'>): RateLimiter {
  const { events, extensionId, handlers } = options
  const logsPerSecond = options.logNotificationsPerSecond ?? 50
  const serverLogs = new RateLimiter(logsPerSecond, (count) =>
    events.log('protocol', 'warn', `dropped ${count} log notifications (more than ${logsPerSecond} per second)`),
  )

  client.setNotificationHandler(ToolListChangedNotificationSchema, () => events.listChanged('tools'))
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => events.listChanged('resources'))
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => events.listChanged('prompts'))
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => events.resourceUpdated?.(notification.params.uri))
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    if (!serverLogs.allow()) return
    const { level, logger, data } = notification.params
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    events.log('protocol', logLevelOf(level), `${logger ? `[${logger}] ` : ''}${text}`, level)
  })

  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: (await handlers.listRoots?.(extensionId)) ?? [] }))
  const { createMessage, elicit } = handlers
  if (createMessage) client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => createMessage(extensionId, request.params, extra.signal))
  if (elicit) client.setRequestHandler(RawElicitRequestSchema, (request, extra) => elicit(extensionId, request.params as ElicitRequest['params'], extra.signal))
  const { elicitationComplete } = handlers
  if (elicitationComplete) client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => elicitationComplete(extensionId, notification.params.elicitationId))
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

