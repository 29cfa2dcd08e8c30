/** Turn an extension on or off, restart or remove it: app tool calls, failures to the error banner. */
import { useState } from 'react'
import type { ExtensionView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'

export interface ExtensionControls {
  /** What the switch shows: the change in flight, or what the host last reported. */
  enabled: boolean
  setEnabled: (enabled: boolean) => Promise<void>
  restarting: boolean
  restart: () => Promise<void>
  /** Resolves true once the host removed it. */
  remove: () => Promise<boolean>
}

export function useExtensionControls(extension: ExtensionView): ExtensionControls {
  const act = useHostAction()
  const { id } = extension
  const [enabled, expectEnabled, clearEnabled] = usePendingValue(extension.enabled)
  const [restarting, setRestarting] = useState(false)
  return {
    enabled,
    setEnabled: async (next) => {
      expectEnabled(next)
      const view = await act('extension_set_enabled', { id, enabled: next })
      // Turning on can wait for an approval (the host keeps it off until then): show what the host says.
      if (!view || view.enabled !== next) clearEnabled()
    },
    restarting,
    restart: async () => {
      setRestarting(true)
      await act('extension_restart', { id })
      setRestarting(false)
    },
    remove: async () => (await act('extension_remove', { id })) !== undefined,
  }
}
