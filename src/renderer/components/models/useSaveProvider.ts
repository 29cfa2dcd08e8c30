/**
 * Saves a provider from the form: the provider itself, then its key into the keychain (write-only),
 * then, when no model is chosen yet, its first model for new messages. A refusal comes back as the
 * host's own words.
 */
import { useState } from 'react'
import type { ModelsResource, ProviderView } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { providerInput, type ProviderForm } from './providerForm'

export type SaveOutcome = { ok: true; provider: ProviderView } | { ok: false; message: string }

export function useSaveProvider(models: ModelsResource | null) {
  const client = useHostClient()
  const [busy, setBusy] = useState(false)

  const save = async (form: ProviderForm): Promise<SaveOutcome> => {
    setBusy(true)
    try {
      const provider = await client.call('provider_save', { provider: providerInput(form) })
      const key = form.key.trim()
      if (key !== '') {
        try {
          await client.call('secret_set', { key: `provider:${provider.id}`, value: key })
        } catch (error) {
          return { ok: false, message: `The provider was saved, but its key was not: ${errorMessage(error)}` }
        }
      }
      const first = provider.models[0]
      if (!models?.selected && first) await client.call('model_select', { providerId: provider.id, modelId: first }).catch(() => undefined)
      return { ok: true, provider }
    } catch (error) {
      return { ok: false, message: errorMessage(error) }
    } finally {
      setBusy(false)
    }
  }
  return { busy, save }
}
