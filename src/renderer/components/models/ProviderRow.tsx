/**
 * One provider: name, kind and address, whether its key is set, its models (the selected one marked),
 * and Test connection, Edit and Remove (after a confirm step).
 */
import { useEffect, useState } from 'react'
import type { ProviderView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useViewStore } from '../../stores/viewStore'
import { GlobeIcon, KeyIcon, RefreshIcon, TerminalIcon } from '../icons'
import { quietButton, quietDangerButton, smallSecondaryButton } from '../ui'
import { ConnectionTestResult } from './ConnectionTestResult'
import { ProviderRemoveConfirm } from './ProviderRemoveConfirm'
import { kindLabels, providerInput, formFromProvider } from './providerForm'
import { useProviderTest } from './useProviderTest'

interface Props {
  provider: ProviderView
  selectedModel: string | null
  /** Just added or saved: test it at once. */
  testNow: boolean
  onRemoved: () => void
}

function KeyState({ provider }: { provider: ProviderView }) {
  if (provider.keySet === undefined) return <span className="text-zinc-500 dark:text-zinc-400">No key needed</span>
  return provider.keySet ? (
    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
      <KeyIcon className="size-3" />
      Key set
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300">
      <KeyIcon className="size-3" />
      No key yet
    </span>
  )
}

export function ProviderRow({ provider, selectedModel, testNow, onRemoved }: Props) {
  const act = useHostAction()
  const showModels = useViewStore((state) => state.showModels)
  const { test, run } = useProviderTest(provider.id)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const local = provider.baseUrl !== undefined && /^https?:\/\/(127\.|localhost|\[::1\])/.test(provider.baseUrl)

  useEffect(() => {
    if (testNow) void run()
  }, [testNow, run])

  const addModels = async (models: string[]) => {
    setBusy(true)
    const merged = [...provider.models, ...models.filter((model) => !provider.models.includes(model))].slice(0, 200)
    await act('provider_save', { provider: { ...providerInput(formFromProvider(provider)), models: merged } })
    setBusy(false)
  }
  const remove = async () => {
    setBusy(true)
    const removed = await act('provider_remove', { id: provider.id })
    setBusy(false)
    if (removed) onRemoved()
    else setConfirming(false)
  }

  return (
    <li aria-label={provider.name} className="px-4 py-3.5">
      {/* Narrow, the controls go under the name rather than squeezing it (and the address) to a column. */}
      <div className="flex flex-wrap items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300"
        >
          {local ? <TerminalIcon className="size-4" /> : <GlobeIcon className="size-4" />}
        </span>
        <div className="min-w-0 grow basis-56">
          <h3 className="flex items-baseline gap-2 text-sm font-medium">
            <span className="truncate" title={provider.name}>
              {provider.name}
            </span>
            <span className="shrink-0 text-xs font-normal">
              <KeyState provider={provider} />
            </span>
          </h3>
          <p className="flex min-w-0 items-baseline gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="shrink-0">{kindLabels[provider.kind]}</span>
            {provider.baseUrl && (
              <>
                <span aria-hidden="true">·</span>
                {/* In full, wrapping where it must: the address is what people check. */}
                <span className="min-w-0 font-mono break-all">{provider.baseUrl}</span>
              </>
            )}
          </p>
        </div>
        {!confirming && (
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <button type="button" className={smallSecondaryButton} disabled={test.state === 'testing'} onClick={() => void run()}>
              <RefreshIcon className={`size-3.5 ${test.state === 'testing' ? 'animate-spin motion-reduce:animate-none' : ''}`} />
              {test.state === 'testing' ? 'Testing…' : 'Test connection'}
            </button>
            <button type="button" className={quietButton} aria-label={`Edit ${provider.name}`} onClick={() => showModels({ page: 'edit', id: provider.id })}>
              Edit
            </button>
            <button
              type="button"
              className={quietDangerButton}
              aria-label={`Remove ${provider.name}`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </button>
          </div>
        )}
      </div>
      <div className="mt-2.5 pl-11">
        {provider.models.length === 0 ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">No models yet: test the connection to see what the server offers, or edit to type one in.</p>
        ) : (
          <ul aria-label={`Models of ${provider.name}`} className="flex flex-wrap gap-1.5">
            {provider.models.map((model) => {
              const selected = model === selectedModel
              return (
                <li
                  key={model}
                  aria-current={selected ? 'true' : undefined}
                  className={
                    'rounded-md border px-2 py-0.5 font-mono text-xs ' +
                    (selected
                      ? 'border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-500/40 dark:bg-indigo-500/10 dark:text-indigo-200'
                      : 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300')
                  }
                >
                  {model}
                  {selected && <span className="ml-1.5 font-sans text-[11px] font-medium">· in use</span>}
                </li>
              )
            })}
          </ul>
        )}
        {test.state === 'result' && <ConnectionTestResult result={test.result} known={provider.models} busy={busy} onAdd={(models) => void addModels(models)} />}
        {confirming && <ProviderRemoveConfirm name={provider.name} busy={busy} onConfirm={() => void remove()} onCancel={() => setConfirming(false)} />}
      </div>
    </li>
  )
}
