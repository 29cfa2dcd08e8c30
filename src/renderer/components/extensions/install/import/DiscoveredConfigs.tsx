/** "Found 3 servers in Claude Desktop — Import…": the other apps' config files found on this computer. */
import { useEffect, useState } from 'react'
import type { DiscoveredConfig, ImportSource } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { smallSecondaryButton } from '../../../ui'

interface Props {
  onImport: (source: ImportSource) => void
  disabled: boolean
}

type Found = { state: 'loading' } | { state: 'done'; configs: DiscoveredConfig[] } | { state: 'failed'; error: string }

export function DiscoveredConfigs({ onImport, disabled }: Props) {
  const client = useHostClient()
  const [found, setFound] = useState<Found>({ state: 'loading' })
  useEffect(() => {
    let live = true
    client.call('discovered_configs', {}).then(
      ({ configs }) => live && setFound({ state: 'done', configs }),
      (error: unknown) => live && setFound({ state: 'failed', error: errorMessage(error) }),
    )
    return () => {
      live = false
    }
  }, [client])

  if (found.state === 'loading') {
    return (
      <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
        Looking for Claude Desktop, Cursor and VS Code configs on this computer…
      </p>
    )
  }
  if (found.state === 'failed') {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">Could not look for other apps’ configs ({found.error}). Paste the config instead.</p>
  }
  if (found.configs.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No Claude Desktop, Cursor or VS Code config with MCP servers was found for this user. Paste one below.</p>
  }
  return (
    <ul aria-label="Configs found on this computer" className="space-y-2">
      {found.configs.map((config) => (
        <li key={config.source} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-200 px-3 py-2.5 dark:border-zinc-800">
          <div className="min-w-0">
            <p className="text-sm font-medium">{config.problem ? `${config.label}: its config could not be read` : config.summary}</p>
            <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{config.path}</p>
            {config.problem && <p className="mt-0.5 text-xs text-red-700 dark:text-red-400">{config.problem}</p>}
          </div>
          {!config.problem && config.serverCount > 0 && (
            <button type="button" className={smallSecondaryButton} disabled={disabled} onClick={() => onImport(config.source)}>
              Import from {config.label}…
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
