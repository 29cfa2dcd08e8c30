/**
 * Resources attached to a message are recorded on the committed user message (what they were and
 * how much text the model got, never their content), are served with the history, and are still
 * there after the host restarts. Against the real server-everything and the scripted model server.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, HistoryResourceSchema, HostResource, ProgressResourceSchema, ToolsResourceSchema, historyUri, progressUri } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { everythingPath, expectNoChildren } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('attachments in the saved history', () => {
  it('records each attachment on the user message, serves it with the history, and keeps it across a restart', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Noted.'] }] })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    await call(client, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
    await call(client, 'extension_add', { config: { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] } })
    const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.resources.length > 0, 'the resources of server-everything')

    const text = { extensionId: 'everything', uri: 'demo://resource/dynamic/text/1', name: 'Text 1' }
    const blob = { extensionId: 'everything', uri: 'demo://resource/dynamic/blob/2' }
    const sent = await call(client, 'chat_send', { text: 'Compare these', attachments: [text, blob] })
    const { sessionId } = sent.structuredContent as { sessionId: string }
    const history = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (hist) => hist.messages.length === 2, 'the reply')
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')

    // The size is that of the text the model got: the same text the session's attachment holds.
    const given = h.host.services.attachments.list(sessionId).find((state) => state.uri === text.uri)!.contents![0]!.text!
    expect(JSON.stringify(model.modelRequests.at(-1)?.body)).toContain(JSON.stringify(given).slice(1, -1))
    // Where each came from (issue 37): a local extension nobody marked, so not outside content.
    const provenance = { from: { kind: 'extension', name: 'Everything', extensionId: 'everything' } }
    const expected = [
      { extensionId: 'everything', uri: text.uri, name: 'Text 1', mimeType: 'text/plain', size: given.length, provenance },
      // A blob gives the model no text.
      { extensionId: 'everything', uri: blob.uri, mimeType: 'text/plain', size: 0, provenance },
    ]
    const user = history.messages[0]!
    expect(user).toMatchObject({ role: 'user', text: 'Compare these' })
    expect(user.role === 'user' && user.attachments).toEqual(expected)

    // Only what identifies them is on disk, never their content.
    await h.settle()
    const file = await readFile(join(h.dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8')
    const line = JSON.parse(file.split('\n')[0]!) as { kind: string; attachments: unknown }
    expect(line).toMatchObject({ kind: 'user', attachments: expected })
    expect(file).not.toContain(given.slice(0, 40))

    await h.stop({ keepData: true })
    const again = await startTestHost(h.dataDir)
    const afterRestart = await read(await again.connectOverWebSocket(), historyUri(sessionId), HistoryResourceSchema)
    expect(afterRestart.messages[0]).toEqual(user)
  })
})
