/**
 * One extension: its state and controls, what it runs or connects to, and tabs for its tools (each
 * runnable by hand), resources, prompts and log.
 */
import { useEffect, useRef, useState } from 'react'
import type { ExtensionView } from '../../../shared/hostApi'
import { useCatalogStore } from '../../stores/catalogStore'
import { useExtensionsStore } from '../../stores/extensionsStore'
import { useViewStore } from '../../stores/viewStore'
import { BackIcon } from '../icons'
import { quietButton, quietDangerButton } from '../ui'
import { isEditable } from './add/extensionForm'
import { Switch } from '../Switch'
import { Tabs, panelElementId, tabElementId } from '../Tabs'
import { PromptList, ToolList } from './CatalogLists'
import { ResourceBrowser } from '../resources/ResourceBrowser'
import { ConfigSummary } from './ConfigSummary'
import { SamplingSetting } from './SamplingSetting'
import { OutsideContentSetting } from './OutsideContentSetting'
import { LogLevelSetting } from './LogLevelSetting'
import { ExtensionRemoveConfirm } from './ExtensionRemoveConfirm'
import { BuiltInMark } from './BuiltInMark'
import { ExtensionStateNote } from './ExtensionStateNote'
import { ExtensionTypeIcon } from './ExtensionTypeIcon'
import { LogViewer } from './LogViewer'
import { StatusBadge } from './StatusBadge'
import { typeLabels } from './extensionText'
import { useExtensionControls } from './useExtensionControls'
import { RestartButton } from './RestartButton'
import { SignInButton, SignInSummary } from './SignInControls'
import { RegisteredClientForm } from './RegisteredClientForm'

type Panel = 'tools' | 'resources' | 'prompts' | 'log'

export function ExtensionDetailsPage({ id }: { id: string }) {
  const extension = useExtensionsStore((state) => state.extensions?.find((candidate) => candidate.id === id))
  const showExtensions = useViewStore((state) => state.showExtensions)
  if (!extension) {
    return (
      <div className="space-y-4">
        <BackButton />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          There is no extension <code className="font-mono">{id}</code> (any more).{' '}
          <button type="button" className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300" onClick={() => showExtensions({ page: 'list' })}>
            See all extensions
          </button>
        </p>
      </div>
    )
  }
  return <ExtensionDetails extension={extension} />
}

function BackButton() {
  const showExtensions = useViewStore((state) => state.showExtensions)
  return (
    <button type="button" className={`${quietButton} -ml-2.5`} onClick={() => showExtensions({ page: 'list' })}>
      <BackIcon className="size-3.5" />
      All extensions
    </button>
  )
}

const badgeCount = (count: number) => (
  <span className="rounded-full bg-zinc-100 px-1.5 text-[11px] leading-4 font-medium text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">{count}</span>
)

function ExtensionDetails({ extension }: { extension: ExtensionView }) {
  const catalog = useCatalogStore((state) => state.catalog)
  const showExtensions = useViewStore((state) => state.showExtensions)
  const controls = useExtensionControls(extension)
  const [panel, setPanel] = useState<Panel>('tools')
  const [removing, setRemoving] = useState<'no' | 'confirm' | 'busy'>('no')
  const heading = useRef<HTMLHeadingElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)

  // Arriving here (from the list or the add form), the page's heading takes the focus.
  useEffect(() => heading.current?.focus(), [])

  const tools = catalog?.tools.filter((tool) => tool.extensionId === extension.id) ?? []
  const switchedOff = catalog?.switchedOff.filter((tool) => tool.extensionId === extension.id) ?? []
  const resources = catalog?.resources.filter((resource) => resource.extensionId === extension.id) ?? []
  const prompts = catalog?.prompts.filter((prompt) => prompt.extensionId === extension.id) ?? []
  const ready = extension.status === 'ready'
  const notReady = ready ? '' : catalog === null ? 'Loading the catalog…' : 'Nothing to list until the extension is ready.'
  const prefix = `extension-${extension.id}`

  const remove = async () => {
    setRemoving('busy')
    if (await controls.remove()) showExtensions({ page: 'list' })
    else {
      setRemoving('no')
      removeButton.current?.focus()
    }
  }

  return (
    <div className="space-y-6">
      <BackButton />
      <header>
        <div className="flex items-start gap-3">
          <ExtensionTypeIcon type={extension.type} size="size-10" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold break-words focus-visible:outline-none">
                {extension.name}
              </h2>
              <StatusBadge extension={extension} />
            </div>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              <span>{typeLabels[extension.type]}</span>
              <span aria-hidden="true">·</span>
              <code className="font-mono">{extension.id}</code>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <SignInButton extension={extension} />
            <RestartButton controls={controls} />
            {!extension.builtIn && isEditable(extension.type) && (
              <button type="button" className={quietButton} onClick={() => showExtensions({ page: 'edit', id: extension.id })}>
                Edit
              </button>
            )}
            {extension.builtIn ? (
              <BuiltInMark />
            ) : (
              <button ref={removeButton} type="button" className={quietDangerButton} disabled={removing !== 'no'} onClick={() => setRemoving('confirm')}>
                Remove
              </button>
            )}
            <span aria-hidden="true" className="mx-1.5 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
            <Switch checked={controls.enabled} label={`Enable ${extension.name}`} onChange={(next) => void controls.setEnabled(next)} />
          </div>
        </div>
        {extension.builtIn && <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{extension.builtIn.description}</p>}
        <ExtensionStateNote extension={extension} />
        <SignInSummary extension={extension} />
        <RegisteredClientForm key={extension.id} extension={extension} />
        {removing !== 'no' && (
          <ExtensionRemoveConfirm
            name={extension.name}
            busy={removing === 'busy'}
            onConfirm={() => void remove()}
            onCancel={() => {
              setRemoving('no')
              removeButton.current?.focus()
            }}
          />
        )}
      </header>

      <section aria-labelledby={`${prefix}-config`} className="space-y-2">
        <h3 id={`${prefix}-config`} className="text-sm font-semibold">
          {extension.type === 'stdio' ? 'What it runs' : extension.type === 'sse' || extension.type === 'streamable-http' ? 'Where it connects' : 'Configuration'}
        </h3>
        <ConfigSummary extension={extension} />
        <SamplingSetting extension={extension} />
        <OutsideContentSetting extension={extension} />
        <LogLevelSetting extension={extension} />
      </section>

      <div>
        <Tabs<Panel>
          idPrefix={prefix}
          label={`${extension.name} details`}
          value={panel}
          onChange={setPanel}
          items={[
            { id: 'tools', label: <>Tools {badgeCount(tools.length + switchedOff.length)}</> },
            { id: 'resources', label: <>Resources {badgeCount(resources.length)}</> },
            { id: 'prompts', label: <>Prompts {badgeCount(prompts.length)}</> },
            { id: 'log', label: 'Log' },
          ]}
        />
        <div role="tabpanel" id={panelElementId(prefix, panel)} aria-labelledby={tabElementId(prefix, panel)} className="pt-4">
          {panel === 'tools' && <ToolList tools={tools} switchedOff={switchedOff} runnable={ready} notReady={notReady} tokenizer={catalog?.tokenizer ?? ''} />}
          {panel === 'resources' && <ResourceBrowser extensionId={extension.id} ready={ready} notReady={notReady} />}
          {panel === 'prompts' && <PromptList prompts={prompts} notReady={notReady} />}
          {panel === 'log' && <LogViewer extensionId={extension.id} />}
        </div>
      </div>
    </div>
  )
}
