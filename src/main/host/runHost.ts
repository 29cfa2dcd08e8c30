/**
 * The Node host without Electron: `npm run host` (headless, prints one JSON line) and
 * browser mode (`--browser`, prints the page URL with its access token). Started by cli.ts.
 */
import { parseArgs } from 'node:util'
import { homedir } from 'node:os'
import { resolve } from 'node:path'
import Conf from 'conf'
import { createHost } from './createHost'
import { openSecretStore } from '../secrets/secretStore'
import { startBrowserServer } from './web/browserServer'
import { defaultDataDir } from './dataDir'
import { DataDirInUseError, lockDataDir } from './dataDirLock'
import { log } from '../log/log'
import { createStartGate } from './startGate'
import { warmUpHostSession } from './warmUp'

const USAGE = 'Usage: npm run host -- [--data-dir DIR] [--port N] [--gateway-port N] [--browser]'

/** Runs the host; `rendererDir` is the built renderer (out/renderer) that browser mode serves. */
async function main(rendererDir: string): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'gateway-port': { type: 'string' },
      browser: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE + '\n')
    return
  }
  const portOption = (name: 'port' | 'gateway-port'): number | undefined => {
    const given = values[name]
    if (given === undefined) return undefined
    const port = Number(given)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--${name} must be a whole number from 0 to 65535, not "${given}".`)
    return port
  }
  const port = portOption('port') ?? 0
  const gatewayPort = portOption('gateway-port')
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir(process.platform, process.env, homedir()))
  // Before anything opens the folder: a second host on it would be a second writer (dataDirLock.ts).
  const lock = await lockDataDir(dataDir, { entryPoint: values.browser ? 'browser mode' : 'npm run host', elsewhere: 'pass another --data-dir' })
  // The keychain is probed and extensions start once the window has what it draws first (or a
  // moment after the host serves, when no window comes): loading a native binding, asking D-Bus and
  // starting servers is work the start and the first screen need not share the CPU with (startGate.ts).
  // Until the probe answers, secrets wait and settings say 'checking'; extensions show as starting.
  const gate = createStartGate()
  const ready = gate.opened
  const host = await createHost({
    dataDir,
    makeSettingsConf: (location) => new Conf({ ...location, projectName: 'switchboard' }),
    // Tests give each data folder a keychain service of its own, so runs never see each other's secrets.
    secrets: ready.then(() => openSecretStore(process.env.SWITCHBOARD_KEYCHAIN_SERVICE ? { service: process.env.SWITCHBOARD_KEYCHAIN_SERVICE } : {})),
    gatewayPort,
    startExtensionsAfter: ready,
  })
  const server = await startBrowserServer({ host: { ...host, connect: (transport, label) => host.connect(gate.watch(transport), label) }, rendererDir, port })
  // Asking for a port for connected apps turns their endpoint on.
  if (gatewayPort !== undefined && !host.services.gateway.view().enabled) await host.services.gateway.setEnabled(true)

  if (values.browser) {
    const gateway = host.services.gateway.url()
    const apps = gateway ? `Connected apps: ${gateway}\n` : 'Connected apps: off (turn them on in Settings → Connected apps)\n'
    process.stdout.write(`Switchboard is running in browser mode. Open ${server.url}?token=${server.token}\n${apps}(data: ${dataDir}; press Ctrl+C to stop)\n`)
  } else {
    // `gateway`: the connected apps' endpoint while it is on, else null.
    process.stdout.write(JSON.stringify({ url: server.url, mcp: server.mcp, token: server.token, gateway: host.services.gateway.url() }) + '\n')
  }
  log('info', 'host', `Serving ${server.url} with data in ${dataDir}`)
  gate.arm()
  server.prepare()
  void warmUpHostSession(host)

  let stopping = false
  // Browser mode is a person at a terminal: say that the stop was heard and when it is done (closing
  // the sessions and extensions can take a moment). The headless host's stdout stays its one JSON line.
  const say = (line: string) => values.browser && process.stdout.write(`${line}\n`)
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    // The terminal echoed ^C without a line break.
    say(`${signal === 'SIGINT' && process.stdout.isTTY ? '\n' : ''}Stopping Switchboard…`)
    await server.close()
    await host.close()
    lock.release()
    say('Switchboard stopped.')
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

export function runHost(rendererDir: string): void {
  main(rendererDir).catch((error: Error) => {
    // A folder in use is not a usage mistake: its one line says what to do.
    process.stderr.write(error instanceof DataDirInUseError ? `${error.message}\n` : `switchboard host: ${error.message}\n${USAGE}\n`)
    process.exit(1)
  })
}
