/** The host's warm-up session: a real host answers it, and it leaves nothing open or changed behind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warmUpHostSession } from '../../../src/main/host/warmUp'
import { HostResource } from '../../../src/shared/hostApi'
import { startTestHost, type TestHost } from '../../helpers/testHost'

let h: TestHost
beforeAll(async () => (h = await startTestHost()))
afterAll(() => h.stop())

describe('warming up a host session', () => {
  it('is answered by a real host, and a window connecting afterwards is served as usual', async () => {
    expect(await warmUpHostSession(h.host)).toBe(true)
    const { client } = await h.connectOverPorts()
    const read = await client.readResource({ uri: HostResource.sessions })
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ sessions: [], total: 0 })
  })

  it('creates no session and writes nothing the window would show', async () => {
    await warmUpHostSession(h.host)
    expect(h.host.services.sessions.list()).toEqual([])
  })

  it('gives up with false, never an exception, when the host cannot take the session', async () => {
    const failing = { connect: () => Promise.reject(new Error('no host')) }
    expect(await warmUpHostSession(failing)).toBe(false)
  })
})
