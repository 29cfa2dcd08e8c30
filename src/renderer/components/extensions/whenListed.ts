/**
 * After an add or an import, the extension pages need the new extensions in the extensions
 * resource, whose update follows the host's answer by a round trip.
 */
import { useExtensionsStore } from '../../stores/extensionsStore'

/** Resolves once the extensions resource lists every id (or after a moment, whichever comes first). */
export function whenListed(ids: readonly string[], timeoutMs = 3000): Promise<void> {
  const has = () => ids.every((id) => useExtensionsStore.getState().extensions?.some((extension) => extension.id === id) ?? false)
  if (has()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    const unsubscribe = useExtensionsStore.subscribe(() => has() && done())
  })
}
