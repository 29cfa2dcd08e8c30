/**
 * A tool's own hints about what it does, as read-only badges. They are the server's claims, not
 * guarantees, and the titles say so.
 */
import type { CatalogToolView } from '../../../shared/hostApi'

const badge = 'inline-flex items-center rounded px-1.5 py-px text-[11px] font-medium ring-1 ring-inset whitespace-nowrap'

export function AnnotationBadges({ annotations }: { annotations: CatalogToolView['annotations'] }) {
  const shown: { label: string; title: string; className: string }[] = []
  if (annotations.readOnlyHint) {
    shown.push({
      label: 'Read-only',
      title: 'The server says this tool only reads and changes nothing.',
      className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    })
  } else if (annotations.destructiveHint) {
    shown.push({
      label: 'Destructive',
      title: 'The server says (or does not deny) that this tool may delete or overwrite things.',
      className: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25',
    })
  }
  if (annotations.openWorldHint) {
    shown.push({
      label: 'Open world',
      title: 'The server says (or does not deny) that this tool reaches outside services, e.g. the internet.',
      className: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25',
    })
  }
  if (shown.length === 0) return null
  return (
    <ul aria-label="Hints from the server" className="flex flex-wrap gap-1">
      {shown.map((item) => (
        <li key={item.label} title={item.title} className={`${badge} ${item.className}`}>
          {item.label}
        </li>
      ))}
    </ul>
  )
}
