/**
 * Hooks through the host API: hook_save asks the person to approve the target (approval dialog
 * data), the hook runs in chat only once approved, hook_test runs it on a sample, the history
 * carries the mutation trail, a new target asks again, hook_remove, and hooks.json is private.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, HistoryResourceSchema, HookImportPreviewSchema, HookTestResultSchema, HooksResourceSchema, HostResource, ToolsResourceSchema, historyUri } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { expectNoChildren } from '../extensions/harness'
import { claudeHookPath, hookServerPath } from '../hooks/hookWorld'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('hooks through the host API', () => {
  it('a saved hook waits for approval, then redacts in chat with the trail in the history', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['First.'] }, { type: 'text', chunks: ['Second.'] }] })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    await addConsentedExtension(client, { id: 'hk', name: 'Hook fixture', type: 'stdio', command: process.execPath, args: [hookServerPath] })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'hk__redact'), 'hook tools')

    await expect(call(client, 'hook_save', { name: 'Typo', event: 'user-message', target: 'hk__nope' })).rejects.toThrow(/No tool named "hk__nope" is in the catalog/)
    const saved = (await call(client, 'hook_save', { name: 'Redact PII', event: 'user-message', target: 'hk__redact' })).structuredContent as { id: string }
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks).toMatchObject([{ id: saved.id, name: 'Redact PII', target: 'hk__redact', approved: false }])
    const [approval] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    expect(approval).toMatchObject({ kind: 'approval', origin: { caller: { kind: 'hook', name: 'Redact PII' } }, subject: { type: 'hook', hookName: 'Redact PII', target: 'hk__redact', event: 'user-message', observeOnly: false } })
    await expect(call(client, 'hook_test', { id: saved.id, payload: { text: 'x' } })).rejects.toThrow(/not approved yet/)

    // Not approved: the message goes through unchanged.
    const first = (await call(client, 'chat_send', { text: 'mail ann@example.com' })).structuredContent as { sessionId: string }
    await poll(() => read(client, historyUri(first.sessionId), HistoryResourceSchema), (v) => v.messages.length === 2, 'the first reply')
    expect((await read(client, historyUri(first.sessionId), HistoryResourceSchema)).messages[0]).toMatchObject({ role: 'user', text: 'mail ann@example.com' })

    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_always' } })
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks[0]).toMatchObject({ approved: true })
    const tested = HookTestResultSchema.parse((await call(client, 'hook_test', { id: saved.id, payload: { sessionId: 's', text: 'to bob@example.org' } })).structuredContent)
    expect(tested).toEqual({ decision: 'allow', payload: { sessionId: 's', text: 'to [email]' }, changes: [{ hook: 'Redact PII', field: 'text', reason: 'removed e-mail addresses' }], warnings: [] })

    const second = (await call(client, 'chat_send', { text: 'mail ann@example.com' })).structuredContent as { sessionId: string }
    const history = await poll(() => read(client, historyUri(second.sessionId), HistoryResourceSchema), (v) => v.messages.length === 2, 'the second reply')
    expect(history.messages[0]).toMatchObject({ role: 'user', text: 'mail [email]', hookChanges: [{ hook: 'Redact PII', field: 'text', reason: 'removed e-mail addresses' }] })

    // A new target asks again; until then the hook does not run.
    await call(client, 'hook_save', { id: saved.id, name: 'Redact PII', event: 'user-message', target: '!mutate:hk__deny' })
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks[0]).toMatchObject({ target: 'hk__deny', observeOnly: true, approved: false })
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toMatchObject([{ subject: { type: 'hook', target: 'hk__deny', observeOnly: true } }])
    if (process.platform !== 'win32') expect((await stat(join(h.dataDir, 'hooks.json'))).mode & 0o777).toBe(0o600)

    await call(client, 'hook_remove', { id: saved.id })
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks).toEqual([])
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toEqual([])
  })

  it('command hooks imported from pasted settings wait for approval of their exact command line, then run', async () => {
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const line = `"${process.execPath}" "${claudeHookPath}" deny`
    const json = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'mcp__fx__.*', hooks: [{ type: 'command', command: line, timeout: 20 }] }], Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] } })
    const preview = HookImportPreviewSchema.parse((await call(client, 'hook_import_preview', { json })).structuredContent)
    expect(preview.hooks).toMatchObject([{ event: 'tool-call', fileEvent: 'PreToolUse', command: { line, matcher: 'mcp__fx__.*', source: 'pasted' }, timeoutMs: 20_000, exists: false }])
    expect(preview.skipped).toEqual([expect.stringContaining('Notification')])

    const imported = (await call(client, 'hook_import', { json, keys: preview.hooks.map((hook) => hook.key) })).structuredContent as { saved: { id: string }[] }
    const id = imported.saved[0]!.id
    expect((await read(client, HostResource.hooks, HooksResourceSchema)).hooks).toMatchObject([{ id, command: { line }, approved: false }])
    const [approval] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
    expect(approval).toMatchObject({ kind: 'approval', subject: { type: 'hook', event: 'tool-call', command: { line, source: 'pasted' } } })
    await expect(call(client, 'hook_test', { id, payload: {} })).rejects.toThrow(/not approved yet/)
    // Imported again, it is already there.
    expect(HookImportPreviewSchema.parse((await call(client, 'hook_import_preview', { json })).structuredContent).hooks[0]?.exists).toBe(true)

    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_always' } })
    const tested = HookTestResultSchema.parse((await call(client, 'hook_test', { id, payload: { sessionId: 's', tool: 'fx__echo', extension: 'fx', arguments: { text: 'hi' } } })).structuredContent)
    expect(tested).toMatchObject({ decision: 'deny', reason: 'PreToolUse refused for mcp__fx__echo: "hi" is not allowed' })
  })
})
