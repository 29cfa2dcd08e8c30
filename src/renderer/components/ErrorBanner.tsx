/** Failed tool calls and unreadable resources, each dismissible. */
import { useErrorStore } from '../stores/errorStore'
import { AlertIcon, CloseIcon } from './icons'

export function ErrorBanner() {
  const errors = useErrorStore((state) => state.errors)
  const dismiss = useErrorStore((state) => state.dismiss)
  if (errors.length === 0) return null
  return (
    <div className="space-y-2 px-4 pt-3">
      {errors.map((error) => (
        <div
          key={error.id}
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 py-2 pr-2 pl-3 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100"
        >
          <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
          <p className="flex-1 break-words">{error.message}</p>
          <button
            type="button"
            aria-label="Dismiss error"
            onClick={() => dismiss(error.id)}
            className="inline-flex size-6 items-center justify-center rounded text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900/50"
          >
            <CloseIcon className="size-3.5" />
          </button>
        </div>
      ))}
    </div>
  )
}
