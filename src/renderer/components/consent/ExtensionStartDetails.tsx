/**
 * Exactly what starting an extension will do, as main described it: the program and each argument
 * (monospace, wrapped, never truncated), environment variable names, working folder, or the URL and
 * header names; warnings first. Nothing here is composed by the renderer but where secrets and
 * tokens are kept, which the window knows as it changes (useSecretHome).
 */
import type { ExtensionStartSubject } from '../../../shared/hostApi'
import { useSecretHome } from '../../hooks/useSecretHome'
import { AlertIcon } from '../icons'

const term = 'text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400'
const code =
  'block rounded-md border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 font-mono text-[13px] leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-900 ' +
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100'
const chip = 'rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs wrap-anywhere text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'

function Names({ names, empty }: { names: readonly string[] | undefined; empty: string }) {
  if (!names || names.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>
  return (
    <ul className="flex flex-wrap gap-1.5">
      {names.map((name) => (
        <li key={name} className={chip}>
          {name}
        </li>
      ))}
    </ul>
  )
}

export function Warnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null
  return (
    <div role="note" aria-label="Warnings" className="rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700/70 dark:bg-amber-950/40">
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-950 dark:text-amber-100">
        <AlertIcon className="size-4 text-amber-600 dark:text-amber-400" />
        {warnings.length === 1 ? 'Look at this before you allow it' : `Look at these ${warnings.length} things before you allow it`}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 pl-6 text-sm text-amber-900 dark:text-amber-100/90">
        {warnings.map((warning, index) => (
          <li key={index} className="break-words">
            {warning}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Every keychain secret the extension will receive: the person approves these names with the launch. */
function SecretNames({ names }: { names: readonly string[] | undefined }) {
  const secrets = useSecretHome()
  // Main always sends the list; a preview composed before install (an import) has none to show.
  if (names === undefined) return null
  return (
    <div>
      <dt className={term}>Secrets it receives</dt>
      <dd className="mt-1.5" data-testid="consent-secrets">
        <Names names={names} empty="None." />
        {names && names.length > 0 && (
          <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">Their values are kept {secrets.where}; it receives them when it starts, and they are never shown.</p>
        )}
      </dd>
    </div>
  )
}

/** Main's sign-in sentence says how; where the tokens then live is the window's to say, as it changes. */
function TokensKept() {
  return <>Its tokens are kept {useSecretHome().where}.</>
}

export function ExtensionStartDetails({ subject }: { subject: ExtensionStartSubject }) {
  if (subject.extensionType === 'stdio') {
    const args = subject.args ?? []
    return (
      <dl className="space-y-4">
        <div>
          <dt className={term}>Program</dt>
          <dd className="mt-1.5">
            <code data-testid="consent-command" className={code}>
              {subject.command ?? ''}
            </code>
          </dd>
        </div>
        <div>
          <dt className={term}>
            Arguments <span className="font-normal normal-case">({args.length})</span>
          </dt>
          <dd className="mt-1.5">
            {args.length === 0 ? (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">None</p>
            ) : (
              <ol aria-label="Arguments" className="space-y-1">
                {args.map((arg, index) => (
                  <li key={index} className="flex items-start gap-2">
                    <span aria-hidden="true" className="w-5 shrink-0 pt-1.5 text-right text-xs text-zinc-400 tabular-nums dark:text-zinc-500">
                      {index + 1}
                    </span>
                    <code className={`${code} min-w-0 flex-1`}>{arg === '' ? '(empty)' : arg}</code>
                  </li>
                ))}
              </ol>
            )}
          </dd>
        </div>
        <div>
          <dt className={term}>Environment variables</dt>
          <dd className="mt-1.5">
            <Names names={subject.envNames} empty="None of its own." />
            {subject.envNames && subject.envNames.length > 0 && (
              <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">Names only; values (and secrets) are never shown.</p>
            )}
          </dd>
        </div>
        <SecretNames names={subject.secretNames} />
        {subject.cwd && (
          <div>
            <dt className={term}>Working folder</dt>
            <dd className="mt-1.5">
              <code className={code}>{subject.cwd}</code>
            </dd>
          </div>
        )}
      </dl>
    )
  }
  return (
    <dl className="space-y-4">
      <div>
        <dt className={term}>{subject.extensionType === 'sse' ? 'URL (SSE)' : 'URL'}</dt>
        <dd className="mt-1.5">
          <code className={code}>{subject.url ?? ''}</code>
        </dd>
      </div>
      <div>
        <dt className={term}>Headers</dt>
        <dd className="mt-1.5">
          <Names names={subject.headerNames} empty="None." />
          {subject.headerNames && subject.headerNames.length > 0 && (
            <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">Names only; values (and secrets) are never shown.</p>
          )}
        </dd>
      </div>
      <SecretNames names={subject.secretNames} />
      {subject.signIn && (
        <div>
          <dt className={term}>Sign-in</dt>
          <dd className="mt-1.5 text-sm" data-testid="consent-sign-in">
            {subject.signIn} <TokensKept />
          </dd>
        </div>
      )}
    </dl>
  )
}
