/**
 * Switching single tools off (issue 32 item 4), through a real host, a real App server (stdio) and
 * the scripted model: an off tool is not offered (not even when marked "Always offer"), not found by
 * find_tools and refused when the model calls it; a hook cannot target it and a hook saved before
 * does not reach it; the person's page still lists it; the server's own App may still call it.
 */
import { describe, expect, it } from 'vitest'
import {
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HistoryResourceSchema,
  HookTestResultSchema,
  HostResource,
  historyUri,
  ProgressResourceSchema,
  progressUri,
  ToolsResourceSchema,
  type ExtensionView,
} from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren } from '../extensions/harness'
import { hostWithAppFixture } from './appFixtureHost'


let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

const hostWithFixture = () => hostWithAppFixture(startTestHost)

type Body = Record<string, unknown>
const toolNamesSent = (body: unknown) => (((body as Body).tools ?? []) as { function: { name: string } }[]).map((entry) => entry.function.name)
const toolResultsSent = (body: unknown) => (((body as Body).messages ?? []) as Body[]).filter((message) => message.role === 'tool').map((message) => String(message.content))
const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text

describe('a tool switched off on its extension page', () => {
  it('is counted and listed as off, and on again when switched on', async () => {
    const client = await hostWithFixture()
    const before = ExtensionsResourceSchema.parse(await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((view) => view.id === 'fix')!
    expect(before).toMatchObject({ toolCount: 4, toolsOff: 0 })

    const off = (await call(client, 'extension_tool_set_enabled', { id: 'fix', tool: 'capability', enabled: false })).structuredContent as ExtensionView
    expect(off).toMatchObject({ toolCount: 3, toolsOff: 1, config: { tools: { deny: ['capability'] } } })
    const tools = await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (value) => value.switchedOff.length === 1, 'the off tool listed apart')
    expect(tools.tools.map((tool) => tool.name)).not.toContain('fix__capability')
    expect(tools.switchedOff).toEqual([{ name: 'fix__capability', extensionId: 'fix', toolName: 'capability', description: 'What the host announced.' }])

    const on = (await call(client, 'extension_tool_set_enabled', { id: 'fix', tool: 'capability', enabled: true })).structuredContent as ExtensionView
    expect(on).toMatchObject({ toolCount: 4, toolsOff: 0, config: { tools: { deny: [] } } })
    const again = await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (value) => value.switchedOff.length === 0, 'the tool back on')
    expect(again.tools.map((tool) => tool.name)).toContain('fix__capability')
    await expect(call(client, 'extension_tool_set_enabled', { id: 'nope', tool: 'capability', enabled: false })).rejects.toThrow(/No extension with id "nope"/)
  })

  it('is not offered, found or callable by the model, even marked "Always offer"', async () => {
    const client = await hostWithFixture()
    model = await startScriptedModelServer({
      turns: [
        {
          type: 'tool-calls',
          calls: [
            { name: 'find_tools', args: { query: 'capability the host announced' } },
            // Opening the whole extension does not bring it either.
            { name: 'find_tools', args: { extension: 'fix' } },
          ],
        },
        { type: 'tool-calls', calls: [{ name: 'fix__capability', args: {} }] },
        { type: 'text', chunks: ['Could not.'] },
      ],
    })
    await selectScriptedModel(client, model.baseUrl)
    await call(client, 'permission_mode_set', { mode: 'autonomous' })
    await call(client, 'tool_set_always_offer', { name: 'fix__capability', alwaysOffer: true })
    await call(client, 'extension_tool_set_enabled', { id: 'fix', tool: 'capability', enabled: false })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (value) => value.switchedOff.length === 1, 'the tool off')

    // Found as needed: a catalog this small is offered whole under "auto", and find_tools is what this test asks.
    const { id: sessionId } = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'session_set_tool_offer', { id: sessionId, offer: 'search' })
    await call(client, 'chat_send', { sessionId, text: 'What did the host announce?' })
    await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (value) => value.messages.some((m) => m.role === 'assistant' && m.text === 'Could not.'), 'the reply')
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (value) => value.turn === null, 'the turn to end')
    for (const request of model.modelRequests) expect(toolNamesSent(request.body)).not.toContain('fix__capability')
    const [found, opened, called] = toolResultsSent(model.modelRequests[2]!.body)
    expect(found).toMatch(/^No tool matches "capability the host announced"/)
    expect(opened).toMatch(/^Opened the extension fix/)
    expect(opened).not.toContain('fix__capability')
    expect(called).toMatch(/^Unknown tool "fix__capability"/)
    // The person's own run from the page is refused the same way.
    await expect(call(client, 'tool_call', { name: 'fix__capability', arguments: {} })).rejects.toThrow(/not in the catalog/)
  })

  it('cannot be a hook target, and a hook saved before it was switched off does not reach it', async () => {
    const client = await hostWithFixture()
    const saved = (await call(client, 'hook_save', { name: 'Announce', event: 'user-message', target: 'fix__capability' })).structuredContent as { id: string }
    const [approval] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_always' } })
    const working = HookTestResultSchema.parse((await call(client, 'hook_test', { id: saved.id, payload: { sessionId: 's', text: 'hi' } })).structuredContent)
    expect(working.decision).toBe('allow')

    await call(client, 'extension_tool_set_enabled', { id: 'fix', tool: 'capability', enabled: false })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (value) => value.switchedOff.length === 1, 'the tool off')
    const refused = HookTestResultSchema.parse((await call(client, 'hook_test', { id: saved.id, payload: { sessionId: 's', text: 'hi' } })).structuredContent)
    expect(refused.decision).toBe('deny')
    expect(JSON.stringify(refused)).toContain('switched off')
    await expect(call(client, 'hook_save', { name: 'Another', event: 'user-message', target: 'fix__capability' })).rejects.toThrow(/No tool named "fix__capability" is in the catalog.*switched on/)
  })

  it("may still be called by its own server's App", async () => {
    const client = await hostWithFixture()
    await call(client, 'extension_tool_set_enabled', { id: 'fix', tool: 'app_only', enabled: false })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (value) => value.switchedOff.some((tool) => tool.name === 'fix__app_only'), 'the tool off')
    const running = call(client, 'app_call_tool', { app: 'fix__show', name: 'app_only', arguments: {} })
    const [approval] = await poll(
      async () => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((item) => item.kind === 'approval'),
      (items) => items.length === 1,
      'the approval of the App call',
    )
    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    expect(text(await running)).toBe('app only ran')
  })
})
