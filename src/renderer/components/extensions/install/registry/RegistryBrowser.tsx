/**
 * Install from the MCP Registry: search (debounced, paged by cursor, with "last updated"), a
 * server's details and ways to install, the generated form, then install — the extension waits for
 * the consent dialog before it first starts. The search state survives opening a server's details.
 */
import { useState } from 'react'
import { DEFAULT_REGISTRY_URL } from '../../../../../shared/hostApi'
import { useSettingsStore } from '../../../../stores/settingsStore'
import type { InstallTabProps } from '../installProps'
import { RegistryDetails } from './RegistryDetails'
import { RegistryList } from './RegistryList'
import { RegistrySource } from './RegistrySource'
import { useRegistrySearch } from './useRegistrySearch'

export function RegistryBrowser({ onInstalled }: InstallTabProps) {
  const registryUrl = useSettingsStore((state) => state.settings?.registryUrl) ?? DEFAULT_REGISTRY_URL
  const search = useRegistrySearch(registryUrl)
  const [open, setOpen] = useState<string | null>(null)
  return open === null ? (
    <div className="space-y-3">
      <RegistrySource registryUrl={registryUrl} />
      <RegistryList search={search} onOpen={(entry) => setOpen(entry.name)} />
    </div>
  ) : (
    <RegistryDetails name={open} onBack={() => setOpen(null)} onInstalled={onInstalled} />
  )
}
