/** The hooks app tools: `hook_save` (a new target waits for approval), `hook_remove`, `hook_test`, `hook_import_preview`, `hook_import`. */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerHookTools(tool: ToolRegistrar, { hooks }: Pick<HostServices, 'hooks'>): void {
  tool('hook_save', 'Add or change a hook (in run order; `position` moves it). A new target runs only after the person approved it.', (args) => hooks.save(args))
  tool('hook_remove', 'Remove a hook.', ({ id }) => hooks.remove(id))
  tool('hook_import_preview', 'What a Claude Code / VS Code `hooks` block would import: from `json` (pasted settings), or without it from the usual files on this computer.', ({ json }) => hooks.imports.preview({ json }))
  tool('hook_import', 'Import the chosen command hooks (`keys` from hook_import_preview, same `json`); each runs only after the person approved its exact command line.', ({ json, keys }) => hooks.imports.run({ json, keys }))
  tool('hook_test', "Run one approved hook on a sample payload: what it decides and what it would change.", ({ id, payload }) => hooks.test(id, payload))
}
