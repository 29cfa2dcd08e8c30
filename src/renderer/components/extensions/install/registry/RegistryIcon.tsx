/** A server's icon (a sanitized data URL from main) or, without one, its first letter. */
import type { RegistryEntry } from '../../../../../shared/hostApi'
import { entryTitle } from './registryText'

export function RegistryIcon({ entry, size = 'size-9' }: { entry: Pick<RegistryEntry, 'name' | 'title' | 'icon'>; size?: string }) {
  // The window's CSP loads only data: images; main inlines the safe ones, anything else gets the letter.
  if (entry.icon?.startsWith('data:image/')) {
    return <img src={entry.icon} alt="" className={`${size} shrink-0 rounded-md border border-zinc-200 object-contain dark:border-zinc-700`} />
  }
  return (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-md bg-indigo-100 text-sm font-semibold text-indigo-700 uppercase dark:bg-indigo-500/20 dark:text-indigo-300`}>
      {entryTitle(entry).slice(0, 1)}
    </span>
  )
}
