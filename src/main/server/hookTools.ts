/** The hooks app tools: `hook_save` (a new target waits for approval), `hook_remove`, `hook_test`. */
import type { HostServices } from './hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerHookTools(tool: ToolRegistrar, { hooks }: Pick<HostServices, 'hooks'>): void {
  tool('hook_save', 'Add or change a hook (in run order; `position` moves it). A new target runs only after the person approved it.', (args) => hooks.save(args))
  tool('hook_remove', 'Remove a hook.', ({ id }) => hooks.remove(id))
  tool('hook_test', "Run one approved hook on a sample payload: what it decides and what it would change.", ({ id, payload }) => hooks.test(id, payload))
}
