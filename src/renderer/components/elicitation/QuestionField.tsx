/**
 * One field of a question's form: its label (with a required marker), the extension's description,
 * the bounds in words, the input that fits its type, and the problem with it once the person tried to send.
 */
import type { FormField } from '../../../shared/hostApi'
import { textInput } from '../ui'
import { constraintHint, type Draft } from './questionFormModel'

interface Props {
  field: FormField
  /** Unique per question, so ids never clash with the rest of the page. */
  idPrefix: string
  draft: Draft | undefined
  error: string | undefined
  onChange: (draft: Draft) => void
}

const inputTypes = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
      *
    </span>
  )
}

export function QuestionField({ field, idPrefix, draft, error, onChange }: Props) {
  const id = `${idPrefix}-${field.name}`
  const hint = constraintHint(field)
  const describedBy = [field.description && `${id}-description`, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': field.required || undefined }

  const notes = (
    <>
      {field.description && (
        <p id={`${id}-description`} className="text-xs break-words text-zinc-500 dark:text-zinc-400">
          {field.description}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  )

  if (field.type === 'boolean') {
    return (
      <div className="space-y-1" data-field={field.name}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
          <input {...common} type="checkbox" checked={draft === true} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-indigo-600" />
          {field.title}
          {field.required && <RequiredMark />}
        </label>
        {notes}
      </div>
    )
  }

  if (field.type === 'multiselect') {
    const chosen = Array.isArray(draft) ? draft : []
    const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((item) => item !== value))
    return (
      <fieldset className="space-y-1" data-field={field.name} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend className="text-sm font-medium">
          {field.title}
          {field.required && <RequiredMark />}
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {field.options.map((option) => (
            <label key={option.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          ))}
        </div>
        {notes}
      </fieldset>
    )
  }

  const text = typeof draft === 'string' ? draft : ''
  return (
    <div className="space-y-1" data-field={field.name}>
      <label htmlFor={id} className="block text-sm font-medium">
        {field.title}
        {field.required && <RequiredMark />}
      </label>
      {field.type === 'select' ? (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)} className={textInput}>
          {/* Without a default nothing is preselected: the person chooses. */}
          {(field.default === undefined || !field.required) && <option value="">{field.required ? 'Choose…' : '(none)'}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type === 'number' ? 'number' : field.format ? inputTypes[field.format] : 'text'}
          inputMode={field.type === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
          step={field.type === 'number' ? (field.integer ? 1 : 'any') : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          className={textInput}
        />
      )}
      {notes}
    </div>
  )
}
