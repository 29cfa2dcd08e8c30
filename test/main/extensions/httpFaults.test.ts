/**
 * Streamable HTTP against the HTTP fixture server: header secrets (canary), list_changed on the
 * GET stream, and F18 — 401, 5xx, session expiry (404) and a server that goes away.
 */
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { toModelResult, type CallOutcome } from '../../../src/main/extensions/dispatch/toolDispatch'
import { config, expectNoChildren, fixture, startHttpFixture, stopAllManagers, stopHttpFixtures, testCore, testTimeouts, until, untilStatus } from './harness'

afterEach(async () => {
  await stopAllManagers()
  await stopHttpFixtures()
  await expectNoChildren()
})

function text(outcome: CallOutcome): string {
  return toModelResult(outcome)
    .content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
}

const httpConfig = (url: string, headers: Record<string, string> = {}) =>
  config({ id: 'remote', name: 'Remote', type: 'streamable-http', url, headers, timeouts: testTimeouts })

describe('streamable HTTP extensions', () => {
  it('sends a ${secret:…} header value to the server and keeps it out of snapshots and the log', async () => {
    const server = await startHttpFixture()
    const canary = 'canary-header-5e6f7a8b9c'
    const core = testCore([httpConfig(server.url, { Authorization: 'Bearer ${secret:extension:remote:header:Authorization}' })])
    core.secrets.set('extension:remote:header:Authorization', canary)
    await core.manager.restart('remote')
    await untilStatus(core.manager, 'remote', 'ready')
    expect(server.requests.some((request) => request.authorization === `Bearer ${canary}`)).toBe(true)
    expect(JSON.stringify(core.manager.list())).not.toContain(canary)
    expect(JSON.stringify(core.manager.log('remote'))).not.toContain(canary)
    expect(core.manager.get('remote')?.config).toMatchObject({ headers: { Authorization: 'Bearer ${secret:extension:remote:header:Authorization}' } })
  })

  it('refuses a header secret with a newline, naming the secret and never showing its value', async () => {
    const server = await startHttpFixture()
    const canary = 'canary-newline-7d8e9f0a1b'
    const core = testCore([httpConfig(server.url, { Authorization: 'Bearer ${secret:extension:remote:header:Authorization}' })])
    core.secrets.set('extension:remote:header:Authorization', `${canary}\nX-Injected: 1`)
    await core.manager.restart('remote')
    await untilStatus(core.manager, 'remote', 'needs-config')
    const error = core.manager.get('remote')?.error ?? ''
    expect(error).toContain('"extension:remote:header:Authorization"')
    expect(error).toMatch(/control character/)
    expect(JSON.stringify(core.manager.list())).not.toContain(canary)
    expect(server.requests).toEqual([])
  })

  it("redacts the extension's error when a hostile server quotes the token back in it", async () => {
    const server = await startHttpFixture()
    const canary = 'canary-echoed-2c3d4e5f6a'
    await server.control('fail=500&count=100&echo=1')
    const core = testCore([httpConfig(server.url, { Authorization: 'Bearer ${secret:extension:remote:header:Authorization}' })])
    core.secrets.set('extension:remote:header:Authorization', canary)
    await core.manager.restart('remote')
    await untilStatus(core.manager, 'remote', 'error')
    const error = core.manager.get('remote')?.error ?? ''
    expect(error).toMatch(/failing on purpose; you sent Bearer/)
    expect(error).toContain('${secret:extension:remote:header:Authorization}')
    expect(JSON.stringify(core.manager.list())).not.toContain(canary)
  })

  it('follows list_changed sent on the standalone GET stream', async () => {
    const server = await startHttpFixture()
    const core = testCore([httpConfig(server.url)])
    await untilStatus(core.manager, 'remote', 'ready')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'the first list')
    await new Promise((resolve) => setTimeout(resolve, 200)) // the client opens its GET stream after initialize
    expect(text(await core.dispatcher.call({ name: 'remote__add_tool', arguments: { name: 'later' } }))).toBe('added')
    await until(() => core.cache.lookup('remote__later') !== undefined, 'the announced tool')
  })

  it('F18: a 401 at connect needs configuration and is not retried', async () => {
    const server = await startHttpFixture()
    await server.control('require=right-token')
    const core = testCore([httpConfig(server.url, { Authorization: 'Bearer wrong-token' }), fixture('sibling')])
    await untilStatus(core.manager, 'remote', 'needs-config')
    expect(core.manager.get('remote')?.error).toMatch(/HTTP 401/)
    await untilStatus(core.manager, 'sibling', 'ready')
  })

  it('F18: a 5xx fails that call with the status; the extension stays ready and the next call works', async () => {
    const server = await startHttpFixture()
    const core = testCore([httpConfig(server.url)])
    await untilStatus(core.manager, 'remote', 'ready')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'tools')
    await server.control('fail=503&count=1')
    const failed = await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'a' } })
    expect(failed.status).toBe('failed')
    expect(text(failed)).toMatch(/503/)
    expect(core.manager.get('remote')?.status).toBe('ready')
    expect(text(await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'b' } }))).toBe('b')
  })

  it('F18: an expired session (404) starts a new session; calls work again', async () => {
    const server = await startHttpFixture()
    const core = testCore([httpConfig(server.url)])
    await untilStatus(core.manager, 'remote', 'ready')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'tools')
    const sessions = core.manager.get('remote')!.sessionCount
    await server.control('expire=1')
    const failed = await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'a' } })
    expect(failed.status).toBe('failed')
    await until(() => core.manager.get('remote')?.sessionCount === sessions + 1 && core.manager.get('remote')?.status === 'ready', 'a new session')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'tools again')
    expect(text(await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'back' } }))).toBe('back')
    expect(core.manager.log('remote').some((entry) => /HTTP 404/.test(entry.text))).toBe(true)
  })

  it('a server that answers only POST (its optional GET stream is 404) stays connected: one warning, no new session', async () => {
    const server = await startHttpFixture()
    await server.control('get=404')
    const core = testCore([httpConfig(server.url)])
    await untilStatus(core.manager, 'remote', 'ready')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'tools')
    await until(() => server.requests.some((request) => request.method === 'GET'), 'the GET stream attempt')
    await until(() => core.manager.log('remote').some((entry) => /optional event stream \(GET answered HTTP 404\)/.test(entry.text)), 'the warning')
    expect(text(await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'still here' } }))).toBe('still here')
    const remote = core.manager.get('remote')!
    expect(remote.status).toBe('ready')
    expect(remote.sessionCount).toBe(1)
    expect(core.manager.log('remote').some((entry) => /no longer knows this session/.test(entry.text))).toBe(false)
  })

  it('F18: a server that goes away is noticed on the next call and retried with backoff', async () => {
    const server = await startHttpFixture()
    const core = testCore([httpConfig(server.url)])
    await untilStatus(core.manager, 'remote', 'ready')
    await until(() => core.cache.lookup('remote__echo') !== undefined, 'tools')
    const exited = once(server.child, 'exit')
    server.child.kill('SIGKILL')
    await exited
    const failed = await core.dispatcher.call({ name: 'remote__echo', arguments: { text: 'a' } })
    expect(failed.status).toBe('failed')
    await until(() => core.manager.get('remote')?.restartAt !== undefined || core.manager.get('remote')?.status === 'starting', 'a scheduled restart')
    expect(core.manager.log('remote').some((entry) => /cannot be reached/.test(entry.text))).toBe(true)
  })
})
