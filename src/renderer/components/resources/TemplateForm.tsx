/**
 * One resource template: its name and URI pattern, and a field per variable with completion/complete
 * suggestions (the values typed so far go along as context). "Open" reads the URI it makes.
 */
import { useCallback, useId, useState, type FormEvent } from 'react'
import type { ResourceTemplateEntry } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { smallSecondaryButton } from '../ui'
import { ArgumentInput, otherValues, type ArgumentCompleter } from './ArgumentInput'
import { expandTemplate, templateVariables } from './resourceView'
import { VisibleText } from '../VisibleText'

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

  const completer: ArgumentCompleter = useCallback(
    (argument, value) => client.call('resource_complete', { extensionId, template: template.uriTemplate, argument, value, context: otherValues(values, argument) }),
    [client, extensionId, template.uriTemplate, values],
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (uri) onOpen(uri)
  }

  return (
    <form onSubmit={submit} aria-label={`Template ${template.title ?? template.name}`} className="space-y-2">
      <div>
        <p className="text-sm font-medium">
          <VisibleText text={template.title ?? template.name} />
        </p>
        <p className="font-mono text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{template.uriTemplate}</p>
        {template.description && (
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            <VisibleText text={template.description} />
          </p>
        )}
      </div>
      {variables === null ? (
        <p className="text-xs text-red-700 dark:text-red-300">This template cannot be filled in: its pattern is not a valid URI template.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {variables.map((name) => (
            <div key={name} className="min-w-40 flex-1">
              <ArgumentInput id={`${id}-${name}`} name={name} value={values[name] ?? ''} completer={completer} onChange={(value) => setValues((old) => ({ ...old, [name]: value }))} required />
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
