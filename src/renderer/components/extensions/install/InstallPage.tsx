/**
 * Settings → Extensions → Add: one page, five ways in — the MCP Registry, an .mcpb bundle, a pasted
 * or found config of another app, an install link, or by hand. Whichever way, a program starts only
 * after the person approved exactly what it runs; a finished install opens the extension's page.
 */
import { useId } from 'react'
import { useViewStore, type InstallTab } from '../../../stores/viewStore'
import { BackIcon } from '../../icons'
import { panelElementId, tabElementId, Tabs, type TabItem } from '../../Tabs'
import { quietButton } from '../../ui'
import { AddExtensionForm } from '../add/AddExtensionForm'
import { BundleInstall } from './bundle/BundleInstall'
import { ImportTab } from './import/ImportTab'
import { LinkTab } from './link/LinkTab'
import { RegistryBrowser } from './registry/RegistryBrowser'
import { ManagedNote } from '../../policy/ManagedNote'
import { usePolicy } from '../../policy/usePolicy'

const tabs: readonly TabItem<InstallTab>[] = [
  { id: 'registry', label: 'Registry' },
  { id: 'bundle', label: 'Bundle' },
  { id: 'import', label: 'Paste or import' },
  { id: 'link', label: 'Install link' },
  { id: 'manual', label: 'By hand' },
]

interface Props {
  tab: InstallTab
  /** Fills in the Install link tab (a link the OS handed to the app). */
  link?: string
  requestId?: string
}

export function InstallPage({ tab, link, requestId }: Props) {
  const id = useId()
  const showExtensions = useViewStore((state) => state.showExtensions)
  const onInstalled = (extensionId: string) => showExtensions({ page: 'details', id: extensionId })
  const managed = usePolicy()?.managed
  const panel = () => {
    // A way of installing the organisation refuses: say so instead of offering a form the host would refuse.
    if (managed?.refusedSources.includes(tab)) return <ManagedNote detail="installing this way is not allowed on this computer." />
    switch (tab) {
      case 'registry':
        return <RegistryBrowser onInstalled={onInstalled} />
      case 'bundle':
        return <BundleInstall onInstalled={onInstalled} />
      case 'import':
        return <ImportTab onInstalled={onInstalled} />
      case 'link':
        // Keyed, so that a new link from the OS starts a fresh sheet.
        return <LinkTab key={requestId ?? 'pasted'} onInstalled={onInstalled} link={link} requestId={requestId} />
      case 'manual':
        return <AddExtensionForm embedded />
    }
  }
  return (
    <div className="space-y-5">
      <button type="button" className={`${quietButton} -ml-2.5`} onClick={() => showExtensions({ page: 'list' })}>
        <BackIcon className="size-3.5" />
        All extensions
      </button>
      <div>
        <h2 className="text-lg font-semibold">Install an extension</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          From the MCP Registry, a bundle, another app’s config, an install link, or by hand. Before a program starts for the first time, Switchboard shows you exactly what it will run and asks.
        </p>
      </div>
      {managed?.extensions && (
        <div className="space-y-0.5">
          {managed.extensionRules.map((rule) => (
            <ManagedNote key={rule} detail={rule} />
          ))}
        </div>
      )}
      <Tabs idPrefix={id} label="Ways to install" items={tabs} value={tab} onChange={(next) => showExtensions({ page: 'add', tab: next, link, requestId })} />
      <div role="tabpanel" id={panelElementId(id, tab)} aria-labelledby={tabElementId(id, tab)} tabIndex={0} className="focus-visible:outline-offset-4">
        {panel()}
      </div>
    </div>
  )
}
