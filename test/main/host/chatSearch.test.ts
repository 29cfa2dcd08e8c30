/**
 * Search across conversations and export through the host API, with the scripted model server:
 * chat_search reads every session in main (full text, ranked, with the words around each match),
 * follows new commits and set-aside messages, and chat_export gives Markdown and JSON.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { ProgressResourceSchema, progressUri, type HostToolResult } from '../../../src/shared/hostApi'
import { exportConversation } from '../../../src/main/services/chat/conversationExport'
import { snippetOf } from '../../../src/main/services/chat/chatSearch'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
})

async function exchange(client: Client, text: string, sessionId?: string): Promise<string> {
  const sent = await call(client, 'chat_send', sessionId ? { sessionId, text } : { text })
  const id = (sent.structuredContent as { sessionId: string }).sessionId
  await poll(() => read(client, progressUri(id), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
  return id
}
/** The results once the index has caught up with what was committed (it is written off the main thread: `catchingUp` says so meanwhile). */
const found = async (client: Client, query: string) =>
  (
    await poll(
      async () => (await call(client, 'chat_search', { query })).structuredContent as HostToolResult<'chat_search'>,
      (answer) => answer.catchingUp !== true,
      `the search index to catch up before searching "${query}"`,
    )
  ).results

describe('search and export through the host API', () => {
  it('finds words in every conversation with their context, follows new messages and what a regenerate set aside', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'text', chunks: ['Paris is the capital of France, known for the Eiffel tower.'] },
        { type: 'text', chunks: ['Sourdough needs a starter, flour, water and patience.'] },
        { type: 'text', chunks: ['Use rye flour for a livelier starter.'] },
        { type: 'text', chunks: ['A baguette is made with wheat flour.'] },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    const travel = await exchange(client, 'Tell me about Paris')
    const baking = await exchange(client, 'How do I bake sourdough bread?')

    const paris = await found(client, 'eiffel')
    expect(paris).toHaveLength(1)
    expect(paris[0]).toMatchObject({ sessionId: travel, sessionTitle: 'Tell me about Paris', role: 'assistant' })
    const [start, end] = paris[0]!.matches[0]!
    expect(paris[0]!.snippet.slice(start, end).toLowerCase()).toBe('eiffel')
    // Prefixes match, and every word must match.
    expect((await found(client, 'sourd')).map((result) => result.role).sort()).toEqual(['assistant', 'user'])
    expect(await found(client, 'sourdough eiffel')).toEqual([])

    // A new reply is found at once; a regenerated-away one no longer is.
    await exchange(client, 'Which flour?', baking)
    expect((await found(client, 'rye')).map((result) => result.sessionId)).toEqual([baking])
    await call(client, 'chat_regenerate', { sessionId: baking })
    await poll(() => found(client, 'baguette'), (results) => results.length === 1, 'the regenerated reply in the index')
    expect(await found(client, 'rye')).toEqual([])

    // A deleted session leaves the results.
    await call(client, 'session_delete', { id: travel })
    expect(await found(client, 'paris')).toEqual([])
  })

  it('exports a conversation as Markdown and as JSON, and saves through the dialog only where there is one', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Here is code:\n\n```ts\nconst a = 1\n```'], usage: { input: 50, output: 9 } }] })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    const sessionId = await exchange(client, 'Show me code / please?')

    const markdown = (await call(client, 'chat_export', { sessionId, format: 'markdown' })).structuredContent as HostToolResult<'chat_export'>
    expect(markdown).toMatchObject({ fileName: 'Show me code please.md', mimeType: 'text/markdown' })
    expect(markdown.text).toMatch(/^# Show me code \/ please\?\n/)
    expect(markdown.text).toContain('### You · ')
    expect(markdown.text).toContain('Show me code / please?')
    expect(markdown.text).toContain('### Assistant (scripted-model) · ')
    expect(markdown.text).toContain('```ts\nconst a = 1\n```')

    const json = (await call(client, 'chat_export', { sessionId, format: 'json' })).structuredContent as HostToolResult<'chat_export'>
    const parsed = JSON.parse(json.text) as { format: string; version: number; session: { id: string }; messages: { role: string; text: string; usage?: unknown }[] }
    expect(parsed).toMatchObject({ format: 'switchboard-conversation', version: 1, session: { id: sessionId } })
    expect(parsed.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(parsed.messages[1]).toMatchObject({ usage: { input: 50, output: 9 } })

    // Browser mode has no save dialog: the window downloads the text instead.
    expect((await call(client, 'chat_export', { sessionId, format: 'json', save: true })).structuredContent).toMatchObject({ saved: { unavailable: true } })
  })

  it('writes the export where the dialog says, and says so when the place cannot be written', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-export-'))
    try {
      const session = { id: 's1', title: 'Plan', created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z', messageCount: 1 }
      const history = { sessionId: 's1', messages: [{ id: 'u1', role: 'user' as const, text: 'Hi', created: '2026-01-01T00:00:00.000Z' }] }
      const target = join(folder, 'Plan.md')
      const saved = await exportConversation(session, history, 'markdown', { picker: async () => ({ path: target }) })
      expect(saved.saved).toEqual({ path: target })
      expect(await readFile(target, 'utf8')).toBe(saved.text)
      await expect(exportConversation(session, history, 'markdown', { picker: async () => ({ path: join(folder, 'missing', 'x.md') }) })).rejects.toThrow(/Could not save the conversation to .*choose a folder you can write to/)
      expect((await exportConversation(session, history, 'json', { picker: async () => ({ cancelled: true }) })).saved).toEqual({ cancelled: true })
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('cuts a snippet around the first match and marks each matched word', () => {
    const text = `${'lorem ipsum '.repeat(30)}the quick brown fox ${'dolor sit '.repeat(30)}`
    const { snippet, matches } = snippetOf(text, ['quick', 'fox'])
    expect(snippet.startsWith('…')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet.length).toBeLessThanOrEqual(162)
    expect(matches.map(([start, end]) => snippet.slice(start, end))).toEqual(['quick', 'fox'])
  })
})
