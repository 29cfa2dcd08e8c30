/**
 * Rules suggested from repeated approvals (issue 38): after the same tool with the same folder was
 * allowed five times in seven days, "Allow files__read_file under ~/Notes?". Nothing is saved until
 * the person adds it; then it is an ordinary rule in the list below, removable like any other.
 */
import type { RuleSuggestion } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { primaryButton, secondaryButton } from '../ui'

export function RuleSuggestions({ suggestions }: { suggestions: readonly RuleSuggestion[] }) {
  const act = useHostAction()
  if (suggestions.length === 0) return null
  return (
    <ul aria-label="Suggested rules" className="space-y-2">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50/70 px-3 py-2 text-sm dark:border-indigo-500/30 dark:bg-indigo-500/10">
          <span className="min-w-0 flex-1 break-words">
            {suggestion.text} <span className="text-zinc-500 dark:text-zinc-400">(you allowed it {suggestion.approvals} times this week)</span>
          </span>
          <button type="button" className={`${primaryButton} h-7`} onClick={() => void act('permission_suggestion_accept', { id: suggestion.id })}>
            Add this rule
          </button>
          <button type="button" className={`${secondaryButton} h-7`} onClick={() => void act('permission_suggestion_dismiss', { id: suggestion.id })}>
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  )
}
