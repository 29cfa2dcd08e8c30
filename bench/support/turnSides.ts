/**
 * The two sides of bench/turn.ts, each playing one scripted turn (turnSteps.ts) and returning when it
 * was sent and done: the floor (the AI SDK + an SDK client over stdio, one fdatasync'd append per
 * committed message) and the host (a window client's `chat_send`, done when the window has read the
 * answer). test/bench/turnSides.test.ts runs both and holds them to the same steps and writes.
 */
import { open, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { Client as SdkClient } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { jsonSchema, streamText, tool, type ModelMessage } from 'ai'
import { ElicitationsResourceSchema, HistoryResourceSchema, HostResource, ToolsResourceSchema, historyUri } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../../test/fixtures/modelServer/scriptedModelServer'
import { call, poll, read } from '../../test/helpers/hostCalls'
import { TURN_TEXT, scriptedTurn } from './turnSteps'

/** Wall-clock milliseconds with fractions: comparable with the fixture server's (another process). */
export const epochMs = (): number => performance.timeOrigin + performance.now()

/** One played turn: the index of its first model request, when it was sent and when its answer was committed. */
export interface PlayedTurn {
  firstRequest: number
  sent: number
  done: number
}

export interface BareTurns {
  /** Plays one turn, its messages committed to `bare-<n>.jsonl` in the folder. */
  turn(): Promise<PlayedTurn>
  /** Durable writes made so far. */
  readonly writes: number
  close(): Promise<void>
}

/** The floor: `server` is the stdio command line of the echo server. */
export async function startBareTurns(model: ScriptedModelServer, dir: string, server: { command: string; args: string[] }): Promise<BareTurns> {
  const client = new SdkClient({ name: 'bare-turn', version: '0' })
  await client.connect(new StdioClientTransport({ ...server, stderr: 'ignore' }))
  const listed = (await client.listTools()).tools.find((entry) => entry.name === 'echo')
  if (!listed) throw new Error('the fixture server lists no echo tool')
  const provider = createOpenAICompatible({ name: 'scripted', baseURL: model.baseUrl, includeUsage: true })
  // No execute: the script calls the tool itself between the commits, as the host's turn does (agentLoop.ts).
  const tools = { echo: tool({ description: listed.description ?? '', inputSchema: jsonSchema(listed.inputSchema as never) }) }
  let turns = 0
  let writes = 0

  return {
    get writes() {
      return writes
    },
    close: () => client.close(),
    async turn() {
      const firstRequest = model.modelRequests.length
      model.push(...scriptedTurn('echo'))
      const sent = epochMs()
      const file = await open(join(dir, `bare-${++turns}.jsonl`), 'a')
      const commit = async (message: Record<string, unknown>) => {
        await file.write(`${JSON.stringify(message)}\n`)
        await file.datasync()
        writes++
      }
      const messages: ModelMessage[] = [{ role: 'user', content: TURN_TEXT }]
      await commit({ kind: 'user', text: TURN_TEXT })
      for (;;) {
        const step = streamText({ model: provider('scripted-model'), messages, tools })
        const text = await step.text
        const calls = await step.toolCalls
        await commit({ kind: 'assistant', text, toolCalls: calls })
        messages.push(...(await step.response).messages)
        if (calls.length === 0) break
        for (const toolCall of calls) {
          const result = await client.callTool({ name: toolCall.toolName, arguments: toolCall.input as Record<string, unknown> })
          await commit({ kind: 'tool-result', toolCallId: toolCall.toolCallId, result })
          messages.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, output: { type: 'json', value: result as never } }] })
        }
      }
      await file.close()
      return { firstRequest, sent, done: epochMs() }
    },
  }
}

/** Sets a host up through its window client: the scripted model selected, the echo server (`server`) added, allowed and always offered. */
export async function prepareHost(window: Client, model: ScriptedModelServer, server: { command: string; args: string[] }): Promise<void> {
  await call(window, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
  await call(window, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
  await call(window, 'extension_add', { config: { id: 'echo', name: 'Echo', type: 'stdio', ...server } })
  const [consent] = (await read(window, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
  if (!consent) throw new Error('adding the echo server asked no consent question')
  await call(window, 'elicitation_respond', { id: consent.id, action: 'accept', content: { decision: 'allow_always' } })
  await poll(() => read(window, HostResource.tools, ToolsResourceSchema), ({ tools }) => tools.some((entry) => entry.name === 'echo__echo'), 'the echo tool', 60_000)
  await call(window, 'permission_set', { tool: 'echo__echo', policy: 'always' })
  await call(window, 'tool_set_always_offer', { name: 'echo__echo', alwaysOffer: true })
}

/** The host's side: plays turns through `window` (one new session each, as the floor's new file; or in `sessionId`). */
export function hostTurns(window: Client, model: ScriptedModelServer): { turn(sessionId?: string): Promise<PlayedTurn & { sessionId: string }> } {
  let updated: (() => void) | undefined
  window.setNotificationHandler('notifications/resources/updated', () => updated?.())
  /** Resolves once the window has read the turn's final answer, woken by the history's update notification. */
  const answered = async (sessionId: string, turnId: string) => {
    for (;;) {
      const next = new Promise<void>((settle) => (updated = settle))
      const { messages } = await read(window, historyUri(sessionId), HistoryResourceSchema)
      const last = messages.at(-1)
      if (last?.role === 'assistant' && last.turnId === turnId && (last.toolCalls ?? []).length === 0) return
      await Promise.race([next, new Promise((settle) => setTimeout(settle, 50))])
    }
  }
  return {
    async turn(inSession) {
      const firstRequest = model.modelRequests.length
      model.push(...scriptedTurn('echo__echo'))
      const sent = epochMs()
      const { sessionId, turnId } = (await call(window, 'chat_send', { text: TURN_TEXT, ...(inSession ? { sessionId: inSession } : {}) })).structuredContent as { sessionId: string; turnId: string }
      await window.subscribeResource({ uri: historyUri(sessionId) })
      await answered(sessionId, turnId)
      const done = epochMs()
      await window.unsubscribeResource({ uri: historyUri(sessionId) })
      return { firstRequest, sent, done, sessionId }
    },
  }
}

/**
 * The kinds of the lines in every session file under `sessionsDir` (one line per durable write). The
 * session list's journal (`index.jsonl`) is not a session file: its lines are not synced on a turn's
 * path (agent/session/sessionIndex.ts; test/main/agent/turnDurableWrites.test.ts counts the syncs themselves).
 */
export async function sessionFileKinds(sessionsDir: string): Promise<string[]> {
  const kinds: string[] = []
  for (const name of (await readdir(sessionsDir)).sort()) {
    if (!name.endsWith('.jsonl') || name === 'index.jsonl') continue
    for (const line of (await readFile(join(sessionsDir, name), 'utf8')).split('\n')) if (line) kinds.push((JSON.parse(line) as { kind: string }).kind)
  }
  return kinds
}
