/** Reads one resource of an extension through the host (resource_read) while a preview shows it. */
import { useEffect, useState } from 'react'
import type { ResourceContent } from '../../../shared/hostApi'
import { errorMessage } from '../../mcp/errorText'
import { useHostClient } from '../../mcp/hostContext'

export type ReadState = { status: 'loading' } | { status: 'done'; contents: ResourceContent[] } | { status: 'error'; message: string }

/** `attempt` changes to read again (the person pressed "Try again"). */
export function useResourceRead(extensionId: string, uri: string, attempt = 0): ReadState {
  const client = useHostClient()
  const [state, setState] = useState<{ key: string; value: ReadState } | null>(null)
  const key = `${extensionId}\n${uri}\n${attempt}`
  useEffect(() => {
    let current = true
    client.call('resource_read', { extensionId, uri }).then(
      (result) => current && setState({ key, value: { status: 'done', contents: result.contents } }),
      (error: unknown) => current && setState({ key, value: { status: 'error', message: errorMessage(error) } }),
    )
    return () => {
      current = false
    }
  }, [client, extensionId, uri, key])
  return state?.key === key ? state.value : { status: 'loading' }
}
