/** Connects the zustand stores to the host's resources: the only way data enters them. */
import {
  AgentsResourceSchema,
  AppsResourceSchema,
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HooksResourceSchema,
  HostResource,
  InstallRequestsResourceSchema,
  ModelsResourceSchema,
  PermissionsResourceSchema,
  SettingsResourceSchema,
  ToolsResourceSchema,
} from '../../shared/hostApi'
import { useCatalogStore } from '../stores/catalogStore'
import { useElicitationsStore } from '../stores/elicitationsStore'
import { useExtensionsStore } from '../stores/extensionsStore'
import { useModelsStore } from '../stores/modelsStore'
import { usePermissionsStore } from '../stores/permissionsStore'
import { feedSessions } from './sessionsFeed'
import { useSettingsStore } from '../stores/settingsStore'
import { openInstallRequests } from '../stores/installRequests'
import type { HostClient } from './hostClient'
import { useAppsStore } from '../stores/appsStore'
import { useHooksStore } from '../stores/hooksStore'
import { useAgentsStore } from '../stores/agentsStore'

/**
 * Subscribes the stores; returns a function that unsubscribes them. What the first screen shows
 * (sessions, settings, models) is asked for at once; the rest once `later` lets it (after the
 * first draw: see firstDraw.ts), so that the host answers the first screen's reads first and the
 * page parses nothing else before drawing.
 */
export function feedStores(client: HostClient, later: (work: () => void) => void = (work) => work()): () => void {
  const unsubscribes = [
    feedSessions(client),
    client.subscribe(HostResource.settings, SettingsResourceSchema, (settings) => useSettingsStore.getState().setSettings(settings)),
    client.subscribe(HostResource.models, ModelsResourceSchema, (models) => useModelsStore.getState().setModels(models)),
  ]
  let stopped = false
  later(() => {
    if (stopped) return
    unsubscribes.push(
      client.subscribe(HostResource.elicitations, ElicitationsResourceSchema, ({ elicitations }) => useElicitationsStore.getState().setElicitations(elicitations)),
      client.subscribe(HostResource.extensions, ExtensionsResourceSchema, ({ extensions }) => useExtensionsStore.getState().setExtensions(extensions)),
      client.subscribe(HostResource.tools, ToolsResourceSchema, (catalog) => useCatalogStore.getState().setCatalog(catalog)),
      client.subscribe(HostResource.permissions, PermissionsResourceSchema, (permissions) => usePermissionsStore.getState().setPermissions(permissions)),
      client.subscribe(HostResource.apps, AppsResourceSchema, (apps) => useAppsStore.getState().setApps(apps)),
      client.subscribe(HostResource.hooks, HooksResourceSchema, ({ hooks }) => useHooksStore.getState().setHooks(hooks)),
      client.subscribe(HostResource.agents, AgentsResourceSchema, (agents) => useAgentsStore.getState().setAgents(agents)),
      client.subscribe(HostResource.installRequests, InstallRequestsResourceSchema, ({ requests }) => openInstallRequests(requests)),
    )
  })
  return () => {
    stopped = true
    unsubscribes.forEach((unsubscribe) => unsubscribe())
  }
}
