/** Calls an app tool; a failure goes to the error banner and resolves to undefined. */
import { useCallback } from 'react'
import type { HostToolArgs, HostToolName, HostToolResult } from '../../shared/hostApi'
import { useHostClient } from '../mcp/hostContext'
import { errorMessage } from '../mcp/errorText'
import { useErrorStore } from '../stores/errorStore'

export type HostAction = <N extends HostToolName>(name: N, args: HostToolArgs<N>) => Promise<HostToolResult<N> | undefined>

export function useHostAction(): HostAction {
  const client = useHostClient()
  const report = useErrorStore((state) => state.report)
  return useCallback<HostAction>(
    async (name, args) => {
      try {
        return await client.call(name, args)
      } catch (error) {
        report(errorMessage(error))
        return undefined
      }
    },
    [client, report],
  )
}
