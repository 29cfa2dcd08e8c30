/** Integration: SDK clients talk to the real host over the MessagePort pair and over the WebSocket. */
import { describe, expect, it } from 'vitest'
import { rm } from 'node:fs/promises'
import type { Client } from '@modelcontextprotocol/client'
import { ACTIVITY_URI, TELEMETRY_URI, ExtensionsResourceSchema, HostResource, HostToolOutput, extensionLogUri, SessionsResourceSchema, SettingsResourceSchema, type HostToolName, type HostToolResult } from '../../../src/shared/hostApi'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'

const startTestHost = testHostsStoppedAfterEach()

async function call<N extends HostToolName>(client: Client, name: N, args: Record<string, unknown>): Promise<HostToolResult<N>> {
  const result = await client.callTool({ name, arguments: args })
  if (result.isError) throw new Error((result.content as { text: string }[])[0]?.text)
  return HostToolOutput[name].parse(result.structuredContent) as HostToolResult<N>
}

async function readJson(client: Client, uri: string): Promise<unknown> {
  const { contents } = await client.readResource({ uri })
  return JSON.parse((contents[0] as { text: string }).text)
}

function updates(client: Client): string[] {
  const seen: string[] = []
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    seen.push(notification.params.uri)
  })
  return seen
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

const transports = {
  'MessagePort pair': async (h: TestHost) => (await h.connectOverPorts()).client,
  WebSocket: (h: TestHost) => h.connectOverWebSocket(),
}

describe.each(Object.entries(transports))('host server over %s', (_name, connect) => {
  it('creates, renames and deletes sessions, with resources/updated for switchboard://sessions', async () => {
    const h = await startTestHost()
    const client = await connect(h)
    const seen = updates(client)
    await client.subscribeResource({ uri: HostResource.sessions })

    const first = await call(client, 'session_create', {})
    const second = await call(client, 'session_create', { title: 'Trip planning' })
    // Announced at once, then at most about once a second while the list keeps changing (hostServer.ts).
    await until(() => seen.length >= 1, 'an update')
    expect(seen.every((uri) => uri === HostResource.sessions)).toBe(true)

    let list = SessionsResourceSchema.parse(await readJson(client, HostResource.sessions)).sessions
    expect(list.map((s) => s.title).sort()).toEqual(['New session', 'Trip planning'])

    const before = seen.length
    await call(client, 'session_rename', { id: first.id, title: 'Renamed' })
    await call(client, 'session_delete', { id: second.id })
    await until(() => seen.length > before, 'an update after the changes')
    list = SessionsResourceSchema.parse(await readJson(client, HostResource.sessions)).sessions
    expect(list).toEqual([{ ...first, title: 'Renamed' }])
  })

  it('updates settings, notifies subscribers and reports errors as isError results', async () => {
    const h = await startTestHost()
    const client = await connect(h)
    const seen = updates(client)
    await client.subscribeResource({ uri: HostResource.settings })
    expect(SettingsResourceSchema.parse(await readJson(client, HostResource.settings))).toMatchObject({ theme: 'system', dataDir: h.dataDir, secrets: {}, notices: [] })
    await call(client, 'settings_update', { patch: { theme: 'dark' } })
    await until(() => seen.includes(HostResource.settings), 'settings update')
    expect(SettingsResourceSchema.parse(await readJson(client, HostResource.settings)).theme).toBe('dark')

    await expect(call(client, 'settings_update', { patch: { theme: 'purple' } })).rejects.toThrow(/theme/)
    await expect(call(client, 'session_rename', { id: 'nope', title: 'x' })).rejects.toThrow(/No session with id "nope"/)
    await expect(call(client, 'session_rename', { id: 'nope', title: '   ' })).rejects.toThrow(/cannot be empty/)
  })

  it('announces a resource that changes twice in one tick once (issue 33: one frame and one read for the window)', async () => {
    const h = await startTestHost()
    const client = await connect(h)
    const seen = updates(client)
    await client.subscribeResource({ uri: HostResource.settings })
    // Every change the settings page is announced for, ours and any the starting host makes itself
    // (the keychain's state found, a notice), in its own tick or not.
    let changes = 0
    const count = () => void (changes += 1)
    h.host.services.settings.onChange(count)
    h.host.services.secrets.onChange(count)
    h.host.services.notices.onChange(count)
    // Two changes in one tick.
    h.host.services.settings.update({ theme: 'dark' })
    h.host.services.settings.update({ theme: 'light' })
    await until(() => seen.length >= 1, 'the notice')
    await new Promise((resolve) => setTimeout(resolve, 100))
    // One notice fewer than changes at least: ours were announced once (without the coalescing, one per change).
    expect(changes).toBeGreaterThanOrEqual(2)
    expect(seen.length).toBeLessThanOrEqual(changes - 1)
    expect(new Set(seen)).toEqual(new Set([HostResource.settings]))
    // A change in a later tick is announced again.
    const before = seen.length
    h.host.services.settings.update({ theme: 'dark' })
    await until(() => seen.length > before, 'the next notice')
    expect(SettingsResourceSchema.parse(await readJson(client, HostResource.settings)).theme).toBe('dark')
  })

  it('serves the real extension list: a new data folder starts with the builtin System extension, the window’s frontend tools, Skills and the Assistant agent', async () => {
    const client = await connect(await startTestHost())
    const { extensions } = ExtensionsResourceSchema.parse(await readJson(client, HostResource.extensions))
    expect(extensions.map((e) => [e.id, e.type, e.consent])).toEqual([
      ['system', 'builtin', 'not-needed'],
      ['frontend', 'frontend', 'not-needed'],
      ['skills', 'builtin', 'not-needed'],
      ['agent-assistant', 'builtin', 'not-needed'],
    ])
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri).sort()).toEqual([...Object.values(HostResource), ACTIVITY_URI, TELEMETRY_URI, extensionLogUri('system'), extensionLogUri('frontend'), extensionLogUri('skills'), extensionLogUri('agent-assistant')].sort())
  })
})

describe('host server across connections and restarts', () => {
  it('notifies only subscribed connections, and stops after unsubscribe', async () => {
    const h = await startTestHost()
    const a = await h.connectOverWebSocket()
    const b = (await h.connectOverPorts()).client
    const seenA = updates(a)
    const seenB = updates(b)
    await a.subscribeResource({ uri: HostResource.sessions })
    await call(b, 'session_create', {})
    await until(() => seenA.length === 1, 'update on a')
    expect(seenB).toEqual([])
    await a.unsubscribeResource({ uri: HostResource.sessions })
    await call(b, 'session_create', {})
    await call(a, 'session_create', {})
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seenA).toHaveLength(1)
  })

  it('keeps sessions and settings in the data dir across a restart', async () => {
    const first = await startTestHost()
    const client = await first.connectOverWebSocket()
    const created = await call(client, 'session_create', { title: 'Keep me' })
    await call(client, 'settings_update', { patch: { theme: 'light' } })
    // Updates are off until turned on, and the choice outlives the run.
    expect(SettingsResourceSchema.parse(await readJson(client, HostResource.settings)).autoUpdate).toBe(false)
    await call(client, 'settings_update', { patch: { autoUpdate: true } })
    await first.stop({ keepData: true })

    const second = await startTestHost(first.dataDir)
    const again = await second.connectOverWebSocket()
    expect(SessionsResourceSchema.parse(await readJson(again, HostResource.sessions)).sessions).toEqual([created])
    expect(SettingsResourceSchema.parse(await readJson(again, HostResource.settings))).toMatchObject({ theme: 'light', autoUpdate: true })
    await second.stop()
    await rm(first.dataDir, { recursive: true, force: true })
  })
})
