/**
 * `switchboard://sessions` in pages (sessionsPageApi.ts), through the host API as any client reads it:
 * the plain URI is the newest page (so the window's first draw reads one page, whatever the number of
 * sessions), `next` leads through the older ones, a session that moves to the top while someone pages
 * is neither skipped nor shown twice, and `?id=` reads one session.
 */
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { HostResource, MAX_SESSIONS_PAGE_SIZE, SESSIONS_PAGE_SIZE, SessionsResourceSchema, sessionsPageUri, type SessionSummary } from '../../../src/shared/hostApi'
import { dataDirWithSessions as makeDataDir } from '../../helpers/sessionsData'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { read } from '../../helpers/hostCalls'

const removals: (() => Promise<void>)[] = []
const startTestHost = testHostsStoppedAfterEach(async () => {
  await Promise.all(removals.splice(0).map((remove) => remove()))
})
async function dataDirWithSessions(count: number) {
  const made = await makeDataDir(count)
  removals.push(made.remove)
  return made
}

async function readPage(client: Client, uri: string) {
  return read(client, uri, SessionsResourceSchema)
}

describe('switchboard://sessions in pages', () => {
  it('serves the newest page at the plain URI and the rest through next, newest first, each session once', async () => {
    const { path, sessions } = await dataDirWithSessions(250)
    const h = await startTestHost(path)
    const { client } = await h.connectOverPorts()
    const newestFirst = [...sessions].reverse().map((session) => session.id)

    const first = await readPage(client, HostResource.sessions)
    // One page, not the whole list: the window's first draw reads 100 sessions of 250.
    expect(first.sessions).toHaveLength(SESSIONS_PAGE_SIZE)
    expect(first.total).toBe(250)
    expect(first.sessions.map((session) => session.id)).toEqual(newestFirst.slice(0, SESSIONS_PAGE_SIZE))
    expect(first.next).toBeDefined()

    const seen = [...first.sessions]
    let next = first.next
    while (next !== undefined) {
      const page = await readPage(client, sessionsPageUri({ before: next }))
      seen.push(...page.sessions)
      next = page.next
    }
    expect(seen.map((session) => session.id)).toEqual(newestFirst)
    // A page size of one's own, up to the largest.
    expect((await readPage(client, sessionsPageUri({ limit: 7 }))).sessions.map((session) => session.id)).toEqual(newestFirst.slice(0, 7))
    expect((await readPage(client, sessionsPageUri({ limit: MAX_SESSIONS_PAGE_SIZE }))).next).toBeUndefined()
  })

  it('keeps paging right while sessions change: the cursor is a place in the list, not a position', async () => {
    const { path, sessions } = await dataDirWithSessions(30)
    const h = await startTestHost(path)
    const { client } = await h.connectOverPorts()
    const first = await readPage(client, sessionsPageUri({ limit: 10 }))
    expect(first.sessions.at(-1)!.id).toBe(sessions[20]!.id)
    // While the reader is on the first page, the session its cursor names and one on the next page are deleted,
    // and one on the last page is renamed: counted by position, the next page would skip a session.
    await client.callTool({ name: 'session_delete', arguments: { id: sessions[20]!.id } })
    await client.callTool({ name: 'session_delete', arguments: { id: sessions[15]!.id } })
    await client.callTool({ name: 'session_rename', arguments: { id: sessions[3]!.id, title: 'Renamed' } })
    const rest: SessionSummary[] = []
    let next = first.next
    while (next !== undefined) {
      const page = await readPage(client, sessionsPageUri({ before: next, limit: 10 }))
      rest.push(...page.sessions)
      next = page.next
    }
    const expected = sessions.slice(0, 20).reverse().filter((session) => session.id !== sessions[15]!.id).map((session) => session.id)
    expect(rest.map((session) => session.id)).toEqual(expected)
    expect(rest.find((session) => session.id === sessions[3]!.id)?.title).toBe('Renamed')
  })

  it('reads one session by id, an empty list for one that does not exist, and names what is wrong in a bad query', async () => {
    const { path, sessions } = await dataDirWithSessions(150)
    const h = await startTestHost(path)
    const { client } = await h.connectOverPorts()
    const oldest = sessions[0]!
    expect(await readPage(client, sessionsPageUri({ id: oldest.id }))).toEqual({ sessions: [oldest], total: 150 })
    expect(await readPage(client, sessionsPageUri({ id: 'no-such-session' }))).toEqual({ sessions: [], total: 150 })
    await expect(client.readResource({ uri: `${HostResource.sessions}?limit=0` })).rejects.toThrow(/limit is a number of sessions from 1 to 1000/)
    await expect(client.readResource({ uri: `${HostResource.sessions}?before=yesterday` })).rejects.toThrow(/"next" of a page/)
    await expect(client.readResource({ uri: `${HostResource.sessions}?sort=title` })).rejects.toThrow(/not "sort"/)
    // The sessions' own resources are still theirs.
    await expect(client.readResource({ uri: `${HostResource.sessions}/${oldest.id}/history` })).resolves.toBeDefined()
  })
})
