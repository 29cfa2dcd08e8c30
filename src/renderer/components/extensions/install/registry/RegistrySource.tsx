/**
 * Which registry the browser searches (the `registryUrl` setting), with a way to point it at a
 * company mirror or back to the official registry. The host validates the address.
 */
import { useId, useState, type FormEvent } from 'react'
import { DEFAULT_REGISTRY_URL } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { FormField, messageId } from '../../add/FormField'
import { quietButton, smallSecondaryButton, textInput } from '../../../ui'

export function RegistrySource({ registryUrl }: { registryUrl: string }) {
  const id = useId()
  const client = useHostClient()
  const [editing, setEditing] = useState<string | null>(null)
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  const save = async (next: string) => {
    setBusy(true)
    try {
      await client.call('settings_update', { patch: { registryUrl: next } })
      setEditing(null)
      setProblem(undefined)
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (editing !== null) void save(editing.trim())
  }

  if (editing === null) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span>
          Registry: <code className="font-mono">{registryUrl}</code>
        </span>
        <button type="button" className={quietButton} onClick={() => setEditing(registryUrl)}>
          Change
        </button>
      </p>
    )
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" aria-label="Registry address">
      <FormField id={`${id}-url`} label="Registry address" hint="The official MCP Registry, or a mirror your organization runs." problem={problem}>
        <input
          id={`${id}-url`}
          className={textInput}
          value={editing}
          onChange={(event) => setEditing(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId(`${id}-url`)}
          spellCheck={false}
          autoFocus
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={smallSecondaryButton} disabled={busy}>
          Save
        </button>
        <button type="button" className={quietButton} disabled={busy} onClick={() => void save(DEFAULT_REGISTRY_URL)}>
          Use the official registry
        </button>
        <button type="button" className={quietButton} disabled={busy} onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
