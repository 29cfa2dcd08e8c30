/** Composition root of the Node host: shared services plus one host server per renderer connection. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { mkdir } from 'node:fs/promises'
import pkg from '../../../package.json'
import { openSessionIndex } from '../agent/sessionIndex'
import { openSettingsStore, type MakeConf } from '../settings/openSettings'
import { openSecretStore, type SecretStore } from '../secrets/secretStore'
import { createHostServer, type HostServices } from '../server/hostServer'
import { createNoticeBoard } from '../server/noticeBoard'
import { createExtensionService } from '../server/extensionService'
import { extensionsFile } from '../server/extensionsFile'
import { createElicitationBoard } from '../server/elicitationBoard'
import { resolveSecretRefsIn } from '../secrets/secretRefs'
import { openPermissions } from '../permissions'
import { approvalSource } from '../server/approvalSource'
import { observeCatalog } from '../server/permissionViews'
import { knownSecretValues } from '../server/knownSecretValues'
import { redactSecrets } from '../log/secretValues'
import { homedir } from 'node:os'
import { createModelService } from '../server/modelService'
import { createChatService } from '../server/chatService'
import { createSampling } from '../server/sampling'
import { log } from '../log/log'

export interface Host {
  readonly services: HostServices
  /** Serves the host API on a renderer transport until it closes. */
  connect(transport: Transport, label: string): Promise<void>
  /** Closes every open connection and stops every extension (children get stdin close → SIGTERM → SIGKILL). */
  close(): Promise<void>
}

export interface HostOptions {
  dataDir: string
  /** Makes the settings conf: electron-store in the app, `conf` in Node; both write atomically. */
  makeSettingsConf: MakeConf
  /** The OS keychain by default; tests pass a store under their own keychain service. */
  secrets?: Promise<SecretStore>
}

// The AI SDK writes its warnings to the console; the host reports problems through its own log.
;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false

export async function createHost({ dataDir, makeSettingsConf, secrets }: HostOptions): Promise<Host> {
  await mkdir(dataDir, { recursive: true })
  // The keychain probe may take a moment; it runs while the session index loads.
  const [sessions, secretStore] = await Promise.all([openSessionIndex(dataDir), secrets ?? openSecretStore()])
  const settings = openSettingsStore(dataDir, makeSettingsConf)
  const notices = createNoticeBoard()
  for (const notice of settings.takeNotices()) notices.add(notice)
  if (sessions.damage) notices.add(sessions.damage)
  const models = createModelService(dataDir, secretStore, (message) => notices.add({ message }))
  // Sampling needs the extension names, which exist once the service below does.
  const sampling = createSampling(models, (id) => extensions.core.manager.get(id)?.name ?? id, {
    policyOf: (id) => extensions.samplingPolicy(id),
    allowAlways: (id) => void extensions.setSampling(id, 'always'),
  })
  const extensions = createExtensionService({
    file: extensionsFile(dataDir),
    resolveSecrets: (values, owner) => resolveSecretRefsIn(values, secretStore, { usedBy: `extension "${owner}"` }),
    appVersion: pkg.version,
    notify: (message) => notices.add({ message }),
    handlers: { createMessage: (id, params, signal) => sampling.handle(id, params, signal) },
  })
  const secretValues = await knownSecretValues(secretStore)
  const permissions = await openPermissions(dataDir, { homeDir: homedir(), secretValues: secretValues.list, redact: redactSecrets })
  for (const notice of permissions.store.takeNotices()) notices.add(notice)
  const extensionName = (id: string) => extensions.core.manager.get(id)?.name ?? id
  const chat = await createChatService({ dataDir, sessions, extensions, permissions, models })
  const services: HostServices = {
    dataDir,
    version: pkg.version,
    sessions,
    settings,
    secrets: secretStore,
    notices,
    extensions,
    permissions,
    elicitations: createElicitationBoard([extensions.consent, approvalSource(permissions.broker, extensionName), sampling]),
    models,
    chat,
  }
  void services.models.detectOllama()
  const stopObserving = observeCatalog(extensions, permissions)
  // Extensions connect in the background; the host answers the window at once.
  extensions.start()
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
      await chat.stop()
      await stopObserving()
      secretValues.stop()
      permissions.close()
      await extensions.stop()
      await permissions.store.flush()
    },
  }
}
