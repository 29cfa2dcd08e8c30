/** Settings → Models & keys: the model new messages go to, and every provider with a way to add one. */
import { useRef } from 'react'
import { useModelsStore } from '../../stores/modelsStore'
import { useViewStore } from '../../stores/viewStore'
import { ChatIcon, PlusIcon } from '../icons'
import { ModelPicker } from '../chat/ModelPicker'
import { SettingsSection } from '../settings/SettingsSection'
import { secondaryButton } from '../ui'
import { ProviderRow } from './ProviderRow'
import { ModelFactsSection } from './ModelFactsSection'
import { focusWhenLost } from '../focusWhenLost'

export function ProvidersPage({ justSaved }: { justSaved?: string }) {
  const models = useModelsStore((state) => state.models)
  const showModels = useViewStore((state) => state.showModels)
  const listHeading = useRef<HTMLHeadingElement>(null)
  if (!models) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading providers…</p>
  const anyModels = models.providers.some((provider) => provider.models.length > 0)
  const selected = models.selected

  return (
    <div className="space-y-8">
      <SettingsSection
        id="default-model"
        title="Model for new messages"
        description="The model your messages go to. You can switch it at any time from the message box too."
      >
        {anyModels ? (
          <ModelPicker label="Model" />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Add a provider with at least one model first.</p>
        )}
      </SettingsSection>

      <SettingsSection
        id="providers"
        divided
        title="Providers"
        description="Where your models run: a cloud API with your key, or a server on this computer such as Ollama or LM Studio."
        action={
          <button type="button" className={secondaryButton} onClick={() => showModels({ page: 'add' })}>
            <PlusIcon />
            Add provider
          </button>
        }
      >
        <h3 ref={listHeading} tabIndex={-1} className="sr-only">
          Configured providers
        </h3>
        {models.providers.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
            <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
              <ChatIcon className="size-5" />
            </span>
            <p className="mt-3 text-sm font-medium">No providers yet</p>
            <p className="mt-1 max-w-sm text-sm text-balance text-zinc-600 dark:text-zinc-400">
              {models.ollamaDetected ? 'Ollama is running on this computer: add it without a key, ' : 'Add '}
              Anthropic, OpenAI, LM Studio or any OpenAI-compatible server.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Providers"
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {models.providers.map((provider) => (
              <ProviderRow
                key={provider.id}
                provider={provider}
                selectedModel={selected?.providerId === provider.id ? selected.modelId : null}
                testNow={provider.id === justSaved}
                onRemoved={() => focusWhenLost(listHeading.current)}
              />
            ))}
          </ul>
        )}
      </SettingsSection>

      <ModelFactsSection />
    </div>
  )
}
