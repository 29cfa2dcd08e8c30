/** Settings → Extensions: every installed extension with its state, and the ways to add one (the install page, or straight to its form). */
import { useRef } from 'react'
import { useExtensionsStore } from '../../stores/extensionsStore'
import { useViewStore } from '../../stores/viewStore'
import { PlugIcon, PlusIcon } from '../icons'
import { primaryButton, secondaryButton } from '../ui'
import { SettingsSection } from '../settings/SettingsSection'
import { ExtensionRow } from './ExtensionRow'
import { focusWhenLost } from '../focusWhenLost'

export function ExtensionList() {
  const extensions = useExtensionsStore((state) => state.extensions)
  const showExtensions = useViewStore((state) => state.showExtensions)
  const listHeading = useRef<HTMLHeadingElement>(null)

  return (
    <SettingsSection
      id="extensions"
      title="Extensions"
      description="MCP servers that give the assistant tools, resources and prompts. A program on this computer starts only after you approve exactly what it runs."
      action={
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={secondaryButton} onClick={() => showExtensions({ page: 'add', tab: 'manual' })}>
            Add extension by hand
          </button>
          <button type="button" className={primaryButton} onClick={() => showExtensions({ page: 'add', tab: 'registry' })}>
            <PlusIcon className="size-3.5" />
            Install extension
          </button>
        </div>
      }
    >
      <h3 ref={listHeading} tabIndex={-1} className="sr-only">
        Installed extensions
      </h3>
      {extensions === null ? (
        <p role="status" className="rounded-lg border border-zinc-200 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          Loading extensions…
        </p>
      ) : extensions.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
          <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <PlugIcon className="size-5" />
          </span>
          <p className="mt-3 text-sm font-medium">No extensions yet</p>
          <p className="mt-1 max-w-sm text-sm text-balance text-zinc-600 dark:text-zinc-400">
            Add a local program (stdio) or a server on the network (Streamable HTTP or SSE).
          </p>
        </div>
      ) : (
        <ul
          aria-label="Installed extensions"
          className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {extensions.map((extension) => (
            <ExtensionRow key={extension.id} extension={extension} onRemoved={() => focusWhenLost(listHeading.current)} />
          ))}
        </ul>
      )}
    </SettingsSection>
  )
}
