/**
 * The install form of one choice, generated from its declared inputs. Required values are checked
 * here first (each message names its field); the host checks again and its messages are shown as
 * they come. Installing stores the secrets in the keychain and adds the extension, which then waits
 * for the consent dialog showing exactly what it will run.
 */
import { useId, useState, type FormEvent } from 'react'
import type { RegistryChoice, RegistryServerDetails } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { primaryButton } from '../../../ui'
import { RegistryFieldInput } from './RegistryFieldInput'

interface Props {
  details: RegistryServerDetails
  choice: RegistryChoice
  onInstalled: (extensionId: string) => void
}

/** The problem with one answer before it is sent, or undefined. */
function localProblem(field: RegistryChoice['fields'][number], value: string): string | undefined {
  if (field.fixed !== undefined) return undefined
  if (value.trim() === '') return field.required && field.default === undefined ? `Fill in ${field.label}; it is required.` : undefined
  if (field.kind === 'number' && !Number.isFinite(Number(value))) return `${field.label} must be a number.`
  return undefined
}

export function RegistryInstallForm({ details, choice, onInstalled }: Props) {
  const id = useId()
  const client = useHostClient()
  const [values, setValues] = useState<Record<string, string>>({})
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [hostErrors, setHostErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const editable = choice.fields.filter((field) => field.fixed === undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = Object.fromEntries(editable.flatMap((field) => {
      const problem = localProblem(field, values[field.key] ?? '')
      return problem ? [[field.key, problem]] : []
    }))
    setProblems(found)
    setHostErrors([])
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${editable.findIndex((field) => field.key in found)}`)?.focus()
      return
    }
    const inputs = Object.fromEntries(editable.flatMap((field) => (values[field.key]?.trim() ? [[field.key, values[field.key]!]] : [])))
    setBusy(true)
    try {
      const result = await client.call('registry_install', { name: details.name, version: details.version, choice: { kind: choice.kind, index: choice.index }, inputs })
      // The values stay in the form until here, so nothing typed is lost when the install fails.
      onInstalled(result.extension.id)
    } catch (error) {
      setHostErrors(errorMessage(error).split('\n'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label={`Install ${choice.label}`}>
      {choice.fields.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing to fill in.</p>
      ) : (
        choice.fields.map((field, index) => (
          <RegistryFieldInput
            key={field.key}
            id={`${id}-${editable.indexOf(field) >= 0 ? editable.indexOf(field) : `fixed-${index}`}`}
            field={field}
            value={values[field.key] ?? ''}
            problem={problems[field.key]}
            disabled={busy}
            onChange={(next) => {
              setValues((current) => ({ ...current, [field.key]: next }))
              // A problem is about the old value; the next Install checks again.
              setProblems(({ [field.key]: _fixed, ...rest }) => rest)
            }}
          />
        ))
      )}
      {hostErrors.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300">
          <p className="font-medium">Not installed:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {hostErrors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Installing…' : 'Install'}
        </button>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">You will see exactly what it runs and approve it before it starts.</p>
      </div>
    </form>
  )
}
