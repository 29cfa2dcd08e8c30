/**
 * The list of slash commands over the composer while a `/command` is typed: one option per prompt
 * (`/<extension>.<prompt>` and its description). The composer's field keeps the focus and drives it
 * (↑/↓ move, Enter or Tab choose, Escape closes); a click chooses too.
 */
import type { PromptEntry } from '../../../shared/hostApi'
import type { PromptListState } from './usePromptList'
import { VisibleText } from '../VisibleText'

interface Props {
  id: string
  state: PromptListState
  items: readonly PromptEntry[]
  active: number
  onChoose: (prompt: PromptEntry) => void
  onHover: (index: number) => void
}

export const slashOptionId = (id: string, index: number) => `${id}-option-${index}`

export function SlashMenu({ id, state, items, active, onChoose, onHover }: Props) {
  return (
    <div className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <p className="border-b border-zinc-200 px-3 py-1.5 text-[11px] text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
        Prompts from your extensions · ↑↓ to move · Enter or Tab to choose · Esc to close
      </p>
      {state.status === 'loading' && items.length === 0 && (
        <p role="status" className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">
          Listing prompts…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-300">
          The prompts could not be listed: {state.message}
        </p>
      )}
      {state.status === 'done' && items.length === 0 && (
        <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">
          {state.prompts.length === 0 ? 'No extension offers prompts.' : 'No prompt matches; keep typing a message instead.'}
        </p>
      )}
      <ul id={id} role="listbox" aria-label="Prompts" className="max-h-64 overflow-auto py-1" hidden={items.length === 0}>
        {items.map((prompt, index) => (
          <li
            key={prompt.name}
            id={slashOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              // The field keeps the focus; the choice happens here.
              event.preventDefault()
              onChoose(prompt)
            }}
            onMouseMove={() => onHover(index)}
            className={'cursor-pointer px-3 py-1.5 ' + (index === active ? 'bg-indigo-50 dark:bg-indigo-500/15' : '')}
          >
            <span className="flex items-baseline gap-2">
              <span className="font-mono text-[13px] font-medium text-indigo-700 dark:text-indigo-300">/{prompt.name}</span>
              {prompt.title && prompt.title !== prompt.promptName && (
                <span className="truncate text-xs text-zinc-600 dark:text-zinc-300">
                  <VisibleText text={prompt.title} />
                </span>
              )}
              {prompt.arguments.length > 0 && (
                <span className="ml-auto shrink-0 text-[11px] text-zinc-400">
                  {prompt.arguments.length === 1 ? '1 argument' : `${prompt.arguments.length} arguments`}
                </span>
              )}
            </span>
            {prompt.description && (
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                <VisibleText text={prompt.description} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
