/**
 * Progress and logs from a real server-everything over stdio, through the host API:
 * `trigger-long-running-operation` progress reaches the tool call in the progress resource (what the
 * tool card draws), and `toggle-simulated-logging` lines land in the extension log with their own
 * levels, filtered by the server once the person picks a log level (logging/setLevel).
 */
import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import {
  ExtensionLogResourceSchema,
  ExtensionsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  ProgressResourceSchema,
  ToolsResourceSchema,
  extensionLogUri,
  historyUri,
  progressUri,
  type LogEntry,
  type ToolCallView,
} from '../../../src/shared/hostApi'
import { LOG_LEVELS, logLevelRank } from '../../../src/shared/logLevelApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, alwaysOfferTools, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { everythingPath, expectNoChildren } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

async function hostWithEverything() {
  const h = await startTestHost()
  const client = await h.connectOverWebSocket()
  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'everything__toggle-simulated-logging'), 'everything tools')
  return { h, client }
}

/** The simulated-logging messages only: server-everything also logs "roots updated" once it has the roots, at a moment that depends on load. */
const serverLines = async (client: Client): Promise<LogEntry[]> =>
  (await read(client, extensionLogUri('everything'), ExtensionLogResourceSchema)).entries.filter(
    (entry) => entry.serverLevel !== undefined && /level[- ]message/i.test(entry.text),
  )

/** Each time simulated logging starts, server-everything sends one message of a random level at once; on and off again makes one message. */
async function simulatedMessages(client: Client, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await call(client, 'tool_call', { name: 'everything__toggle-simulated-logging', arguments: {} })
    await call(client, 'tool_call', { name: 'everything__toggle-simulated-logging', arguments: {} })
  }
}

describe('server log messages', () => {
  it('land in the extension log with their own level, and the chosen level is sent with logging/setLevel, saved, and sent again at connect', async () => {
    const { h, client } = await hostWithEverything()
    const view = async () => (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((e) => e.id === 'everything')!
    expect((await view()).logLevel).toBeUndefined()

    await call(client, 'extension_set_log_level', { id: 'everything', level: 'debug' })
    expect((await view()).logLevel).toBe('debug')
    await simulatedMessages(client, 16)
    const all = await poll(() => serverLines(client), (lines) => lines.length >= 16, '16 server log lines')
    for (const line of all) {
      expect(line.source).toBe('protocol')
      expect(line.text.toLowerCase()).toContain(line.serverLevel === 'alert' ? 'alert level-message' : `${line.serverLevel}-level message`)
      expect(line.level).toBe(logLevelRank(line.serverLevel!) >= logLevelRank('error') ? 'error' : line.serverLevel === 'warning' ? 'warn' : 'info')
    }

    // At "error", the server itself stops sending anything less severe.
    await call(client, 'extension_set_log_level', { id: 'everything', level: 'error' })
    await poll(() => read(client, extensionLogUri('everything'), ExtensionLogResourceSchema), (log) => log.entries.some((e) => e.text.includes('level "error" and above')), 'the setLevel answer')
    const before = (await serverLines(client)).length
    await simulatedMessages(client, 16)
    // A message of each toggle at error or above arrives; wait for the last toggle's message by settling on a count.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const filtered = (await serverLines(client)).slice(before)
    // Without the filter, 16 random levels would all be "error" or worse with a chance of 1 in 65,536.
    expect(filtered.length).toBeLessThan(16)
    expect(filtered.every((line) => logLevelRank(line.serverLevel!) >= logLevelRank('error'))).toBe(true)

    expect(JSON.parse(await readFile(join(h.dataDir, 'extension-log-levels.json'), 'utf8'))).toEqual({ version: 1, levels: { everything: 'error' } })
    await call(client, 'extension_restart', { id: 'everything' })
    await poll(
      () => read(client, extensionLogUri('everything'), ExtensionLogResourceSchema),
      (log) => log.entries.filter((e) => e.text.includes('level "error" and above')).length === 2,
      'the level sent again after the restart',
    )
    expect(LOG_LEVELS).toContain((await view()).logLevel)
  })
})

describe('tool progress', () => {
  it('trigger-long-running-operation drives a determinate progress on the running tool call', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'tool-calls', text: [], calls: [{ name: 'everything__trigger-long-running-operation', args: { duration: 2, steps: 5 } }] },
        { type: 'text', chunks: ['Done.'] },
      ],
    })
    const { client } = await hostWithEverything()
    await selectScriptedModel(client, model.baseUrl)
    await alwaysOfferTools(client, ['everything__trigger-long-running-operation'])
    await call(client, 'permission_mode_set', { mode: 'autonomous' })

    const seen: ToolCallView[] = []
    let sessionUri = ''
    client.setNotificationHandler('notifications/resources/updated', async (n) => {
      if (n.params.uri !== sessionUri) return
      const call = (await read(client, sessionUri, ProgressResourceSchema)).turn?.toolCalls[0]
      if (call) seen.push(call)
    })
    const { sessionId } = (await call(client, 'chat_send', { text: 'Run the long operation' })).structuredContent as { sessionId: string }
    sessionUri = progressUri(sessionId)
    await client.subscribeResource({ uri: sessionUri })
    const history = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.some((m) => m.role === 'assistant' && m.text === 'Done.'), 'the final reply')

    const values = seen.filter((c) => c.state === 'running' && c.progress).map((c) => c.progress!)
    // Five steps over two seconds: the window sees the bar move through the middle, always with its total.
    expect(values.length).toBeGreaterThanOrEqual(3)
    expect(values.every((p) => p.total === 5)).toBe(true)
    expect(values.some((p) => p.progress > 0 && p.progress < 5)).toBe(true)
    expect(values.map((p) => p.progress)).toEqual([...values.map((p) => p.progress)].sort((a, b) => a - b))
    const done = history.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]
    expect(done).toMatchObject({ toolName: 'everything__trigger-long-running-operation', state: 'done' })
  })
})

describe('progress of a tool run by hand (tool_call)', () => {
  it('reaches the caller that sent a progress token, under that token, while the tool runs', async () => {
    const { client } = await hostWithEverything()
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    const updates: { progress: number; total?: number }[] = []
    const result = await client.callTool(
      { name: 'tool_call', arguments: { name: 'everything__trigger-long-running-operation', arguments: { duration: 1, steps: 4 } } },
      { onprogress: (update) => void updates.push({ progress: update.progress, total: update.total }) },
    )
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ outcome: 'ok' })
    expect(updates.length).toBeGreaterThanOrEqual(2)
    expect(updates.every((update) => update.total === 4)).toBe(true)
    expect(updates.some((update) => update.progress > 0 && update.progress < 4)).toBe(true)
  })
})
