/** Composition root of the Node host: shared services plus one host server per renderer connection. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { mkdir } from 'node:fs/promises'
import pkg from '../../../package.json'
import { openSessionIndex } from '../agent/sessionIndex'
import { createSettingsStore, type ConfLike } from '../settings/settingsStore'
import { createHostServer, type HostServices } from '../server/hostServer'
import { log } from '../log/log'

export interface Host {
  readonly services: HostServices
  /** Serves the host API on a renderer transport until it closes. */
  connect(transport: Transport, label: string): Promise<void>
  /** Closes every open connection. */
  close(): Promise<void>
}

export interface HostOptions {
  dataDir: string
  /** electron-store in the app, `conf` in Node; both write atomically. */
  settingsConf: ConfLike
}

export async function createHost({ dataDir, settingsConf }: HostOptions): Promise<Host> {
  await mkdir(dataDir, { recursive: true })
  const services: HostServices = {
    dataDir,
    version: pkg.version,
    sessions: await openSessionIndex(dataDir),
    settings: createSettingsStore(settingsConf),
    // The extension manager plugs in here; until then the list is real and empty.
    extensions: { list: () => [], onChange: () => () => undefined },
  }
  const open = new Set<Transport>()

  return {
    services,
    async connect(transport, label) {
      const { server, dispose } = createHostServer(services)
      server.server.onerror = (error) => log('warn', `host:${label}`, error.message)
      server.server.onclose = () => {
        open.delete(transport)
        dispose()
      }
      open.add(transport)
      await server.connect(transport)
    },
    async close() {
      await Promise.all([...open].map((transport) => transport.close()))
    },
  }
}
