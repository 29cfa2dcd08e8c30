/**
 * Sends a filled-in form: stores the secret values first (so the extension finds them when it
 * starts), then `extension_add` (or `extension_update` for an installed one). When the host refuses the config, the secrets just stored are
 * removed again and its messages come back to be shown next to the form.
 */
import { useState } from 'react'
import type { ExtensionView } from '../../../../shared/hostApi'
import { useHostClient } from '../../../mcp/hostContext'
import { errorMessage } from '../../../mcp/errorText'
import { whenListed } from '../whenListed'
import { buildSubmission, type ExtensionForm, type FieldKey } from './extensionForm'
import { placeHostProblems, type HostProblems } from './hostProblems'

export type AddOutcome = { ok: true; extension: ExtensionView } | { ok: false; problems: HostProblems }

/** The sign-in settings (`auth`) belong to remote servers; the edit form leaves them as they are (they change on the sign-in form). */
const isRemote = (config: Record<string, unknown>) => config.type === 'streamable-http' || config.type === 'sse'

/** `editing`: the installed extension the form changes (extension_update; it stays on or off as it is); absent to add one. */
export function useAddExtension(editing?: { id: string; enabled: boolean; auth?: unknown }): { busy: string | null; add: (form: ExtensionForm) => Promise<AddOutcome> } {
  const client = useHostClient()
  const [busy, setBusy] = useState<string | null>(null)

  const add = async (form: ExtensionForm): Promise<AddOutcome> => {
    const { config, secrets } = buildSubmission(form)
    const stored: string[] = []
    const forget = () => Promise.all(stored.map((key) => client.call('secret_delete', { key }).catch(() => undefined)))
    try {
      for (const secret of secrets) {
        setBusy('Storing secrets…')
        try {
          await client.call('secret_set', { key: secret.key, value: secret.value })
          stored.push(secret.key)
        } catch (error) {
          await forget()
          const fields: Partial<Record<FieldKey, string>> = { [secret.field]: `Could not store this secret: ${errorMessage(error)}` }
          return { ok: false, problems: { lines: [`The secret ${secret.key} could not be stored: ${errorMessage(error)}`], fields } }
        }
      }
      setBusy(editing ? 'Saving…' : 'Adding…')
      let extension: ExtensionView
      try {
        // A change to what it launches waits for the person's approval again (the host decides that).
        extension = editing ? await client.call('extension_update', { id: editing.id, config: { ...config, ...(editing.auth !== undefined && isRemote(config) ? { auth: editing.auth } : {}), enabled: editing.enabled } }) : await client.call('extension_add', { config })
      } catch (error) {
        await forget()
        return { ok: false, problems: placeHostProblems(errorMessage(error), form) }
      }
      await whenListed([extension.id])
      return { ok: true, extension }
    } finally {
      setBusy(null)
    }
  }
  return { busy, add }
}
