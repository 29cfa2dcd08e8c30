/** A real host on a temporary data dir, plus ways to connect SDK clients to it as a renderer would. */
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { Client } from '@modelcontextprotocol/client'
import type { Transport } from '@modelcontextprotocol/client'
import Conf from 'conf'
import { afterEach } from 'vitest'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { openSecretStore } from '../../src/main/secrets/secretStore'
import { createHost, type Host, type HostOptions } from '../../src/main/host/createHost'
import { startBrowserServer, type BrowserServer } from '../../src/main/host/web/browserServer'
import { PortTransport, domPort, emitterPort, type EmitterPortLike } from '../../src/shared/portTransport'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'
import { tempDir } from './tempDir'

/**
 * Electron's MessagePortMain emits `message` with `{ data }`; Node's MessagePort emits the bare value.
 * This shim (the only stand-in for Electron here) gives a Node port the MessagePortMain shape.
 */
export function fakeElectronPort(port: MessagePort): EmitterPortLike {
  return {
    on: ((event: 'message' | 'close', listener: (arg?: { data: unknown }) => void) =>
      event === 'message' ? port.on('message', (data: unknown) => listener({ data })) : port.on('close', () => listener())) as EmitterPortLike['on'],
    postMessage: (message) => port.postMessage(message),
    start: () => port.start(),
    close: () => port.close(),
  }
}

export interface TestHost {
  dataDir: string
  host: Host
  /** A client connected over a MessageChannel, main side shaped like Electron's port. */
  connectOverPorts(options?: { maxFrameBytes?: number }): Promise<{ client: Client; pagePort: MessagePort }>
  /** The browser-mode server (started on first use). */
  browser(options?: { maxFrameBytes?: number }): Promise<BrowserServer>
  connectOverWebSocket(): Promise<Client>
  /** Resolves when every file write the host has started is on disk (before scanning the data dir). */
  settle(): Promise<void>
  /** Closes clients, server and host, and (unless kept) deletes the data dir; a second call does nothing. */
  stop(options?: { keepData?: boolean }): Promise<void>
}

export function newClient(): Client {
  return new Client({ name: 'test-renderer', version: '0.0.0' })
}

/** `options`: host options a test needs to vary (short question timeouts, an injected link opener, a managed policy file of its own). */
export async function startTestHost(dataDir?: string, options: Pick<HostOptions, 'questionTimeoutMs' | 'openExternal' | 'policyPath' | 'routineClock' | 'notifyOs' | 'skillsHome' | 'reviewTimeoutMs'> = {}): Promise<TestHost> {
  const dir = dataDir ? { path: dataDir, remove: async () => undefined } : await tempDir()
  const host = await createHost({
    dataDir: dir.path,
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard-test' }),
    // A keychain service of its own, so tests never touch real Switchboard secrets or each other's.
    secrets: openSecretStore({ service: `Switchboard-test-${randomUUID()}` }),
    // Never this computer's own managed policy: none, unless the test writes one.
    policyPath: join(dir.path, 'managed', 'policy.json'),
    // Personal skills from the data folder's own home, never the real ~/.agents/skills.
    skillsHome: dir.path,
    ...options,
  })
  const clients: Client[] = []
  const transports: Transport[] = []
  let server: BrowserServer | undefined
  let stopped: Promise<void> | undefined

  const testHost: TestHost = {
    dataDir: dir.path,
    host,
    async connectOverPorts(options = {}) {
      const { port1, port2 } = new MessageChannel()
      const mainSide = new PortTransport(emitterPort(fakeElectronPort(port1)), options)
      transports.push(mainSide)
      await host.connect(mainSide, 'test-ports')
      const client = newClient()
      await client.connect(new PortTransport(domPort(port2 as never), options))
      clients.push(client)
      return { client, pagePort: port2 }
    },
    async browser(options = {}) {
      server ??= await startBrowserServer({ host, rendererDir: dir.path, ...options })
      return server
    },
    async connectOverWebSocket() {
      const { mcp, token } = await testHost.browser()
      const client = newClient()
      await client.connect(new WebSocketClientTransport(new URL(`${mcp}?token=${token}`)))
      clients.push(client)
      return client
    },
    async settle() {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await host.services.permissions.store.flush()
      // A token's use is noted in the background: the file must not be mid-write when a test reads it.
      await host.services.gateway.flush()
    },
    stop(options = {}) {
      stopped ??= (async () => {
        await Promise.all(clients.map((client) => client.close()))
        await Promise.all(transports.map((transport) => transport.close()))
        await server?.close()
        await host.close()
        if (!options.keepData) await dir.remove()
      })()
      return stopped
    },
  }
  return testHost
}

/**
 * For a test file whose tests start hosts: the returned `start` is startTestHost, and every host it
 * started is stopped after its test, then `afterStop` runs (stop the file's other servers, check
 * that no child process is left).
 */
export function testHostsStoppedAfterEach(afterStop: () => Promise<void> = async () => {}): typeof startTestHost {
  let started: TestHost[] = []
  afterEach(async () => {
    await Promise.all(started.map((h) => h.stop()))
    started = []
    await afterStop()
  })
  return async (dataDir, options) => {
    const h = await startTestHost(dataDir, options)
    started.push(h)
    return h
  }
}
