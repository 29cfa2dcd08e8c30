/**
 * The main area before any model provider is set up: one click for a local Ollama when the host
 * found one, otherwise the way to Settings → Models & keys, with the usual providers as shortcuts.
 */
import type { ModelsResource } from '../../../shared/hostApi'
import { useViewStore } from '../../stores/viewStore'
import { AppMark } from '../AppMark'
import { AlertIcon, ChevronRightIcon, KeyIcon, TerminalIcon } from '../icons'
import { presetHint } from '../models/PresetChoice'
import { useQuickOllama } from '../models/useQuickOllama'
import { primaryButton, secondaryButton } from '../ui'
import { useSecretHome } from '../../hooks/useSecretHome'

export function FirstRunScreen({ models }: { models: ModelsResource }) {
  const secrets = useSecretHome()
  const showModels = useViewStore((state) => state.showModels)
  const ollama = useQuickOllama(models)
  const others = models.presets.filter((preset) => !(models.ollamaDetected && preset.id === 'ollama'))
  const working = ollama.status.state === 'working'

  return (
    <div className="flex h-full overflow-y-auto">
      <div className="m-auto w-full max-w-xl px-8 py-10">
        <div className="flex items-center gap-3">
          <AppMark size="size-9" />
          <div>
            <h1 className="text-lg font-semibold">Set up a model to start chatting</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Switchboard talks to the model you choose: in the cloud with your key, or on this computer.</p>
          </div>
        </div>

        {models.ollamaDetected && (
          <section
            aria-labelledby="first-run-ollama"
            className="mt-7 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
          >
            <div className="flex items-start gap-3">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-indigo-600 shadow-xs dark:bg-zinc-900 dark:text-indigo-300">
                <TerminalIcon className="size-[18px]" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 id="first-run-ollama" className="text-sm font-semibold">
                  Ollama is running on this computer
                </h2>
                <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">Use its models without a key; nothing leaves this machine.</p>
              </div>
              <button type="button" className={`${primaryButton} shrink-0`} disabled={working} onClick={() => void ollama.run()}>
                {working ? 'Connecting…' : 'Use Ollama'}
              </button>
            </div>
            {ollama.status.state === 'failed' && (
              <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-red-800 dark:text-red-300">
                <AlertIcon className="mt-0.5 size-4" />
                <span className="min-w-0 break-words">{ollama.status.message}</span>
              </p>
            )}
          </section>
        )}

        <section aria-labelledby="first-run-providers" className="mt-7">
          <h2 id="first-run-providers" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            {models.ollamaDetected ? 'Or add a provider' : 'Add a provider'}
          </h2>
          <ul className="mt-2 divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {others.map((preset) => (
              <li key={preset.id}>
                <button
                  type="button"
                  onClick={() => showModels({ page: 'add', presetId: preset.id })}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-zinc-50 focus-visible:-outline-offset-2 dark:hover:bg-zinc-800/60"
                >
                  <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                    {preset.needsKey ? <KeyIcon className="size-4" /> : <TerminalIcon className="size-4" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{preset.name}</span>
                    <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {presetHint(preset)}
                    </span>
                  </span>
                  <ChevronRightIcon className="size-4 text-zinc-400" />
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex items-center gap-3">
            <button type="button" className={`${secondaryButton} shrink-0 whitespace-nowrap`} onClick={() => showModels({ page: 'list' })}>
              Open Models &amp; keys
            </button>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{secrets.warning ?? `Keys are kept ${secrets.where} and never shown again.`}</p>
          </div>
        </section>
      </div>
    </div>
  )
}
