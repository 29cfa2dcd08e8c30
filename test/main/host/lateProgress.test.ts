/**
 * server-everything's trigger-long-running-operation sends its last progress together with its
 * result; the SDK handles the result first and then reports the progress as having an unknown token.
 * That benign case must not reach the extension log as a warning.
 */
import { describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, ExtensionLogResourceSchema, HistoryResourceSchema, HostResource, ToolsResourceSchema, extensionLogUri, historyUri, type ToolCallView } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { alwaysOfferTools, call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { everythingPath, expectNoChildren } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('progress that arrives with the result', () => {
  it('leaves no "unknown token" warning in the extension log after long-running operations', async () => {
    const runs = 3
    const longCall = { type: 'tool-calls' as const, text: [], calls: [{ name: 'everything__trigger-long-running-operation', args: { duration: 0.3, steps: 3 } }] }
    model = await startScriptedModelServer({ turns: Array.from({ length: runs }, () => [longCall, { type: 'text' as const, chunks: ['Done.'] }]).flat() })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'extension_add', { config: { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] } })
    const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'everything__trigger-long-running-operation'), 'everything tools')
    await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    await call(client, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
    await alwaysOfferTools(client, ['everything__trigger-long-running-operation'])
    await call(client, 'permission_mode_set', { mode: 'autonomous' })

    // One conversation each, so a run never waits for the previous turn to wind down.
    const calls: ToolCallView[] = []
    for (let run = 1; run <= runs; run++) {
      const { sessionId } = (await call(client, 'chat_send', { text: `Run the long operation (${run})` })).structuredContent as { sessionId: string }
      const history = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 3, `reply ${run}`)
      calls.push(...history.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : [])))
    }
    expect(calls.map((c) => [c.toolName, c.state])).toEqual(Array(runs).fill(['everything__trigger-long-running-operation', 'done']))

    // The log is in order and the tool's final progress came before its result: it is all in by now.
    const entries = (await read(client, extensionLogUri('everything'), ExtensionLogResourceSchema)).entries
    expect(entries.some((entry) => entry.source === 'lifecycle')).toBe(true)
    expect(entries.filter((entry) => entry.text.includes('unknown token'))).toEqual([])
  })
})
