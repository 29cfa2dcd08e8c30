/** The connected-apps app tools: turn the endpoint on, allow a knocking app (its token is in the answer, once), add, scope, revoke. */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerConnectedAppTools(tool: ToolRegistrar, { gateway }: Pick<HostServices, 'gateway'>): void {
  tool('connected_apps_set_enabled', 'Turn the endpoint for connected apps on or off (off closes their sessions).', ({ enabled }) => gateway.setEnabled(enabled))
  tool('connected_app_approve', 'Allow an app that asked to connect; the answer holds its token, shown only this once.', ({ requestId, scope }) => gateway.approve(requestId, scope))
  tool('connected_app_add', 'Add a connected app by hand; the answer holds its token, shown only this once.', ({ name, scope }) => gateway.add(name, scope))
  tool(
    'connected_app_update',
    'Choose which agents a connected app may use, whether it gets the catalog tools (gateway), and how many sessions it may have open (maxSessions, default 16); what you leave out stays.',
    ({ id, scope, maxSessions }) => gateway.update(id, { scope, maxSessions }),
  )
  tool('connected_app_revoke', "Revoke a connected app's token at once; its open sessions are closed.", ({ id }) => gateway.revoke(id))
}
