/** Words for registry data in the browser. */
import type { RegistryEntry } from '../../../../../shared/hostApi'

const kindLabels: Record<string, string> = { npm: 'npm', pypi: 'PyPI', oci: 'Docker', nuget: 'NuGet', mcpb: 'Bundle', remote: 'Remote' }

export const kindLabel = (kind: string) => kindLabels[kind] ?? kind

/** The name people read: the title, else the part after "namespace/". */
export const entryTitle = (entry: Pick<RegistryEntry, 'name' | 'title'>) => entry.title?.trim() || entry.name.slice(entry.name.indexOf('/') + 1)

/** "just now", "5 minutes ago", or a date for older answers. */
export function lastUpdatedText(iso: string, now = Date.now()): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return 'unknown'
  const minutes = Math.round((now - then) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  return new Date(then).toLocaleString()
}
