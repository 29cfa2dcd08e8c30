/** Which of the server's own log messages an extension sends (logging/setLevel), next to the sampling setting. */
import type { ExtensionView } from '../../../shared/hostApi'
import { LOG_LEVELS, type LoggingLevel } from '../../../shared/logLevelApi'
import { useHostAction } from '../../hooks/useHostAction'

export function LogLevelSetting({ extension }: { extension: ExtensionView }) {
  const act = useHostAction()
  const id = `log-level-${extension.id}`
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Server log level
      </label>
      <select
        id={id}
        value={extension.logLevel ?? ''}
        onChange={(event) => void act('extension_set_log_level', { id: extension.id, level: event.target.value === '' ? null : (event.target.value as LoggingLevel) })}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">Server default</option>
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level === 'debug' ? 'debug (everything)' : `${level} and above`}
          </option>
        ))}
      </select>
      <span className="text-zinc-500 dark:text-zinc-400">
        {extension.logLevel === undefined ? 'the server decides what it logs.' : 'asked of the server when it connects, if it supports logging.'}
      </span>
    </div>
  )
}
