/**
 * The guard after outside content (issue 37) in the permission service, on a real permissions.json:
 * an always-allowed acting tool asks once the session's context holds outside content, names the
 * source, offers "Allow for the rest of this conversation"; read-only tools of trusted extensions,
 * the person's own calls, chat-only and "Off" are left as they were; it never loosens a decision.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openPermissions, type Authorization, type PermissionService } from '../../../src/main/permissions/permissionService'
import { outsideWhy } from '../../../src/main/permissions/outsideContent'
import type { ToolCallRequest } from '../../../src/main/permissions/types'
import type { GuardMode, ProvenanceSource } from '../../../src/shared/provenanceApi'
import { tempDir } from '../../helpers/tempDir'
import { call, HOME, readFileTool, shellTool, writeFileTool } from './callFixtures'

let dir: { path: string; remove: () => Promise<void> }
let service: PermissionService
let guard: GuardMode = 'acting'

const calendar: ProvenanceSource = { kind: 'extension', name: 'Calendar', extensionId: 'calendar', tool: 'calendar__events', outside: 'remote' }

beforeEach(async () => {
  guard = 'acting'
  dir = await tempDir('switchboard-guard-')
  service = await openPermissions(dir.path, { homeDir: HOME, caseInsensitivePaths: false, secretValues: () => [], guardMode: () => guard })
  await service.store.setMode('ask')
  await service.setToolPolicy('notes__write_file', 'always', writeFileTool)
})
afterEach(async () => {
  service.close()
  await service.flush()
  await dir.remove()
})

const write = (overrides: Partial<ToolCallRequest> = {}) => call({ extensionId: 'notes', tool: writeFileTool, arguments: { path: '/tmp/x', content: 'x' }, ...overrides } as never)

async function pendingFor(c: ToolCallRequest): Promise<{ result: Promise<Authorization>; id: string }> {
  const result = service.authorize(c)
  for (let i = 0; i < 100; i++) {
    const view = service.broker.list().find((v) => v.callId === c.callId)
    if (view) return { result, id: view.id }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  throw new Error(`no approval appeared for ${c.callId}: ${JSON.stringify(await result)}`)
}

describe('the guard after outside content', () => {
  it('runs an always-allowed write tool while the context is clean', async () => {
    expect((await service.decide(write())).verdict).toBe('allow')
  })

  it('asks before it once the context holds outside content, names the source, and says it decided', async () => {
    service.noteOutside('s1', [calendar])
    const decision = await service.decide(write())
    expect(decision).toMatchObject({ verdict: 'ask', decidedBy: 'guard', guard: { sources: [calendar] } })
    expect(decision.reasons).toEqual(['This conversation holds text from Calendar (outside content); it may be steering the model.'])
    // Other sessions are not affected.
    expect((await service.decide(write({ sessionId: 's2' } as never))).verdict).toBe('allow')
  })

  it('offers "Allow for the rest of this conversation", which stops it asking for that tool in that session only', async () => {
    service.noteOutside('s1', [calendar])
    const first = await pendingFor(write())
    const view = service.broker.list()[0]!
    expect(view).toMatchObject({ offerConversation: true, offerAlways: false, guard: { sources: [calendar] } })
    await service.broker.respond(first.id, 'allow_conversation')
    expect(await first.result).toMatchObject({ run: true, approval: { answer: 'allow_conversation' } })
    expect((await service.decide(write())).verdict).toBe('allow')
    service.noteOutside('s2', [calendar])
    expect((await service.decide(write({ sessionId: 's2' } as never))).verdict).toBe('ask')
    // Nothing was saved as a standing permission beyond the "always" that was already there.
    expect(service.store.toolPolicy('notes__write_file')).toMatchObject({ policy: 'always' })
  })

  it('refuses allow_conversation where the guard did not ask', async () => {
    const pending = await pendingFor(call({ extensionId: 'other', tool: writeFileTool }))
    await expect(service.broker.respond(pending.id, 'allow_conversation')).rejects.toMatchObject({ code: 'conversation-not-offered' })
    await service.broker.respond(pending.id, 'deny')
    await pending.result
  })

  it('keeps read-only tools of trusted extensions running; asks before them with "All tools"; an untrusted read-only hint is not relied on', async () => {
    await service.setToolPolicy('files__read_file', 'always', readFileTool)
    service.noteOutside('s1', [calendar])
    expect((await service.decide(call({ tool: readFileTool }))).verdict).toBe('allow')
    expect((await service.decide(call({ tool: readFileTool, extensionTrust: 'untrusted' })))).toMatchObject({ verdict: 'ask', decidedBy: 'guard' })
    guard = 'all'
    expect((await service.decide(call({ tool: readFileTool }))).verdict).toBe('ask')
  })

  it('"Off" lets the always-allowed call run (documented: the guard is then no defence)', async () => {
    guard = 'off'
    service.noteOutside('s1', [calendar])
    expect((await service.decide(write())).verdict).toBe('allow')
  })

  it('is not cleared by the person next message; a new context (a rewind set it aside) clears it', async () => {
    service.noteOutside('s1', [calendar])
    service.noteUserMessage('s1')
    expect((await service.decide(write())).verdict).toBe('ask')
    service.setSessionContext('s1', [])
    expect((await service.decide(write())).verdict).toBe('allow')
  })

  it('never loosens: a "never" stays a denial, chat-only stays a denial, the person by hand is not asked', async () => {
    service.noteOutside('s1', [calendar])
    await service.setToolPolicy('notes__write_file', 'never')
    expect((await service.decide(write())).verdict).toBe('deny')
    await service.setToolPolicy('notes__write_file', 'always', writeFileTool)
    expect((await service.decide(write({ mode: 'chat-only' })))).toMatchObject({ verdict: 'deny', decidedBy: 'permission' })
    expect((await service.decide(call({ origin: 'person', extensionId: 'notes', tool: writeFileTool }))).verdict).toBe('allow')
  })

  it('treats a connected app as steered from outside, and names it', async () => {
    const decision = await service.decide({ ...write(), origin: 'connected-app', caller: { kind: 'connected-app', name: 'Cursor' } } as ToolCallRequest)
    expect(decision).toMatchObject({ verdict: 'ask', decidedBy: 'guard', guard: { sources: [{ kind: 'connected-app', name: 'Cursor' }] } })
    expect(decision.reasons[0]).toMatch(/^Cursor is a connected app/)
  })

  it("guards a hook's call of its own tool like the model's, and otherwise leaves it to the hook's approval", async () => {
    // Ask mode, no policy for the hook's tool, a destructive command and a repeated payload: the hook's approval covers all that.
    const hookCall = (sessionId = 's1') => call({ origin: 'hook', caller: { kind: 'hook', name: 'Audit' }, sessionId, extensionId: 'audit', tool: shellTool, arguments: { command: 'rm -rf /' } } as never)
    // The same call from the model would ask (ask mode, and the security inspector's destructive command).
    expect(await service.decide(call({ extensionId: 'audit', tool: shellTool, arguments: { command: 'rm -rf /' } }))).toMatchObject({ verdict: 'ask', decidedBy: 'security' })
    for (let i = 0; i < 6; i++) expect(await service.decide(hookCall())).toMatchObject({ verdict: 'allow', steps: expect.arrayContaining([expect.objectContaining({ cause: 'hook-approved' })]) })
    service.noteOutside('s1', [calendar])
    const decision = await service.decide(hookCall())
    expect(decision).toMatchObject({ verdict: 'ask', decidedBy: 'guard', guard: { sources: [calendar] } })
    expect(decision.reasons).toEqual(['This conversation holds text from Calendar (outside content); it may be steering what hook “Audit” hands its tool.'])
    expect((await service.decide(hookCall('s2'))).verdict).toBe('allow')
    guard = 'off'
    expect((await service.decide(hookCall())).verdict).toBe('allow')
  })

  it('forgets a session when it is deleted', async () => {
    service.noteOutside('s1', [calendar])
    service.forgetSession('s1')
    expect(service.outsideOf('s1')).toEqual([])
  })
})

describe('what counts as outside content', () => {
  it('openWorldHint explicitly true, a remote extension, the person mark; trust plays no part', () => {
    expect(outsideWhy({ remote: false, annotations: { openWorldHint: true } })).toBe('open-world')
    // The MCP default (open-world unless it says otherwise) is not enough: only an explicit true counts.
    expect(outsideWhy({ remote: false, annotations: {} })).toBeUndefined()
    expect(outsideWhy({ remote: true })).toBe('remote')
    expect(outsideWhy({ remote: true, marked: false })).toBeUndefined()
    expect(outsideWhy({ remote: false, marked: true })).toBe('marked')
    expect(outsideWhy({ remote: true, marked: false, annotations: { openWorldHint: true } })).toBe('open-world')
  })
})
