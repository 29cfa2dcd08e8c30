/**
 * An extension's resources on its details page: the resources it lists and its templates (each a
 * small form whose variables offer completion/complete suggestions). Choosing one reads it into a
 * preview beside the list, from where it can be attached to the message being written.
 */
import { useEffect, useState } from 'react'
import type { HostToolResult } from '../../../shared/hostApi'
import { errorMessage } from '../../mcp/errorText'
import { useHostClient } from '../../mcp/hostContext'
import { useCatalogStore } from '../../stores/catalogStore'
import { ResourcePreview } from './ResourcePreview'
import { TemplateForm } from './TemplateForm'
import { VisibleText } from '../VisibleText'

type Listing = HostToolResult<'resource_list'>
type Selected = { uri: string; name?: string }

const listClass =
  'divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900'
const headingClass = 'mb-2 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400'

function Note({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">{children}</p>
}

/** The extension's lists, read again whenever the catalog changes (resources/list_changed). */
function useResourceListing(extensionId: string, ready: boolean): { listing: Listing | null; error: string | null } {
  const client = useHostClient()
  const version = useCatalogStore((state) => state.catalog?.version)
  const [state, setState] = useState<{ key: string; listing: Listing | null; error: string | null } | null>(null)
  const key = `${extensionId}\n${version}`
  useEffect(() => {
    if (!ready) return
    let current = true
    client.call('resource_list', { extensionId }).then(
      (listing) => current && setState({ key, listing, error: null }),
      (error: unknown) => current && setState({ key, listing: null, error: errorMessage(error) }),
    )
    return () => {
      current = false
    }
  }, [client, extensionId, ready, key])
  return state ?? { listing: null, error: null }
}

export function ResourceBrowser({ extensionId, ready, notReady }: { extensionId: string; ready: boolean; notReady: string }) {
  const { listing, error } = useResourceListing(extensionId, ready)
  const [selected, setSelected] = useState<Selected | null>(null)
  if (!ready) return <Note>{notReady || 'Nothing to list until the extension is ready.'}</Note>
  if (error) return <Note>{`The resources could not be listed: ${error}`}</Note>
  if (!listing) return <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">Listing resources…</p>
  if (listing.resources.length === 0 && listing.templates.length === 0) return <Note>This extension offers no resources.</Note>

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-4">
        {listing.resources.length > 0 && (
          <section>
            <h4 className={headingClass}>Resources</h4>
            <ul aria-label="Resources" className={`${listClass} max-h-[28rem] overflow-auto`}>
              {listing.resources.map((resource) => (
                <li key={resource.uri}>
                  <button
                    type="button"
                    aria-current={selected?.uri === resource.uri}
                    onClick={() => setSelected({ uri: resource.uri, name: resource.title ?? resource.name })}
                    className="block w-full px-4 py-2 text-left hover:bg-zinc-50 aria-[current=true]:bg-indigo-50 focus-visible:-outline-offset-2 dark:hover:bg-zinc-800/60 dark:aria-[current=true]:bg-indigo-500/10"
                  >
                    <span className="flex flex-wrap items-baseline gap-x-2">
                      <span className="text-sm font-medium">
                        <VisibleText text={resource.title ?? resource.name} />
                      </span>
                      {resource.mimeType && <span className="text-xs text-zinc-500 dark:text-zinc-400">{resource.mimeType}</span>}
                    </span>
                    <span className="block font-mono text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{resource.uri}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {listing.templates.length > 0 && (
          <section>
            <h4 className={headingClass}>Templates</h4>
            <ul aria-label="Resource templates" className={listClass}>
              {listing.templates.map((template) => (
                <li key={template.uriTemplate} className="px-4 py-2.5">
                  <TemplateForm extensionId={extensionId} template={template} onOpen={(uri) => setSelected({ uri })} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="min-w-0 self-start rounded-lg border border-zinc-200 p-3 lg:sticky lg:top-4 dark:border-zinc-800">
        {selected ? (
          <ResourcePreview key={selected.uri} extensionId={extensionId} uri={selected.uri} name={selected.name} />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Choose a resource, or fill in a template, to see it here.</p>
        )}
      </div>
    </div>
  )
}
