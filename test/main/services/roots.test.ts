/**
 * Roots against server-everything through a real host: `get-roots-list` shows the global folders
 * from the settings, follows a change (roots/list_changed → the server asks again), and shows a
 * session's own folders while that session's reply is being written (added to the global ones).
 */
import type { Client } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, HostResource, ProgressResourceSchema, SessionSummarySchema, SettingsResourceSchema, progressUri } from '../../../src/shared/hostApi'
import { createRoots, rootOf } from '../../../src/main/services/roots'
import type { RootFolder, SessionSummary } from '../../../src/shared/hostApi'
import type { Settings } from '../../../src/main/settings/settingsStore'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { everythingPath, expectNoChildren, until } from '../extensions/harness'

let h: TestHost | undefined
let model: ScriptedModelServer | undefined
afterEach(async () => {
  await h?.stop()
  h = undefined
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('rootOf', () => {
  it('names a folder by a file:// URI and its own name unless one is given', () => {
    expect(rootOf({ path: '/home/me/My Project/' })).toEqual({ uri: 'file:///home/me/My%20Project', name: 'My Project' })
    expect(rootOf({ path: '/srv/data', name: 'Data' })).toEqual({ uri: 'file:///srv/data', name: 'Data' })
    expect(rootOf({ path: '/' })).toEqual({ uri: 'file:///', name: '/' })
  })
})

describe('createRoots rechecks', () => {
  it('does not build the roots again when a session changes but none of the folder lists did (issue 33: each committed message)', () => {
    let reads = 0
    // A folder whose path counts its reads: building the roots reads every folder's path once.
    const counted = (path: string): RootFolder => ({
      get path() {
        reads++
        return path
      },
    })
    let settings = { roots: [counted('/srv/global')] } as Settings
    const session: SessionSummary = { id: 's1', title: 'One', created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z', messageCount: 0, toolOffer: 'search', roots: [counted('/home/me/notes')] }
    const sessionsById = new Map([[session.id, session]])
    const listeners = { settings: [] as (() => void)[], sessions: [] as (() => void)[], chat: [] as ((uri: string) => void)[] }
    let writingNow = false
    let notices = 0
    const roots = createRoots({
      settings: { get: (() => settings) as never, onChange: (listener) => (listeners.settings.push(() => listener(settings)), () => undefined) },
      sessions: { get: (id) => sessionsById.get(id), onChange: (listener) => (listeners.sessions.push(listener), () => undefined) },
      chat: { isWriting: () => writingNow, onChange: (listener) => (listeners.chat.push(listener), () => undefined) },
      notifyChanged: () => notices++,
    })
    expect(roots.list().map((root) => root.uri)).toEqual(['file:///srv/global'])
    const builds = () => reads

    // The session starts writing: its folders join (one build).
    writingNow = true
    listeners.chat.forEach((listener) => listener('switchboard://sessions/s1/progress'))
    expect(roots.list().map((root) => root.uri)).toEqual(['file:///srv/global', 'file:///home/me/notes'])
    expect(notices).toBe(1)
    const afterJoin = builds()

    // Messages are committed: the session's count and time move, its folders stay the same list.
    for (let n = 1; n <= 50; n++) {
      sessionsById.set('s1', { ...sessionsById.get('s1')!, messageCount: n, updated: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z` })
      listeners.sessions.forEach((listener) => listener())
    }
    expect(builds()).toBe(afterJoin)
    expect(notices).toBe(1)

    // A real change of the session's folders is built and announced.
    sessionsById.set('s1', { ...sessionsById.get('s1')!, roots: [{ path: '/home/me/other' }] })
    listeners.sessions.forEach((listener) => listener())
    expect(roots.list().map((root) => root.uri)).toEqual(['file:///srv/global', 'file:///home/me/other'])
    expect(notices).toBe(2)

    // So is a change of the global folders.
    settings = { roots: [{ path: '/srv/else' }] } as Settings
    listeners.settings.forEach((listener) => listener())
    expect(roots.list().map((root) => root.uri)).toEqual(['file:///srv/else', 'file:///home/me/other'])
    expect(notices).toBe(3)
    roots.stop()
  })
})

async function rootsText(client: Client): Promise<string> {
  const result = await call(client, 'tool_call', { name: 'everything__get-roots-list', arguments: {} })
  return (result.content as { text: string }[])[0]!.text
}

describe('roots through the host', () => {
  it('offers the global folders, sends list_changed when they change, and adds a session’s folders while its reply is written', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'stall', chunks: ['Thinking'] }] })
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    await call(client, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })

    const settings = SettingsResourceSchema.parse((await call(client, 'settings_update', { patch: { roots: [{ path: '/srv/projects/alpha' }] } })).structuredContent)
    expect(settings.roots).toEqual([{ path: '/srv/projects/alpha' }])
    await expect(call(client, 'settings_update', { patch: { roots: [{ path: 'relative/path' }] } })).rejects.toThrow(/absolute path/)

    await call(client, 'extension_add', { config: { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] } })
    const { elicitations } = await read(client, HostResource.elicitations, ElicitationsResourceSchema)
    await call(client, 'elicitation_respond', { id: elicitations[0]!.id, action: 'accept', content: { decision: 'allow_once' } })
    await until(() => h!.host.services.extensions.core.cache.lookup('everything__get-roots-list') !== undefined, 'get-roots-list', 20_000)

    const first = await poll(() => rootsText(client), (text) => text.includes('file:///srv/projects/alpha'), 'the first roots')
    expect(first).toMatch(/\(1 total\)[\s\S]*1\. alpha\n\s+URI: file:\/\/\/srv\/projects\/alpha/)

    // A change: the server hears roots/list_changed, asks again, and lists the new folders.
    await call(client, 'settings_update', { patch: { roots: [{ path: '/srv/projects/alpha' }, { path: '/srv/projects/beta', name: 'Beta docs' }] } })
    const changed = await poll(() => rootsText(client), (text) => text.includes('(2 total)'), 'the changed roots')
    expect(changed).toMatch(/2\. Beta docs\n\s+URI: file:\/\/\/srv\/projects\/beta/)

    // A session's own folders: stored with the session, offered only while its reply is written.
    const session = SessionSummarySchema.parse((await call(client, 'session_create', {})).structuredContent)
    const withRoots = SessionSummarySchema.parse((await call(client, 'session_set_roots', { id: session.id, folders: [{ path: '/home/me/notes' }] })).structuredContent)
    expect(withRoots.roots).toEqual([{ path: '/home/me/notes' }])
    expect(await rootsText(client)).not.toContain('notes')
    await call(client, 'chat_send', { sessionId: session.id, text: 'Look at my notes' })
    await poll(() => read(client, progressUri(session.id), ProgressResourceSchema), (p) => p.turn?.text === 'Thinking', 'the reply in flight')
    const during = await poll(() => rootsText(client), (text) => text.includes('(3 total)'), 'the session folder added')
    expect(during).toMatch(/3\. notes\n\s+URI: file:\/\/\/home\/me\/notes/)
    await call(client, 'chat_cancel', { sessionId: session.id })
    await poll(() => rootsText(client), (text) => text.includes('(2 total)'), 'the session folder withdrawn')

    // Clearing a session's folders removes the field.
    const cleared = SessionSummarySchema.parse((await call(client, 'session_set_roots', { id: session.id, folders: [] })).structuredContent)
    expect(cleared.roots).toBeUndefined()
  }, 60_000)
})
