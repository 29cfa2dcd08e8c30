/** Adds a hook: a name, the event, the tool it calls (picked from the catalog), observe only, and a tool pattern for tool events. */
import { useId, useState, type FormEvent } from 'react'
import { HookEventSchema, type HookEvent } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useCatalogStore } from '../../stores/catalogStore'
import { primaryButton, textInput } from '../ui'

export const EVENT_LABELS: Record<HookEvent, string> = {
  'session-start': 'Session start',
  'user-message': 'Your message',
  'model-request': 'Each model request',
  'tool-call': 'Before a tool call',
  'tool-result': 'After a tool call',
  'turn-end': 'Turn end',
}

export function HookForm() {
  const id = useId()
  const act = useHostAction()
  const tools = useCatalogStore((state) => state.catalog?.tools ?? [])
  const [name, setName] = useState('')
  const [event, setEvent] = useState<HookEvent>('tool-call')
  const [target, setTarget] = useState('')
  const [observeOnly, setObserveOnly] = useState(false)
  const [pattern, setPattern] = useState('')
  const toolEvent = event === 'tool-call' || event === 'tool-result'

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault()
    const match = toolEvent && pattern.trim() !== '' ? { tool: pattern.trim() } : undefined
    const saved = await act('hook_save', { name, event, target, observeOnly, ...(match ? { match } : {}) })
    if (saved) {
      setName('')
      setPattern('')
    }
  }

  return (
    <form aria-label="Add a hook" onSubmit={(submitted) => void submit(submitted)} className="grid gap-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-700">
      <label className="grid gap-1 text-sm" htmlFor={`${id}-name`}>
        Name
        <input id={`${id}-name`} required value={name} onChange={(change) => setName(change.target.value)} placeholder="Redact PII" className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-event`}>
        When
        <select id={`${id}-event`} value={event} onChange={(change) => setEvent(HookEventSchema.parse(change.target.value))} className={textInput}>
          {HookEventSchema.options.map((option) => (
            <option key={option} value={option}>
              {EVENT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-target`}>
        Tool it calls
        <select id={`${id}-target`} required value={target} onChange={(change) => setTarget(change.target.value)} className={textInput}>
          <option value="">Choose a tool…</option>
          {tools.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {tool.title ?? tool.toolName} · {tool.extensionName}
            </option>
          ))}
        </select>
      </label>
      {toolEvent && (
        <label className="grid gap-1 text-sm" htmlFor={`${id}-pattern`}>
          Only for tools matching (optional)
          <input id={`${id}-pattern`} value={pattern} onChange={(change) => setPattern(change.target.value)} placeholder="files__*" className={`${textInput} font-mono`} />
        </label>
      )}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={observeOnly} onChange={(change) => setObserveOnly(change.target.checked)} />
        Observe only (it is called once the step is over and can neither refuse nor change anything)
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButton}>
          Add hook
        </button>
        <span className="ml-3 text-xs text-zinc-500 dark:text-zinc-400">It runs once you approve its tool in the dialog that follows.</span>
      </div>
    </form>
  )
}
