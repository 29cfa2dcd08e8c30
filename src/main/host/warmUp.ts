/**
 * One host-API session the host holds with itself while it waits for the window: initialize, then a
 * subscription to and a read of the sessions and settings, over an in-memory pair, then closed. A
 * host session's first requests cost ~60 ms of CPU once per process (the SDK builds its request and
 * result schema tables on first use and zod compiles its fast paths); done here, in the ~100 ms the
 * page needs to load its script, they are off the window's first draw (issue 20: window usable
 * within 1.5× host ready). Raw frames rather than an SDK Client: the page side needs nothing but to
 * send and wait. It goes to the host unwatched by the start gate, so it never opens it.
 */
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server'
import { HostResource } from '../../shared/hostApi'
import type { Host } from './createHost'

/** What it subscribes to and reads: not the models resource, whose first read schedules the local-server lookup. */
const WARM_READS = [HostResource.sessions, HostResource.settings]
/** The window's revision (it stays on 2025-11-25 for resources/subscribe: see createHost's connect). */
const PROTOCOL_VERSION = '2025-11-25'

/** A host that has not answered by then is busy with something else: the warm-up gives up. */
const WARM_UP_LIMIT_MS = 5000

/** Resolves true once the host answered every request, false if it gave up; never rejects (it is only a warm-up). The session is closed either way. */
export async function warmUpHostSession(host: Pick<Host, 'connect'>): Promise<boolean> {
  const [page, main] = InMemoryTransport.createLinkedPair()
  const limit = setTimeout(() => void page.close(), WARM_UP_LIMIT_MS)
  limit.unref()
  const waiting = new Map<number, (answered: boolean) => void>()
  page.onclose = () => waiting.forEach((settle) => settle(false))
  page.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && typeof message.id === 'number' && !('method' in message)) waiting.get(message.id)?.('result' in message)
  }
  const request = (id: number, method: string, params: Record<string, unknown>) =>
    new Promise<boolean>((settle) => {
      waiting.set(id, settle)
      void page.send({ jsonrpc: '2.0', id, method, params })
    })
  try {
    await page.start()
    await host.connect(main, 'warm-up')
    const initialized = await request(0, 'initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'switchboard-warm-up', version: '1' } })
    if (!initialized) return false
    await page.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    const asked = WARM_READS.flatMap((uri) => [['resources/subscribe', uri], ['resources/read', uri]] as const)
    const answers = await Promise.all(asked.map(([method, uri], index) => request(index + 1, method, { uri })))
    return answers.every(Boolean)
  } catch {
    // A warm-up that fails changes nothing: the window's own session does the same work.
    return false
  } finally {
    clearTimeout(limit)
    await page.close()
  }
}
