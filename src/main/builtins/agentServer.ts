/**
 * One agent as an in-process MCP server (nanobot's agent server), registered in the builtin registry
 * as `agent-<id>` and reached through the extension manager like any other server.
 *
 * Contract (issue 15; the HTTP gateway exposes these servers' tools to connected apps):
 * - Extension id `agent-<id>`, where `<id>` is the agent's slug (the default agent: `agent-assistant`).
 * - One tool, `chat-with-<id>`, input `{prompt, attachments?}` (AgentChatInputSchema).
 *   - Called by anyone but an agent turn (the host API's tool_call, an outside app): starts a turn in
 *     a new session and returns at once with resource_links to its progress (as chat_send does) and history.
 *     The call's `_meta[CALLER_META_KEY]` names who asks (a token main hands out per call).
 *   - Either way, attachments are limited to what the caller may read (checked in AgentTurns before
 *     anything starts): a call with one it may not read is refused whole.
 *   - Called from another agent's turn (its tools/call carries `_meta[AGENT_CALLER_META_KEY]`, the
 *     calling turn's token, which only main hands out): runs a nested turn in a session of its own
 *     and returns the final answer as text. Depth and cycles are checked by `AgentTurns`.
 *   - structuredContent is AgentCallResult either way (the session to open).
 * - Resources: `switchboard://sessions/{id}/history` and `…/progress` for the sessions this agent
 *   answered in (subscribable), the same payloads as the host API's.
 */
import { McpServer, ResourceTemplate, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server'
import { AgentChatInputSchema, HISTORY_PAGE_TEMPLATE, HISTORY_TEMPLATE, PROGRESS_TEMPLATE, agentToolName, historyUri, parseHistoryPage, progressUri, type AgentCallResult, type AgentChatInput, type HistoryPageRequest } from '../../shared/hostApi'
import type { BuiltinContext } from './builtinRegistry'

/** The `_meta` key of a tools/call made by an agent's turn: the token of that turn. */
export const AGENT_CALLER_META_KEY = 'io.switchboard/caller-turn'

/** The `_meta` key of any other tools/call main makes (the person's, a connected app's, an App's, a hook's): a token naming that caller. */
export const CALLER_META_KEY = 'io.switchboard/caller'

/** The `_meta` key of a routine's run (services/routines/routineGrants.ts): a token only main hands out, naming the run. */
export const ROUTINE_RUN_META_KEY = 'io.switchboard/routine-run'

/** A nested call's end: refused before it ran (depth, cycle, unknown caller), or the sub-agent's answer. */
export type NestedOutcome = { kind: 'refused'; message: string } | { kind: 'answered'; text: string; isError: boolean; result: AgentCallResult }

/** What an agent server needs from the host; main implements it over the chat service. */
export interface AgentTurns {
  /** The agent as defined now; undefined once it was removed. */
  describe(agentId: string): { name: string; description: string } | undefined
  /** Whether `token` is the token of a turn in flight (a nested call). */
  isTurn(token: string): boolean
  /**
   * Starts a turn in a new session of the agent and returns at once; `caller` is the token the call
   * named its caller with (CALLER_META_KEY). Throws, before anything starts, when the input attaches
   * what that caller may not read. `routine` is the token of a routine's run (ROUTINE_RUN_META_KEY).
   */
  start(agentId: string, input: AgentChatInput, caller: string | undefined, routine?: string): Promise<AgentCallResult>
  /** Runs the agent's turn for the calling turn `token` to its end; `signal` is the caller's cancel. */
  runNested(agentId: string, input: AgentChatInput, token: string, options: { signal: AbortSignal; onProgress: (message: string) => void }): Promise<NestedOutcome>
  /** Whether the agent answered in this session (its resources serve only those). */
  ownsSession(agentId: string, sessionId: string): boolean
  /** One page of the session's history (historyPageApi.ts); the newest without `page`. */
  history(sessionId: string, page?: HistoryPageRequest): Promise<unknown>
  progress(sessionId: string): unknown
  /** URIs of sessions whose history or progress changed. */
  onChange(listener: (uri: string) => void): () => void
}

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] })
const textResult = (text: string, isError: boolean, structured?: AgentCallResult): CallToolResult => ({
  ...(isError ? { isError: true } : {}),
  content: [{ type: 'text', text }],
  ...(structured ? { structuredContent: structured } : {}),
})

/** The server of agent `agentId` (one per connection; the registry calls this lazily). */
export function createAgentServer(context: BuiltinContext, agentId: string, turns: AgentTurns): McpServer {
  const agent = turns.describe(agentId) ?? { name: agentId, description: '' }
  const server = new McpServer({ name: `switchboard-agent-${agentId}`, version: context.appVersion }, { capabilities: { resources: { subscribe: true } } })

  server.registerTool(
    agentToolName(agentId),
    {
      title: `Chat with ${agent.name}`,
      description: agent.description.trim() || `Ask the agent "${agent.name}" to do something; it answers with what it found or did.`,
      inputSchema: AgentChatInputSchema,
    },
    async (input: AgentChatInput, ctx: ServerContext): Promise<CallToolResult> => {
      if (!turns.describe(agentId)) return textResult(`The agent "${agent.name}" was removed; it can no longer be asked anything.`, true)
      const token = ctx.mcpReq._meta?.[AGENT_CALLER_META_KEY]
      const caller = ctx.mcpReq._meta?.[CALLER_META_KEY]
      const routine = ctx.mcpReq._meta?.[ROUTINE_RUN_META_KEY]
      try {
        if (typeof token === 'string' && turns.isTurn(token)) return await nested(input, token, ctx)
        const started = await turns.start(agentId, input, typeof caller === 'string' ? caller : undefined, typeof routine === 'string' ? routine : undefined)
        return {
          content: [
            { type: 'text', text: JSON.stringify(started) },
            { type: 'resource_link', uri: progressUri(started.sessionId), name: `${agent.name}'s reply in progress`, mimeType: 'application/json' },
            { type: 'resource_link', uri: historyUri(started.sessionId), name: `${agent.name}'s conversation`, mimeType: 'application/json' },
          ],
          structuredContent: started,
        }
      } catch (error) {
        return textResult((error as Error).message, true)
      }
    },
  )

  const nested = async (input: AgentChatInput, token: string, ctx: ServerContext): Promise<CallToolResult> => {
    const progressToken = ctx.mcpReq._meta?.progressToken
    let step = 0
    // Progress keeps the caller's per-call timeout from running out while the sub-agent works.
    const onProgress = (message: string) => {
      if (progressToken === undefined) return
      void ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: ++step, message } }).catch(() => undefined)
    }
    const outcome = await turns.runNested(agentId, input, token, { signal: ctx.mcpReq.signal, onProgress })
    if (outcome.kind === 'refused') return textResult(outcome.message, true)
    return {
      ...(outcome.isError ? { isError: true } : {}),
      content: [
        { type: 'text', text: outcome.text },
        { type: 'resource_link', uri: historyUri(outcome.result.sessionId), name: `${agent.name}'s conversation`, mimeType: 'application/json' },
      ],
      structuredContent: outcome.result,
    }
  }

  const sessionOf = (variables: Record<string, string | string[]>) => {
    const sessionId = decodeURIComponent(String(variables.id))
    if (!turns.ownsSession(agentId, sessionId)) throw new Error(`Session "${sessionId}" is not one of ${agent.name}'s conversations.`)
    return sessionId
  }
  server.registerResource('history', new ResourceTemplate(HISTORY_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) =>
    json(uri.href, await turns.history(sessionOf(variables))),
  )
  // Older pages, as the host serves them: `?before=`, `?after=`, `?around=`, `&limit=`.
  server.registerResource('history-page', new ResourceTemplate(HISTORY_PAGE_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) => {
    const page = parseHistoryPage(String(variables.query))
    if (page instanceof Error) throw page
    return json(uri.href, await turns.history(sessionOf(variables), page))
  })
  server.registerResource('progress', new ResourceTemplate(PROGRESS_TEMPLATE, { list: undefined }), { mimeType: 'application/json' }, async (uri, variables) =>
    json(uri.href, turns.progress(sessionOf(variables))),
  )

  const subscribed = new Set<string>()
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    subscribed.add(request.params.uri)
    return {}
  })
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscribed.delete(request.params.uri)
    return {}
  })
  const stop = turns.onChange((uri) => {
    if (subscribed.has(uri)) void server.server.sendResourceUpdated({ uri }).catch(() => undefined)
  })
  // The server lives as long as its connection (the extension's restart or removal closes it).
  server.server.onclose = stop
  return server
}
