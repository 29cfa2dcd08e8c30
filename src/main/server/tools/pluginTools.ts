/** The plugin app tools: `plugin_preview`, `plugin_install`, `plugin_uninstall`, `plugin_set_enabled` (thin calls into the plugin service). */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerPluginTools(tool: ToolRegistrar, { plugins }: Pick<HostServices, 'plugins'>): void {
  tool('plugin_preview', 'Read a plugin (Claude Code format) from a folder or .zip (`path`) or a marketplace (`url`, with `plugin`): everything it would add, what cannot be mapped, and a token to install it. A marketplace without `plugin` answers its list.', (input) => plugins.preview(input))
  tool('plugin_install', "Install a previewed plugin (its token): all of it or nothing. Its servers still wait for their start consent, its hooks for approval of their command lines.", ({ token }) => plugins.install(token))
  tool('plugin_uninstall', 'Remove exactly what a plugin added, and the secrets its extensions owned. An extension edited since the install needs `confirm`.', ({ name, confirm }) => plugins.uninstall(name, confirm))
  tool('plugin_set_enabled', "Turn a plugin's parts off or on together (its extensions, agents, hooks, skills and commands).", ({ name, enabled }) => plugins.setEnabled(name, enabled))
}
