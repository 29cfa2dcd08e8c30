/**
 * What an agent's server does when its chat-with tool is called (builtins/agentServer.ts): a
 * top-level call starts a turn in a new session and returns at once; a call from another agent's
 * turn runs a nested turn in a session of its own, to its end, after refusing cycles and chains
 * deeper than the limit with a reason the calling model reads. The caller's cancel stops the
 * nested turn (chatService links the two).
 *
 * Whoever asks reads only what they may read: the attachments of a call are checked against its
 * caller before any session is made or anything read, and one the caller may not read refuses the
 * whole call. A top-level caller is the one its token names (callerGrants.ts: the person, a connected
 * app, an MCP App, a hook); a calling agent may attach resources of the extensions it may use, as its
 * definition says when the call arrives.
 */
import { AGENT_DEPTH_LIMIT, DEFAULT_AGENT_ID, progressUri, type Agent, type AgentCallResult, type AgentChatInput } from '../../../shared/hostApi'
import type { AgentTurns, NestedOutcome } from '../../builtins/agentServer'
import { extensionsOf, type AgentDirectory, type SessionIndex, type TurnResult } from '../../agent'
import type { Caller, CallerGrants } from './callerGrants'
import type { ChatService } from '../chat/chatService'
import type { RoutineGrants } from '../routines/routineGrants'

export interface AgentCallsOptions {
  agents: Pick<AgentDirectory, 'get'>
  sessions: Pick<SessionIndex, 'create' | 'get'>
  chat: Pick<ChatService, 'startTurn' | 'callerOf' | 'history' | 'progress' | 'onChange'>
  /** Who a top-level call's token names (ExtensionService.callers). */
  callers: Pick<CallerGrants, 'of'>
  /** How deep sub-agents nest (default AGENT_DEPTH_LIMIT). */
  depthLimit?: number
  /** Routine runs main started (the host-only marker of routineGrants.ts). */
  routines?: Pick<RoutineGrants, 'of'>
}

const STATUS_WORDS: Record<string, string> = {
  'waiting-for-model': 'thinking',
  streaming: 'writing',
  'running-tools': 'running tools',
  'waiting-for-approval': 'waiting for your approval',
  retrying: 'waiting to retry',
}

/** A session title from the prompt: its first line, cut at a word near 60 characters. */
function titleOf(agent: Agent, prompt: string): string {
  const line = prompt.trim().split('\n')[0] ?? ''
  const cut = line.length <= 60 ? line : `${line.slice(0, 60).replace(/\s+\S*$/, '')}…`
  return `${agent.name}: ${cut}`
}

/** What the calling model reads as the sub-agent's answer. */
function answerOf(agent: Agent, result: TurnResult): { text: string; isError: boolean } {
  const text = result.committed.findLast((message) => message.kind === 'assistant')?.text.trim() ?? ''
  switch (result.status) {
    case 'done':
      return { text: text || `${agent.name} finished without writing an answer.`, isError: false }
    case 'step-limit':
      return { text: `${text}\n\n(${agent.name} stopped at its step limit before finishing.)`.trim(), isError: false }
    case 'cancelled':
      return { text: `Cancelled: ${agent.name} was stopped before it finished.`, isError: true }
    case 'failed':
      return { text: `${agent.name} could not answer: ${result.error?.message ?? 'its turn failed'}`, isError: true }
  }
}

/** A call whose caller Switchboard cannot name (no token, or one that lapsed) may hand on nothing. */
const UNKNOWN_CALLER: Caller = {
  name: 'a caller Switchboard cannot name',
  reads: 'Only a call Switchboard made for someone (you, a connected app, an App, a hook or an agent) may attach resources.',
  mayRead: () => false,
}

/** A calling agent, as far as reading goes: the extensions it may use, read from its definition now. */
function agentCaller(agent: Agent | undefined, name: string): Caller {
  const mayUse = agent ? extensionsOf(agent) : () => false
  return { name, reads: `${name} can attach only resources of the extensions it may use (Settings → Agents).`, mayRead: mayUse }
}

/** Why `caller` may not hand `agent` these attachments (each one it may not read, named), or undefined when it may. */
function attachmentRefusal(caller: Caller, agent: Agent, attachments: AgentChatInput['attachments']): string | undefined {
  const refused = (attachments ?? []).filter((ref) => !caller.mayRead(ref.extensionId, ref.uri))
  if (refused.length === 0) return undefined
  const named = refused.map((ref) => `${JSON.stringify(ref.uri)} of the extension "${ref.extensionId}"`).join('; ')
  return `Refused: ${caller.name} may not give ${agent.name} resources it cannot read itself: ${named}. ${caller.reads} Nothing was started; ask again without ${refused.length === 1 ? 'it' : 'them'}.`
}

export function createAgentCalls(options: AgentCallsOptions): AgentTurns {
  const { agents, sessions, chat, callers } = options
  const depthLimit = options.depthLimit ?? AGENT_DEPTH_LIMIT
  const agentOf = (agentId: string) => {
    const agent = agents.get(agentId)
    if (!agent) throw new Error(`There is no agent "${agentId}" any more; it was removed.`)
    return agent
  }
  const resultOf = (agent: Agent, sessionId: string, turnId: string, status?: TurnResult['status']): AgentCallResult => ({
    agentId: agent.id,
    agentName: agent.name,
    sessionId,
    turnId,
    ...(status ? { status } : {}),
  })

  return {
    describe(agentId) {
      const agent = agents.get(agentId)
      return agent && { name: agent.name, description: agent.description }
    },
    isTurn: (token) => chat.callerOf(token) !== undefined,
    async start(agentId, input: AgentChatInput, callerToken, routineToken) {
      const agent = agentOf(agentId)
      const caller = (callerToken !== undefined ? callers.of(callerToken) : undefined) ?? UNKNOWN_CALLER
      const refusal = attachmentRefusal(caller, agent, input.attachments)
      if (refusal) throw new Error(refusal)
      if (routineToken !== undefined) {
        const grant = options.routines?.of(routineToken)
        if (!grant) throw new Error('Refused: this call names a routine run Switchboard did not start. Routines are made and run only by the person, in Settings → Routines.')
        const sessionId = grant.sessionId !== undefined && sessions.get(grant.sessionId) ? grant.sessionId : (await sessions.create(grant.title, { agentId })).id
        const { turnId, done } = await chat.startTurn(sessionId, input.prompt, { routine: grant.turn, provenance: { from: { kind: 'routine', name: grant.turn.name } }, ...(input.attachments ? { attachments: input.attachments } : {}) })
        grant.started({ sessionId, turnId, done })
        return resultOf(agent, sessionId, turnId)
      }
      const session = await sessions.create(titleOf(agent, input.prompt), { agentId })
      // The prompt is recorded as the caller's (a connected app's is outside content: the guard counts it).
      const { turnId } = await chat.startTurn(session.id, input.prompt, { ...(input.attachments ? { attachments: input.attachments } : {}), ...(caller.source ? { provenance: { from: caller.source } } : {}) })
      return resultOf(agent, session.id, turnId)
    },
    async runNested(agentId, input, token, { signal, onProgress }): Promise<NestedOutcome> {
      const caller = chat.callerOf(token)
      if (!caller) return { kind: 'refused', message: 'Refused: the turn that asked has already ended.' }
      const agent = agents.get(agentId)
      if (!agent) return { kind: 'refused', message: `Refused: there is no agent "${agentId}" any more.` }
      const chain = caller.chain.map((link) => link.name).join(' → ')
      if (caller.chain.some((link) => link.id === agentId)) {
        return { kind: 'refused', message: `Refused: ${agent.name} is already working in this chain (${chain}), so asking it again would go round in a circle. Answer with what you have, or use another tool.` }
      }
      if (caller.chain.length > depthLimit) {
        return { kind: 'refused', message: `Refused: ${chain} is already ${depthLimit} sub-agents deep, the most Switchboard allows. Answer with what you have, without asking another agent.` }
      }
      const asking = caller.chain.at(-1)
      const refusal = attachmentRefusal(agentCaller(agents.get(asking?.id ?? DEFAULT_AGENT_ID), asking?.name ?? 'The calling agent'), agent, input.attachments)
      if (refusal) return { kind: 'refused', message: refusal }
      const parentAgent = caller.chain.at(-1)?.id ?? DEFAULT_AGENT_ID
      const session = await sessions.create(titleOf(agent, input.prompt), { agentId, parent: { sessionId: caller.sessionId, agentId: parentAgent } })
      const uri = progressUri(session.id)
      const stopFollowing = chat.onChange((changed) => {
        if (changed !== uri) return
        const status = chat.progress(session.id).turn?.status
        if (status) onProgress(`${agent.name}: ${STATUS_WORDS[status] ?? status}`)
      })
      try {
        const { turnId, done } = await chat.startTurn(session.id, input.prompt, { caller: token, signal, ...(input.attachments ? { attachments: input.attachments } : {}) })
        const result = await done
        return { kind: 'answered', ...answerOf(agent, result), result: resultOf(agent, session.id, turnId, result.status) }
      } catch (error) {
        return { kind: 'refused', message: `${agent.name} could not start: ${(error as Error).message}` }
      } finally {
        stopFollowing()
      }
    },
    ownsSession(agentId, sessionId) {
      const session = sessions.get(sessionId)
      return session !== undefined && (session.agentId ?? DEFAULT_AGENT_ID) === agentId
    },
    history: (sessionId, page) => chat.history(sessionId, page),
    progress: (sessionId) => chat.progress(sessionId),
    onChange: (listener) => chat.onChange(listener),
  }
}
