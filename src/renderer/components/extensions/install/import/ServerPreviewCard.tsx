/**
 * One server of an import or an install link, as main previewed it: what it would run or connect to
 * (exactly), why it cannot be imported, what deserves a second look, name conflicts, the secrets it
 * asks for and the values that look like secrets (offered to move to the keychain, ticked by default).
 */
import { useId } from 'react'
import type { ImportServerPreview } from '../../../../../shared/hostApi'
import { AlertIcon, InfoIcon, KeyIcon } from '../../../icons'
import { textInput } from '../../../ui'
import { ExtensionStartDetails, Warnings } from '../../../consent/ExtensionStartDetails'
import { commandLine, ownSecretsToAsk, startSubject, type ServerChoiceState } from './importModel'
import { useSecretHome } from '../../../../hooks/useSecretHome'

interface Props {
  server: ImportServerPreview
  choice: ServerChoiceState
  onChange: (choice: ServerChoiceState) => void
  /** Set when an installed extension has the same name or id. */
  conflict?: string
  disabled: boolean
  /** A checkbox to leave the server out (several servers); an install link offers exactly one. */
  selectable: boolean
  /** Program and each argument apart (install sheet) instead of one command line (import list). */
  detailed?: boolean
}

const code =
  'block rounded-md border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 font-mono text-[13px] leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-900 ' +
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100'

/** "the value looks like a token" → "The value looks like a token." */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`

const typeLabel = { stdio: 'Program (stdio)', 'streamable-http': 'Streamable HTTP', sse: 'SSE' } as const

export function ServerPreviewCard({ server, choice, onChange, conflict, disabled, selectable, detailed = false }: Props) {
  const secrets = useSecretHome()
  const id = useId()
  const included = server.importable && choice.include
  const subject = startSubject(server)
  const ownSecrets = ownSecretsToAsk(server)
  return (
    <li
      aria-labelledby={`${id}-name`}
      data-server={server.key}
      className={`space-y-3 rounded-lg border p-4 ${server.importable ? 'border-zinc-200 dark:border-zinc-800' : 'border-red-200 dark:border-red-900/60'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {selectable && (
          <input
            id={`${id}-include`}
            type="checkbox"
            checked={included}
            disabled={disabled || !server.importable}
            onChange={(event) => onChange({ ...choice, include: event.target.checked })}
            aria-labelledby={`${id}-name`}
            className="size-4 shrink-0 accent-indigo-600"
          />
        )}
        <label htmlFor={selectable ? `${id}-include` : undefined} id={`${id}-name`} className="text-sm font-semibold break-all">
          {server.name}
        </label>
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{server.id}</span>
        {server.type && <span className="text-xs text-zinc-500 dark:text-zinc-400">{typeLabel[server.type]}</span>}
      </div>

      {server.problems.length > 0 && (
        <div role="note" aria-label="Problems" className="flex gap-2.5 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
          <div className="min-w-0">
            <p className="font-medium">This server cannot be imported:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-4">
              {server.problems.map((problem, index) => (
                <li key={index} className="break-words">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <Warnings warnings={server.warnings} />
      {conflict && (
        <p className="flex gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" />
          {conflict}
        </p>
      )}

      {subject && detailed && <ExtensionStartDetails subject={subject} />}
      {subject && !detailed && (
        <div className="space-y-1.5">
          <code data-testid="import-launch" className={code}>
            {subject.extensionType === 'stdio' ? commandLine(server) : server.url}
          </code>
          {(server.envNames.length > 0 || server.headerNames.length > 0) && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {server.type === 'stdio' ? 'Environment variables' : 'Headers'}: <span className="font-mono">{(server.type === 'stdio' ? server.envNames : server.headerNames).join(', ')}</span>{' '}
              (names only; values are never shown)
            </p>
          )}
          {server.cwd && <p className="text-xs text-zinc-500 dark:text-zinc-400">Working folder: <span className="font-mono">{server.cwd}</span></p>}
        </div>
      )}

      {included && (ownSecrets.length > 0 || server.secretSuggestions.length > 0) && (
        <fieldset className="space-y-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
          <legend className="sr-only">Secrets of {server.name}</legend>
          {ownSecrets.map((ask) => (
            <div key={ask.name}>
              <label htmlFor={`${id}-secret-${ask.name}`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
                {ask.field === 'env' ? 'Env variable' : 'Header'} <span className="font-mono">{ask.name}</span>
              </label>
              <input
                id={`${id}-secret-${ask.name}`}
                type="password"
                autoComplete="off"
                disabled={disabled}
                value={choice.secrets[ask.name] ?? ''}
                onChange={(event) => onChange({ ...choice, secrets: { ...choice.secrets, [ask.name]: event.target.value } })}
                aria-describedby={`${id}-secret-${ask.name}-hint`}
                className={`${textInput} mt-1.5`}
              />
              <p id={`${id}-secret-${ask.name}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                {ask.description ? `${ask.description} ` : ''}Stored {secrets.where} as {ask.secretName}.{secrets.warning ? ` ${secrets.warning}` : ''} Leave it empty to set it later; the extension waits for it.
              </p>
            </div>
          ))}
          {server.secretSuggestions.map((suggestion) => (
            <div key={suggestion.name} className="flex gap-2.5">
              <input
                id={`${id}-move-${suggestion.name}`}
                type="checkbox"
                disabled={disabled}
                checked={choice.move[suggestion.name] ?? true}
                onChange={(event) => onChange({ ...choice, move: { ...choice.move, [suggestion.name]: event.target.checked } })}
                aria-describedby={`${id}-move-${suggestion.name}-why`}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <div className="min-w-0 text-sm">
                <label htmlFor={`${id}-move-${suggestion.name}`} className="inline-flex items-center gap-1.5 font-medium">
                  <KeyIcon className="size-3.5 text-zinc-500" />
                  {secrets.persists ? 'Move ' : 'Keep '}<span className="font-mono">{suggestion.name}</span>{secrets.persists ? ` to ${secrets.store}?` : ' as a secret?'}
                </label>
                <p id={`${id}-move-${suggestion.name}-why`} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {sentence(suggestion.reason)} Ticked, its value is kept {secrets.where} instead of extensions.json.{secrets.warning ? ` ${secrets.warning}` : ''}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      )}
    </li>
  )
}
