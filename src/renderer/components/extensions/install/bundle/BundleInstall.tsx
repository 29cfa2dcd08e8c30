/** PLACEHOLDER owned by the bundle helper: install an .mcpb bundle. */
import type { InstallTabProps } from '../installProps'

export function BundleInstall(_props: InstallTabProps) {
  return <p>Bundle install</p>
}
