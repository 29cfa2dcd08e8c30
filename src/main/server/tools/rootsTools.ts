/** App tools for roots: a session's own folders (the global ones are a setting, `settings_update {roots}`). */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerRootsTools(tool: ToolRegistrar, { sessions }: Pick<HostServices, 'sessions'>): void {
  tool('session_set_roots', 'Choose the folders a session offers extensions as roots, besides the global ones.', ({ id, folders }) => sessions.setRoots(id, folders))
}
