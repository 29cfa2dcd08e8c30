/**
 * Resources and prompts through the host API against the real server-everything (stdio): list,
 * read and template completion; prompts listed as `<extension>.<prompt>`, completed and got; and a
 * resource attached to a conversation reaching the scripted model, kept fresh by a subscription
 * (toggle-subscriber-updates) and unsubscribed when detached.
 */
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { type HostToolResult, HistoryResourceSchema, HostResource, ProgressResourceSchema, ResourceToolOutput, ToolsResourceSchema, historyUri, progressUri } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { everythingPath, expectNoChildren } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

async function hostWithEverything(): Promise<{ h: TestHost; client: Client }> {
  const h = await startTestHost()
  const client = await h.connectOverWebSocket()
  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(
    () => read(client, HostResource.tools, ToolsResourceSchema),
    (t) => t.prompts.some((p) => p.promptName === 'completable-prompt') && t.resources.length > 0 && t.tools.some((tool) => tool.name === 'everything__toggle-subscriber-updates'),
    'the catalog of server-everything',
  )
  return { h, client }
}

/** Calls a resource/prompt tool and checks its structured result against the contract. */
const structured = async <N extends keyof typeof ResourceToolOutput>(client: Client, name: N, args: Record<string, unknown>): Promise<HostToolResult<N>> =>
  ResourceToolOutput[name].parse((await call(client, name, args)).structuredContent) as HostToolResult<N>

describe('resources and prompts through the host API (server-everything)', () => {
  it('lists resources and templates, reads text and blobs, and completes a template variable', async () => {
    const { client } = await hostWithEverything()
    const listed = await structured(client, 'resource_list', { extensionId: 'everything' })
    const doc = listed.resources.find((r) => r.uri.startsWith('demo://resource/static/document/'))
    expect(doc).toBeDefined()
    expect(listed.templates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}', 'demo://resource/dynamic/blob/{resourceId}']))

    const read1 = await structured(client, 'resource_read', { extensionId: 'everything', uri: doc!.uri })
    expect(read1.contents[0]).toMatchObject({ uri: doc!.uri, text: expect.any(String) })
    expect(read1.contents[0]!.size).toBe(read1.contents[0]!.text!.length)

    const text = await structured(client, 'resource_read', { extensionId: 'everything', uri: 'demo://resource/dynamic/text/7' })
    expect(text.contents[0]!.text).toMatch(/^Resource 7: This is a plaintext resource/)
    const blob = await structured(client, 'resource_read', { extensionId: 'everything', uri: 'demo://resource/dynamic/blob/4' })
    expect(Buffer.from(blob.contents[0]!.blob!, 'base64').toString()).toMatch(/^Resource 4: This is a base64 blob/)
    expect(blob.contents[0]!.size).toBe(Buffer.from(blob.contents[0]!.blob!, 'base64').length)

    const suggested = await structured(client, 'resource_complete', { extensionId: 'everything', template: 'demo://resource/dynamic/text/{resourceId}', argument: 'resourceId', value: '12' })
    expect(suggested.values).toEqual(['12'])
    const none = await structured(client, 'resource_complete', { extensionId: 'everything', template: 'demo://resource/dynamic/text/{resourceId}', argument: 'resourceId', value: 'x' })
    expect(none.values).toEqual([])

    const unknown = await client.callTool({ name: 'resource_read', arguments: { extensionId: 'nobody', uri: 'demo://x' } })
    expect(unknown.isError).toBe(true)
    expect((unknown.content as { text: string }[])[0]!.text).toMatch(/No extension with id "nobody"/)
  })

  it('returns resource links from get-resource-links that the window shows as items and that open (read) from their extension', async () => {
    const { client } = await hostWithEverything()
    const result = await call(client, 'tool_call', { name: 'everything__get-resource-links', arguments: { count: 2 } })
    const links = (result.content as { type: string }[]).filter((block) => block.type === 'resource_link')
    expect(links).toEqual([
      expect.objectContaining({ type: 'resource_link', uri: 'demo://resource/dynamic/blob/1', name: 'Blob Resource 1', mimeType: 'text/plain' }),
      expect.objectContaining({ type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain' }),
    ])
    // Opening an item reads it from the extension the call went to.
    const opened = await structured(client, 'resource_read', { extensionId: 'everything', uri: 'demo://resource/dynamic/text/2' })
    expect(opened.contents[0]!.text).toMatch(/^Resource 2: This is a plaintext resource/)
  })

  it('lists prompts as <extension>.<prompt>, completes arguments with context, and gets the filled prompt', async () => {
    const { client } = await hostWithEverything()
    const { prompts } = await structured(client, 'prompt_list', {})
    const completable = prompts.find((p) => p.name === 'everything.completable-prompt')
    expect(completable).toMatchObject({ extensionId: 'everything', promptName: 'completable-prompt', title: 'Team Management' })
    expect(completable!.arguments.map((a) => a.name)).toEqual(['department', 'name'])

    const departments = await structured(client, 'prompt_complete', { name: 'everything.completable-prompt', argument: 'department', value: 'S' })
    expect(departments.values).toEqual(['Sales', 'Support'])
    const names = await structured(client, 'prompt_complete', { name: 'everything.completable-prompt', argument: 'name', value: '', context: { department: 'Engineering' } })
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie'])

    const missing = await client.callTool({ name: 'prompt_get', arguments: { name: 'everything.completable-prompt', arguments: { department: 'Sales' } } })
    expect(missing.isError).toBe(true)
    expect((missing.content as { text: string }[])[0]!.text).toMatch(/Fill in "name"/)
    const got = await structured(client, 'prompt_get', { name: 'everything.completable-prompt', arguments: { department: 'Sales', name: 'Eve' } })
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Please promote Eve to the head of the Sales team.' } }])
  })

  it('gives an attached resource to the model, refreshes it on resources/updated, and unsubscribes when detached', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Noted.'] }, { type: 'text', chunks: ['Again.'] }] })
    const { h, client } = await hostWithEverything()
    await selectScriptedModel(client, model.baseUrl)
    const attachment = { extensionId: 'everything', uri: 'demo://resource/dynamic/text/1', name: 'Text 1' }

    const sent = await call(client, 'chat_send', { text: 'Summarize the attachment', attachments: [attachment] })
    const { sessionId } = sent.structuredContent as { sessionId: string }
    await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (hist) => hist.messages.length === 2, 'the first reply')
    const firstRequest = JSON.stringify(model.modelRequests.at(-1)?.body)
    expect(firstRequest).toContain('Summarize the attachment')
    expect(firstRequest).toContain('[Attached resource demo://resource/dynamic/text/1 from extension \\"everything\\"] (text/plain)')
    expect(firstRequest).toContain('Resource 1: This is a plaintext resource created at')

    const attachments = h.host.services.attachments
    await poll(async () => attachments.list(sessionId), (list) => list[0]?.subscribed === true, 'the subscription')
    expect(attachments.list(sessionId)).toMatchObject([{ uri: attachment.uri, subscribed: true, refreshes: 0 }])
    // The server now sends notifications/resources/updated for what we subscribed to; each one re-reads it.
    await call(client, 'tool_call', { name: 'everything__toggle-subscriber-updates', arguments: {} })
    const refreshed = await poll(async () => attachments.list(sessionId)[0]!, (state) => state.refreshes >= 1 && state.contents !== undefined, 'a refresh after resources/updated')
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')

    await call(client, 'chat_send', { sessionId, text: 'And now?', attachments: [attachment] })
    await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (hist) => hist.messages.length === 4, 'the second reply')
    const secondRequest = JSON.stringify(model.modelRequests.at(-1)?.body)
    // The subscribed attachment was not read again at send time: the model got the refreshed content.
    expect(secondRequest).toContain(JSON.stringify(attachments.list(sessionId)[0]!.contents![0]!.text).slice(1, -1))
    expect(attachments.list(sessionId)[0]!.refreshes).toBeGreaterThanOrEqual(refreshed.refreshes)

    // A second conversation attaching the same resource shares the subscription: detaching one keeps it.
    const other = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'chat_attachments_set', { sessionId: other.id, attachments: [attachment] })
    // server-everything logs each (un)subscribe request as a log notification, which lands in the
    // extension log before the request's answer (one stream, in order), so the counts are exact.
    const unsubscribes = () => (h.host.services.extensions.log('everything') ?? []).filter((entry) => entry.text.includes('Received Unsubscribe Resource request: demo://resource/dynamic/text/1')).length
    await call(client, 'chat_attachments_set', { sessionId, attachments: [] })
    expect(attachments.list(sessionId)).toEqual([])
    expect(attachments.list(other.id)).toMatchObject([{ uri: attachment.uri, subscribed: true }])
    expect(unsubscribes()).toBe(0)
    // Deleting the other conversation ends the last attachment, and with it the subscription.
    await call(client, 'session_delete', { id: other.id })
    expect(attachments.list(other.id)).toEqual([])
    expect(unsubscribes()).toBe(1)
    await call(client, 'tool_call', { name: 'everything__toggle-subscriber-updates', arguments: {} })
  })
})
