/**
 * One registry server: title, description, version, status (a deprecated server is installable but
 * warned about), links, and its ways to install — packages and remotes — each with its command or
 * URL preview; the chosen one's form below.
 */
import { useEffect, useId, useState } from 'react'
import type { RegistryServerDetails } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { useHostAction } from '../../../../hooks/useHostAction'
import { AlertIcon, BackIcon } from '../../../icons'
import { quietButton, secondaryButton } from '../../../ui'
import { DeprecatedBadge } from './RegistryList'
import { RegistryIcon } from './RegistryIcon'
import { RegistryInstallForm } from './RegistryInstallForm'
import { entryTitle, lastUpdatedText } from './registryText'

interface Props {
  name: string
  onBack: () => void
  onInstalled: (extensionId: string) => void
}

export function RegistryDetails({ name, onBack, onInstalled }: Props) {
  const id = useId()
  const client = useHostClient()
  const act = useHostAction()
  const [details, setDetails] = useState<RegistryServerDetails | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [chosen, setChosen] = useState(0)

  // Bumped by "Try again": the effect below fetches again, this time past the cache.
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    client.call('registry_server', { name, refresh: attempt > 0 }).then(
      (answer) => {
        if (!current) return
        setDetails(answer)
        setChosen(Math.max(0, answer.choices.findIndex((choice) => choice.unsupported === undefined)))
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    )
    return () => {
      current = false
    }
  }, [client, name, attempt])

  const back = (
    <button type="button" className={`${quietButton} -ml-2.5`} onClick={onBack}>
      <BackIcon className="size-3.5" />
      Back to the results
    </button>
  )
  if (error) {
    return (
      <div className="space-y-3">
        {back}
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300">{error}</p>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setError(null)
            setAttempt((count) => count + 1)
          }}
        >
          Try again
        </button>
      </div>
    )
  }
  if (!details) {
    return (
      <div className="space-y-3">
        {back}
        <p aria-live="polite" className="text-sm text-zinc-500 dark:text-zinc-400">Loading {name}…</p>
      </div>
    )
  }
  const choice = details.choices[chosen]
  const links = [
    { label: 'Repository', url: details.repositoryUrl },
    { label: 'Website', url: details.websiteUrl },
  ].filter((link): link is { label: string; url: string } => link.url !== undefined)

  return (
    <div className="space-y-5">
      {back}
      <div className="flex items-start gap-3">
        <RegistryIcon entry={details} size="size-12" />
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {entryTitle(details)}
            {details.status === 'deprecated' && <DeprecatedBadge />}
          </h3>
          <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">
            {details.name} · version {details.version}
          </p>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{details.description}</p>
          {links.length > 0 && (
            <p className="mt-2 flex gap-3 text-xs">
              {links.map((link) => (
                <a
                  key={link.label}
                  href={link.url}
                  title={link.url}
                  onClick={(event) => {
                    event.preventDefault()
                    void act('open_external', { url: link.url })
                  }}
                  className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {link.label}
                </a>
              ))}
            </p>
          )}
          <p className="mt-1 text-[11px] text-zinc-500 dark:text-zinc-400">Fetched {lastUpdatedText(details.lastUpdated)}</p>
        </div>
      </div>
      {details.status === 'deprecated' && (
        <p role="note" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          Its author marked this server as deprecated: it may stop working or have a replacement. Check its repository before installing.
        </p>
      )}
      {details.choices.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">This server lists no package or remote to install.</p>
      ) : (
        <fieldset>
          <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">How to install</legend>
          <div className="mt-1.5 space-y-2">
            {details.choices.map((option, index) => (
              <label
                key={`${option.kind}-${option.index}`}
                className={
                  'flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 ' +
                  (index === chosen ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500 dark:bg-indigo-500/10' : 'border-zinc-200 dark:border-zinc-700')
                }
              >
                <input type="radio" name={`${id}-choice`} checked={index === chosen} onChange={() => setChosen(index)} className="mt-1" aria-describedby={`${id}-choice-${index}`} />
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-all">{option.label}</span>
                  <span id={`${id}-choice-${index}`} className="block text-xs break-all text-zinc-600 dark:text-zinc-400">
                    {option.unsupported ?? <code className="font-mono">{option.preview}</code>}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {choice && choice.unsupported === undefined && <RegistryInstallForm key={`${choice.kind}-${choice.index}`} details={details} choice={choice} onInstalled={onInstalled} />}
    </div>
  )
}
