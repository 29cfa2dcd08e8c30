/**
 * What an extension runs or connects to, from its stored config: the command and each argument, the
 * names of its environment variables or headers (never their values), the working directory or URL.
 */
import type { ExtensionView } from '../../../shared/hostApi'
import { LockIcon } from '../icons'
import { configView, valueSource } from './configView'
import { trustText } from './extensionText'

const term = 'text-xs font-medium text-zinc-500 dark:text-zinc-400'
const mono = 'font-mono text-xs wrap-anywhere text-zinc-900 dark:text-zinc-100'
const chip = 'inline-block max-w-full rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs wrap-anywhere text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'

function NameList({ values, empty }: { values: Record<string, string>; empty: string }) {
  const names = Object.keys(values)
  if (names.length === 0) return <span className="text-xs text-zinc-500 dark:text-zinc-400">{empty}</span>
  return (
    <ul className="flex flex-wrap gap-1.5">
      {names.map((name) => {
        const source = valueSource(values[name] ?? '')
        return (
          <li key={name} className={`${chip} inline-flex items-center gap-1`}>
            {name}
            {source.kind === 'secret' && (
              <span
                title={`From the secret ${source.names.join(', ')}`}
                className="inline-flex items-center gap-0.5 rounded-sm bg-indigo-100 px-1 font-sans text-[10px] font-medium text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200"
              >
                <LockIcon className="size-2.5" />
                secret
              </span>
            )}
            {source.kind === 'masked' && <span className="font-sans text-[10px] text-zinc-500 dark:text-zinc-400">(hidden)</span>}
          </li>
        )
      })}
    </ul>
  )
}

export function ConfigSummary({ extension }: { extension: ExtensionView }) {
  const config = configView(extension.config)
  return (
    <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-lg border border-zinc-200 bg-zinc-50/70 p-4 dark:border-zinc-800 dark:bg-zinc-950/40">
      {config.type === 'stdio' && (
        <>
          <dt className={term}>Command</dt>
          <dd className={mono}>{config.command}</dd>
          <dt className={term}>Arguments</dt>
          <dd>
            {config.args.length === 0 ? (
              <span className="text-xs text-zinc-500 dark:text-zinc-400">None</span>
            ) : (
              <ol className="flex flex-wrap gap-1.5">
                {config.args.map((arg, index) => (
                  <li key={index} className={chip}>
                    {arg}
                  </li>
                ))}
              </ol>
            )}
          </dd>
          <dt className={term}>Environment</dt>
          <dd>
            <NameList values={config.env} empty="No variables of its own" />
          </dd>
          {config.cwd && (
            <>
              <dt className={term}>Working folder</dt>
              <dd className={mono}>{config.cwd}</dd>
            </>
          )}
        </>
      )}
      {(config.type === 'streamable-http' || config.type === 'sse') && (
        <>
          <dt className={term}>URL</dt>
          <dd className={mono}>{config.url}</dd>
          <dt className={term}>Headers</dt>
          <dd>
            <NameList values={config.headers} empty="None" />
          </dd>
        </>
      )}
      {config.type === 'other' && (
        <>
          <dt className={term}>Runs</dt>
          <dd className="text-sm text-zinc-700 dark:text-zinc-300">Inside Switchboard; nothing is started or connected to.</dd>
        </>
      )}
      <dt className={term}>Trust</dt>
      <dd className="text-sm text-zinc-700 dark:text-zinc-300">
        {trustText[extension.trust]}
      </dd>
      {extension.server && (
        <>
          <dt className={term}>Server</dt>
          <dd className="text-sm text-zinc-700 dark:text-zinc-300">
            {extension.server.name} <span className="text-zinc-500 dark:text-zinc-400">{extension.server.version}</span>
          </dd>
        </>
      )}
      {extension.protocolVersion && (
        <>
          <dt className={term}>Protocol</dt>
          <dd className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="protocol-revision">
            MCP {extension.protocolVersion}
            {extension.protocolVersion >= '2026-07-28' && <span className="text-zinc-500 dark:text-zinc-400"> (stateless)</span>}
          </dd>
        </>
      )}
    </dl>
  )
}
