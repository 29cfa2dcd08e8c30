/** PLACEHOLDER owned by the registry helper: search and install from the MCP Registry. */
import type { InstallTabProps } from '../installProps'

export function RegistryBrowser(_props: InstallTabProps) {
  return <p>Registry browser</p>
}
