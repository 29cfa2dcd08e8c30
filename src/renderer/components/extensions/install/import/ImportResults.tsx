/**
 * What an import did, server by server, with each added extension's live state: it waits for the
 * approval dialog (which shows exactly what it runs) and then starts. Failed ones say why.
 */
import type { ExtensionImportResult } from '../../../../../shared/hostApi'
import { useSecretHome } from '../../../../hooks/useSecretHome'
import { useExtensionsStore } from '../../../../stores/extensionsStore'
import { AlertIcon, CheckIcon } from '../../../icons'
import { smallSecondaryButton } from '../../../ui'
import { StatusBadge } from '../../StatusBadge'

interface Props {
  result: ExtensionImportResult
  onOpen: (extensionId: string) => void
}

export function ImportResults({ result, onOpen }: Props) {
  const extensions = useExtensionsStore((state) => state.extensions)
  const secrets = useSecretHome()
  const added = result.results.filter((server) => server.outcome === 'added').length
  return (
    <section aria-label="Import results" className="space-y-3">
      <p role="status" className="text-sm font-medium">
        {added === 0 ? 'Nothing was imported.' : `Imported ${added} ${added === 1 ? 'server' : 'servers'}. Each waits for your approval before it first starts.`}
      </p>
      {result.problems.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-800 dark:text-red-300">
          {result.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {result.results.map((server) => {
          const view = extensions?.find((extension) => extension.id === server.id)
          return (
            <li key={`${server.id}-${server.key}`} data-result={server.key} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2.5">
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  {server.outcome === 'added' ? <CheckIcon className="size-4 text-emerald-600" /> : server.outcome === 'failed' ? <AlertIcon className="size-4 text-red-600" /> : null}
                  {server.name}
                  {server.outcome === 'skipped' && <span className="font-normal text-zinc-500 dark:text-zinc-400">(skipped)</span>}
                </p>
                {server.errors.map((error, index) => (
                  <p key={index} className="mt-0.5 text-xs break-words text-red-700 dark:text-red-400">
                    {error}
                  </p>
                ))}
                {server.storedSecrets.length > 0 && (
                  <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Kept {secrets.where}: {server.storedSecrets.join(', ')}</p>
                )}
                {server.missingSecrets.length > 0 && (
                  <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">Still to set on its page: {server.missingSecrets.join(', ')}</p>
                )}
              </div>
              {server.outcome === 'added' && (
                <div className="flex items-center gap-2">
                  {view && <StatusBadge extension={view} />}
                  <button type="button" className={smallSecondaryButton} onClick={() => onOpen(server.id)} aria-label={`Open ${server.name}`}>
                    Open
                  </button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
