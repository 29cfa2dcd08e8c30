/**
 * What an agent's server does when its chat-with tool is called (builtins/agentServer.ts): a
 * top-level call starts a turn in a new session and returns at once; a call from another agent's
 * turn runs a nested turn in a session of its own, to its end, after refusing cycles and chains
 * deeper than the limit with a reason the calling model reads. The caller's cancel stops the
 * nested turn (chatService links the two).
 */
import { AGENT_DEPTH_LIMIT, DEFAULT_AGENT_ID, progressUri, type Agent, type AgentCallResult, type AgentChatInput } from '../../shared/hostApi'
import type { AgentTurns, NestedOutcome } from '../builtins/agentServer'
import type { AgentDirectory, SessionIndex, TurnResult } from '../agent'
import type { ChatService } from './chatService'

export interface AgentCallsOptions {
  agents: Pick<AgentDirectory, 'get'>
  sessions: Pick<SessionIndex, 'create' | 'get'>
  chat: Pick<ChatService, 'startTurn' | 'callerOf' | 'history' | 'progress' | 'onChange'>
  /** How deep sub-agents nest (default AGENT_DEPTH_LIMIT). */
  depthLimit?: number
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

export function createAgentCalls(options: AgentCallsOptions): AgentTurns {
  const { agents, sessions, chat } = options
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
    async start(agentId, input: AgentChatInput) {
      const agent = agentOf(agentId)
      const session = await sessions.create(titleOf(agent, input.prompt), { agentId })
      const { turnId } = await chat.startTurn(session.id, input.prompt, input.attachments ? { attachments: input.attachments } : {})
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
