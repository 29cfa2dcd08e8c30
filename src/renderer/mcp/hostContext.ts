/** Makes the one host client of this window available to components. */
import { createContext, useContext } from 'react'
import type { HostClient } from './hostClient'

export const HostContext = createContext<HostClient | null>(null)

export function useHostClient(): HostClient {
  const client = useContext(HostContext)
  if (!client) throw new Error('useHostClient must be used inside <HostContext value={client}>')
  return client
}
