/** "Test connection" for a provider: asks the host to list its models, which proves the address and the key. */
import { useCallback, useState } from 'react'
import type { HostToolResult } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { singleOfferedModel } from '../../../shared/modelOffer'
import { ID_PATTERN, providerInput, type ProviderForm } from './providerForm'

export type ProviderTest = { state: 'idle' } | { state: 'testing' } | { state: 'result'; result: HostToolResult<'provider_test'> }

export function useProviderTest(providerId: string) {
  const client = useHostClient()
  const [test, setTest] = useState<ProviderTest>({ state: 'idle' })
  const run = useCallback(async () => {
    setTest({ state: 'testing' })
    try {
      setTest({ state: 'result', result: await client.call('provider_test', { id: providerId }) })
    } catch (error) {
      setTest({ state: 'result', result: { ok: false, models: [], error: errorMessage(error) } })
    }
  }, [client, providerId])
  return { test, run, reset: () => setTest({ state: 'idle' }) }
}

/**
 * "Test connection" on the form, before anything is saved (provider_try): the form's address and the
 * key typed into it (used by main for this one request, never stored). When the form has no models
 * and the server offers exactly one, it is added to the form (`added`).
 */
export function useFormTest(onAdded: (model: string) => void) {
  const client = useHostClient()
  const [test, setTest] = useState<ProviderTest>({ state: 'idle' })
  const run = async (form: ProviderForm) => {
    setTest({ state: 'testing' })
    // The id and name do not matter for a listing; an empty one (a new custom server) must not fail it.
    const provider = providerInput({ ...form, id: ID_PATTERN.test(form.id) ? form.id : 'new-provider', name: form.name.trim() || 'New provider' })
    const key = form.key.trim()
    try {
      const result = await client.call('provider_try', { provider, ...(key ? { key } : {}) })
      const added = result.ok ? singleOfferedModel(form.models, result.models) : undefined
      if (added) onAdded(added)
      setTest({ state: 'result', result: { ...result, ...(added ? { added } : {}) } })
    } catch (error) {
      setTest({ state: 'result', result: { ok: false, models: [], error: errorMessage(error) } })
    }
  }
  return { test, run }
}
