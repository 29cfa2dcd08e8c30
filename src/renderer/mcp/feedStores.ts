/** Connects the zustand stores to the host's resources: the only way data enters them. */
import { HostResource, SessionsResourceSchema, SettingsResourceSchema } from '../../shared/hostApi'
import { useSessionsStore } from '../stores/sessionsStore'
import { useSettingsStore } from '../stores/settingsStore'
import type { HostClient } from './hostClient'

/** Subscribes the stores; returns a function that unsubscribes them. */
export function feedStores(client: HostClient): () => void {
  const unsubscribes = [
    client.subscribe(HostResource.sessions, SessionsResourceSchema, ({ sessions }) => useSessionsStore.getState().setSessions(sessions)),
    client.subscribe(HostResource.settings, SettingsResourceSchema, (settings) => useSettingsStore.getState().setSettings(settings)),
  ]
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
}
