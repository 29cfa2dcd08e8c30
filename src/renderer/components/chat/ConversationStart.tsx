/** What an empty conversation shows: which model answers, and that extensions' tools are at hand. */
import { useModelsStore } from '../../stores/modelsStore'
import { ChatIcon } from '../icons'

export function ConversationStart() {
  const selected = useModelsStore((state) => state.models?.selected ?? null)
  const provider = useModelsStore((state) => state.models?.providers.find((candidate) => candidate.id === selected?.providerId))
  const hasProviders = useModelsStore((state) => (state.models?.providers.length ?? 0) > 0)
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-10">
      <div className="max-w-sm text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
          <ChatIcon className="size-6" />
        </div>
        <h2 className="text-base font-semibold">Start the conversation</h2>
        <p className="mt-2 text-sm text-balance text-zinc-600 dark:text-zinc-400">
          {selected ? (
            <>
              Your messages go to <span className="font-medium text-zinc-800 dark:text-zinc-200">{selected.modelId}</span>
              {provider ? <> on {provider.name}</> : null}. It can use the tools of your extensions; you approve what matters.
            </>
          ) : hasProviders ? (
            'Choose a model below, then type a message.'
          ) : (
            'Set up a model provider first; the line under the message box leads there.'
          )}
        </p>
      </div>
    </div>
  )
}
