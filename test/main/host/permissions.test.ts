/**
 * Permissions through the host API: approvals appear in switchboard://elicitations and are answered
 * with elicitation_respond. Calls "from the model" go through the same authorize() the agent loop
 * uses, invoked here directly on the in-process host.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { rm } from 'node:fs/promises'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, ExtensionsResourceSchema, HostResource, PermissionsResourceSchema, ToolsResourceSchema, type ApprovalElicitation } from '../../../src/shared/hostApi'
import type { Authorization } from '../../../src/main/permissions'
import { call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'

const startTestHost = testHostsStoppedAfterEach(async () => {
  await expectNoChildren()
})

const pendingApprovals = (client: Client) =>
  read(client, HostResource.elicitations, ElicitationsResourceSchema).then((r) => r.elicitations.filter((e): e is ApprovalElicitation => e.kind === 'approval' && e.subject.type === 'tool-call'))

/** A host with fixture extensions installed and approved, in the given permission mode. */
async function setUp(ids: string[] = ['fixture'], dataDir?: string): Promise<{ h: TestHost; client: Client }> {
  const h = await startTestHost(dataDir)
  const client = await h.connectOverWebSocket()
  for (const id of ids) {
    if ((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.some((e) => e.id === id)) continue
    await call(client, 'extension_add', { config: { id, name: id, type: 'stdio', command: process.execPath, args: [fixtureServerPath] } })
    const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
  }
  await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => ids.every((id) => tools.tools.some((t) => t.name === `${id}__echo`)), 'tools')
  return { h, client }
}

/** The call the agent loop would make for the model. */
function modelCall(h: TestHost, name: string, args: Record<string, unknown>, callId = `call-${Math.random()}`): Promise<Authorization> {
  const tool = h.host.services.extensions.core.cache.lookup(name)
  if (!tool) throw new Error(`no tool ${name}`)
  return h.host.services.permissions.authorize({
    origin: 'model',
    sessionId: 'session-1',
    callId,
    extensionId: tool.extensionId,
    extensionTrust: tool.trust,
    toolName: tool.name,
    tool: { name: tool.toolName, title: tool.title, description: tool.description, inputSchema: tool.inputSchema as Record<string, unknown>, annotations: tool.annotations },
    arguments: args,
  })
}

const errorText = (result: Awaited<ReturnType<Client['callTool']>>) => (result.isError ? ((result.content as { text: string }[])[0]?.text ?? '') : '(not an error)')

const answer = (client: Client, id: string, decision: 'allow_once' | 'allow_always' | 'deny') =>
  client.callTool({ name: 'elicitation_respond', arguments: { id, action: 'accept', content: { decision } } })

describe('approvals through the host API', () => {
  it('asks in "ask" mode, shows the whole call, and allow once / always / deny each do the right thing', async () => {
    const { h, client } = await setUp()
    await call(client, 'permission_mode_set', { mode: 'ask' })

    const once = modelCall(h, 'fixture__echo', { text: 'first' })
    const [asked] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'an approval')
    expect(asked!.subject).toMatchObject({ type: 'tool-call', toolName: 'fixture__echo', arguments: { text: 'first' }, trust: 'untrusted' })
    expect(asked!.origin).toMatchObject({ extensionId: 'fixture', tool: 'fixture__echo' })
    await answer(client, asked!.id, 'allow_once')
    expect((await once).run).toBe(true)

    const denied = modelCall(h, 'fixture__echo', { text: 'second' })
    const [again] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'a second approval')
    await answer(client, again!.id, 'deny')
    const outcome = await denied
    expect(outcome.run).toBe(false)
    if (!outcome.run) expect(outcome.message).toMatch(/declined/)

    const always = modelCall(h, 'fixture__echo', { text: 'third' })
    const [third] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'a third approval')
    await answer(client, third!.id, 'allow_always')
    expect((await always).run).toBe(true)
    expect((await modelCall(h, 'fixture__echo', { text: 'fourth' })).run).toBe(true)
    expect(await pendingApprovals(client)).toEqual([])
    const permissions = await read(client, HostResource.permissions, PermissionsResourceSchema)
    expect(permissions.toolPolicies['fixture__echo']).toMatchObject({ policy: 'always', lapsed: false })
    const tools = await read(client, HostResource.tools, ToolsResourceSchema)
    expect(tools.tools.find((t) => t.name === 'fixture__echo')?.policy).toMatchObject({ policy: 'always', source: 'tool' })
  })

  it('"always" survives a restart; a changed description makes it ask again and shows the change (F15)', async () => {
    const first = await setUp()
    const dataDir = first.h.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    await call(first.client, 'permission_mode_set', { mode: 'ask' })
    await call(first.client, 'permission_set', { tool: 'fixture__echo', policy: 'always' })
    await first.h.stop({ keepData: true })

    const { h, client } = await setUp(['fixture'], dataDir)
    expect((await modelCall(h, 'fixture__echo', { text: 'after restart' })).run).toBe(true)

    // The fixture's drift tool rewrites echo's description and announces list_changed.
    await call(client, 'tool_call', { name: 'fixture__drift', arguments: {} })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.find((t) => t.name === 'fixture__echo')?.policy.lapsed === true, 'the always to lapse')
    const asking = modelCall(h, 'fixture__echo', { text: 'after drift' })
    const [asked] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'an approval after drift')
    expect(asked!.subject.type === 'tool-call' && asked!.subject.changed?.summary.join(' ')).toMatch(/description/)
    await answer(client, asked!.id, 'allow_once')
    expect((await asking).run).toBe(true)
  })

  it('a trusted extension that later marks a tool read-only is asked about in Smart mode, with the flipped hint named (F15)', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'extension_add', { config: { id: 'fixture', name: 'fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath], trust: 'trusted' } })
    const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    await call(client, 'elicitation_respond', { id: consent!.id, action: 'accept', content: { decision: 'allow_always' } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.some((t) => t.name === 'fixture__sleep'), 'tools')
    await call(client, 'permission_mode_set', { mode: 'smart' })
    // Read-only echo runs without a question: the trusted extension's hints are relied on.
    expect((await modelCall(h, 'fixture__echo', { text: 'hi' })).run).toBe(true)

    await call(client, 'tool_call', { name: 'fixture__drift', arguments: { hints: true } })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (tools) => tools.tools.find((t) => t.name === 'fixture__sleep')?.annotations.readOnlyHint === true, 'sleep to claim read-only')
    const asking = modelCall(h, 'fixture__sleep', { ms: 1 })
    const [asked] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'an approval for the re-hinted tool')
    expect(asked!.subject.type === 'tool-call' && asked!.subject.changed?.summary).toEqual([
      'Annotation destructiveHint changed from true to false',
      'Annotation readOnlyHint changed from false to true',
    ])
    await answer(client, asked!.id, 'allow_once')
    expect((await asking).run).toBe(true)
    // Accepted with the dialog: the new hints are the pinned ones now.
    expect((await modelCall(h, 'fixture__sleep', { ms: 1 })).run).toBe(true)
  })

  it('resolves five concurrent approvals answered in reverse order, each to its own call (F13)', async () => {
    const { h, client } = await setUp()
    await call(client, 'permission_mode_set', { mode: 'ask' })
    const calls = [0, 1, 2, 3, 4].map((i) => modelCall(h, 'fixture__echo', { text: `call ${i}` }, `call-${i}`))
    const pending = await poll(() => pendingApprovals(client), (list) => list.length === 5, 'five approvals')
    const byText = (i: number) => pending.find((item) => item.subject.type === 'tool-call' && JSON.stringify(item.subject.arguments).includes(`call ${i}`))!
    for (const i of [4, 3, 2, 1, 0]) await answer(client, byText(i).id, i % 2 === 0 ? 'allow_once' : 'deny')
    const results = await Promise.all(calls)
    expect(results.map((r) => r.run)).toEqual([true, false, true, false, true])
  })

  it('refuses bypasses: unknown ids, replays, and a look-alike tool of another extension', async () => {
    const { h, client } = await setUp(['alpha', 'beta'])
    await call(client, 'permission_mode_set', { mode: 'ask' })
    const unknown = await answer(client, 'not-an-id', 'allow_once')
    expect(unknown.isError).toBe(true)
    expect(errorText(unknown)).toMatch(/^There is no approval or question with the id "not-an-id": Switchboard never issued it/)

    const a = modelCall(h, 'alpha__echo', { text: 'A' }, 'call-a')
    const [forA] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'approval for A')
    await answer(client, forA!.id, 'allow_always')
    expect((await a).run).toBe(true)
    const replay = await answer(client, forA!.id, 'allow_once')
    expect(replay.isError).toBe(true)
    expect(errorText(replay)).toMatch(/was already answered \(or timed out or was cancelled\); its call is no longer waiting/)

    // "Always" for alpha__echo says nothing about beta__echo, and A's answer cannot be replayed for B.
    const b = modelCall(h, 'beta__echo', { text: 'B' }, 'call-b')
    const [forB] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'approval for B')
    expect(forB!.id).not.toBe(forA!.id)
    expect((await answer(client, forA!.id, 'allow_once')).isError).toBe(true)
    // B's id with the call id of A: a mismatch, refused as one, and B still waits.
    const mismatched = await client.callTool({ name: 'elicitation_respond', arguments: { id: forB!.id, action: 'accept', content: { decision: 'allow_once', callId: 'call-a' } } })
    expect(errorText(mismatched)).toMatch(/is for another call than "call-a"; nothing was answered/)
    expect(await pendingApprovals(client)).toHaveLength(1)
    await answer(client, forB!.id, 'deny')
    expect((await b).run).toBe(false)
  })

  it('a person\'s manual run is not prompted, unless the tool changed since it was accepted', async () => {
    const { client } = await setUp()
    await call(client, 'permission_mode_set', { mode: 'ask' })
    const plain = await call(client, 'tool_call', { name: 'fixture__echo', arguments: { text: 'by hand' } })
    expect(JSON.stringify(plain.content)).toContain('by hand')
    await call(client, 'tool_call', { name: 'fixture__drift', arguments: {} })
    await poll(() => read(client, HostResource.permissions, PermissionsResourceSchema), (p) => p.pins['fixture__echo']?.changed === true, 'the pin to be marked changed')
    const run = client.callTool({ name: 'tool_call', arguments: { name: 'fixture__echo', arguments: { text: 'after drift' } } })
    const [asked] = await poll(() => pendingApprovals(client), (list) => list.length === 1, 'an approval for the changed tool')
    await answer(client, asked!.id, 'deny')
    const result = await run
    expect(result.isError).toBe(true)
  })

  it('edits rules and the tester reflects them; revoke all removes grants', async () => {
    const { client } = await setUp()
    await call(client, 'permission_rule_save', { rule: { id: 'safe', tool: 'fixture__echo', argument: 'text', match: { glob: 'safe*' }, decision: 'allow' } })
    const tested = await call(client, 'permission_rule_test', { sample: { toolName: 'fixture__echo', arguments: { text: 'safe word' } } })
    expect(tested.structuredContent).toMatchObject({ ok: true, decision: 'allow', ruleId: 'safe' })
    const other = await call(client, 'permission_rule_test', { sample: { toolName: 'fixture__echo', arguments: { text: 'other' } } })
    expect(other.structuredContent).toMatchObject({ ok: true, decision: 'none' })
    const bad = await client.callTool({ name: 'permission_rule_test', arguments: { rule: { id: 'x', tool: 'a', argument: 'b', match: { regex: '(a+)+$' }, decision: 'deny' }, sample: { toolName: 'a', arguments: {} } } })
    expect(bad.structuredContent).toMatchObject({ ok: false })
    await call(client, 'permission_set', { tool: 'fixture__echo', policy: 'always' })
    const revoked = await call(client, 'permission_revoke_all', {})
    expect(revoked.structuredContent).toMatchObject({ revoked: 2 })
    const after = await read(client, HostResource.permissions, PermissionsResourceSchema)
    expect(after.rules).toEqual([])
    expect(after.toolPolicies).toEqual({})
  })
})
