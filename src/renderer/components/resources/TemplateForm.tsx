/**
 * One resource template: its name and URI pattern, and a field per variable with completion/complete
 * suggestions (the values typed so far go along as context). "Open" reads the URI it makes.
 */
import { useCallback, useId, useState, type FormEvent } from 'react'
import type { Completion, ResourceTemplateEntry } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { smallSecondaryButton } from '../ui'
import { CompletionInput } from './CompletionInput'
import { expandTemplate, templateVariables } from './resourceView'

interface Props {
  extensionId: string
  template: ResourceTemplateEntry
  onOpen: (uri: string) => void
}

export function TemplateForm({ extensionId, template, onOpen }: Props) {
  const id = useId()
  const client = useHostClient()
  const [values, setValues] = useState<Record<string, string>>({})
  const variables = templateVariables(template.uriTemplate)
  const uri = variables && variables.every((name) => (values[name] ?? '') !== '') ? expandTemplate(template.uriTemplate, values) : null

  const completer = useCallback(
    (argument: string, value: string) =>
      client.call('resource_complete', { extensionId, template: template.uriTemplate, argument, value, context: valuesWithout(values, argument) }),
    [client, extensionId, template.uriTemplate, values],
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (uri) onOpen(uri)
  }

  return (
    <form onSubmit={submit} aria-label={`Template ${template.title ?? template.name}`} className="space-y-2">
      <div>
        <p className="text-sm font-medium">{template.title ?? template.name}</p>
        <p className="font-mono text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{template.uriTemplate}</p>
        {template.description && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{template.description}</p>}
      </div>
      {variables === null ? (
        <p className="text-xs text-red-700 dark:text-red-300">This template cannot be filled in: its pattern is not a valid URI template.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {variables.map((name) => (
            <div key={name} className="min-w-40 flex-1">
              <TemplateField id={`${id}-${name}`} name={name} value={values[name] ?? ''} completer={completer} onChange={(value) => setValues((old) => ({ ...old, [name]: value }))} />
            </div>
          ))}
          <button type="submit" className={smallSecondaryButton} disabled={!uri}>
            Open
          </button>
        </div>
      )}
    </form>
  )
}

interface FieldProps {
  id: string
  name: string
  value: string
  completer: (argument: string, value: string) => Promise<Completion>
  onChange: (value: string) => void
}

function TemplateField({ id, name, value, completer, onChange }: FieldProps) {
  // Stable per field and context, so only typing (not every render) asks the server again.
  const complete = useCallback((typed: string) => completer(name, typed), [completer, name])
  return <CompletionInput id={id} label={name} value={value} onChange={onChange} complete={complete} required />
}

function valuesWithout(values: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => key !== name && value !== ''))
}
