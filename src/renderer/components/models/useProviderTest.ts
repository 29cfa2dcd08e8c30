/** "Test connection" for one provider: asks the host to list its models, which proves the address and the key. */
import { useCallback, useState } from 'react'
import type { HostToolResult } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'

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
