/** Why the composer cannot send right now, if it cannot: in words, with the way out. */
import type { ModelsResource } from '../../../shared/hostApi'
import type { ConnectionState } from '../../mcp/hostClient'

export type ComposerBlock = { reason: string; toSettings: boolean } | null

/**
 * `creatingSession`: "New session" was pressed and the host has not answered yet. Typing then would
 * land in the conversation the window is about to leave (and sending would start a second session).
 */
export function composerBlock(models: ModelsResource | null, connection: ConnectionState, creatingSession = false): ComposerBlock {
  if (connection.status !== 'connected') return { reason: 'Not connected to the Switchboard host. Reconnecting…', toSettings: false }
  if (creatingSession) return { reason: 'Starting a new session…', toSettings: false }
  if (!models) return { reason: 'Loading your models…', toSettings: false }
  if (models.providers.length === 0) return { reason: 'No model is set up yet. Add a provider to start chatting.', toSettings: true }
  if (!models.selected) return { reason: 'Choose a model to send messages to.', toSettings: !models.providers.some((provider) => provider.models.length > 0) }
  return null
}
