/** The state of the MCP connection to the host, as reported by the host client. */
import { create } from 'zustand'
import type { ConnectionState } from '../mcp/hostClient'

export type EndpointKind = 'electron' | 'browser'

interface ConnectionStore {
  state: ConnectionState
  endpoint: EndpointKind
  setState: (state: ConnectionState) => void
  setEndpoint: (endpoint: EndpointKind) => void
}

export const useConnectionStore = create<ConnectionStore>()((set) => ({
  state: { status: 'connecting' },
  endpoint: 'browser',
  setState: (state) => set({ state }),
  setEndpoint: (endpoint) => set({ endpoint }),
}))
