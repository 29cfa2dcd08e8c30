/**
 * The window's session list in pages (mcp/sessionsFeed.ts, the code the page runs) against the real
 * host: the first read is one page, older pages load on request and stay current through changes,
 * and a session past the loaded pages is read by id.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createHostClient, type HostClient } from '../../src/renderer/mcp/hostClient'
import { feedSessions } from '../../src/renderer/mcp/sessionsFeed'
import { findSession, useSessionsStore } from '../../src/renderer/stores/sessionsStore'
import { SESSIONS_PAGE_SIZE } from '../../src/shared/hostApi'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'
import { dataDirWithSessions } from '../helpers/sessionsData'
import { startTestHost, type TestHost } from '../helpers/testHost'

let host: TestHost | undefined
let client: HostClient | undefined
let stop: (() => void) | undefined
let remove: (() => Promise<void>) | undefined
afterEach(async () => {
  stop?.()
  await client?.close()
  await host?.stop()
  await remove?.()
  useSessionsStore.setState({ sessions: null, hasMore: false, total: 0, single: {} })
})

async function windowOn(count: number) {
  const data = await dataDirWithSessions(count)
  remove = data.remove
  host = await startTestHost(data.path)
  const { mcp, token } = await host.browser()
  const errors: string[] = []
  client = createHostClient({ open: async () => new WebSocketClientTransport(new URL(`${mcp}?token=${token}`)), onState: () => {}, onError: (message) => errors.push(message) })
  stop = feedSessions(client, (message) => errors.push(message))
  return { sessions: data.sessions, errors }
}

const ids = () => useSessionsStore.getState().sessions?.map((session) => session.id)

describe('the window’s session list in pages', () => {
  it('reads one page first, loads older pages on request to the end, and keeps them through changes', async () => {
    const { sessions, errors } = await windowOn(250)
    await expect.poll(() => ids()?.length).toBe(SESSIONS_PAGE_SIZE)
    expect(useSessionsStore.getState()).toMatchObject({ hasMore: true, total: 250 })
    useSessionsStore.getState().loadMore()
    await expect.poll(() => ids()?.length).toBe(200)
    useSessionsStore.getState().loadMore()
    await expect.poll(() => ids()?.length).toBe(250)
    expect(useSessionsStore.getState().hasMore).toBe(false)
    expect(ids()).toEqual([...sessions].reverse().map((session) => session.id))

    // A change re-reads what is loaded: an old session renamed and a new one created show, nothing is lost or doubled.
    await client!.call('session_rename', { id: sessions[2]!.id, title: 'Renamed' })
    const created = await client!.call('session_create', { title: 'Newest' })
    await expect.poll(() => ids()?.[0]).toBe(created.id)
    await expect.poll(() => findSession(useSessionsStore.getState(), sessions[2]!.id)?.title).toBe('Renamed')
    expect(ids()).toHaveLength(251)
    expect(new Set(ids()).size).toBe(251)
    expect(errors).toEqual([])
  })

  it('reads a session past the loaded pages by id, and lets go of it when it is deleted', async () => {
    const { sessions, errors } = await windowOn(150)
    await expect.poll(() => ids()?.length).toBe(SESSIONS_PAGE_SIZE)
    const oldest = sessions[0]!
    expect(findSession(useSessionsStore.getState(), oldest.id)).toBeUndefined()
    useSessionsStore.getState().ensure(oldest.id)
    await expect.poll(() => findSession(useSessionsStore.getState(), oldest.id)).toEqual(oldest)
    await client!.call('session_delete', { id: oldest.id })
    await expect.poll(() => useSessionsStore.getState().single[oldest.id]).toBeNull()
    expect(errors).toEqual([])
  })
})
