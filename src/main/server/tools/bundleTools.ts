/**
 * The .mcpb bundle app tools: `bundle_upload` (chunks from the window), `bundle_preview` (the
 * install sheet), `extension_install_bundle` and `pick_path` (the system dialog in Electron).
 * Installs add through the extension service, so the consent dialog comes before the first start.
 */
import { TOKENIZER, tokensOf } from '../../agent'
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerBundleTools(tool: ToolRegistrar, { bundles }: Pick<HostServices, 'bundles'>): void {
  tool('bundle_upload', 'Append a chunk of an .mcpb file the person chose (base64; a new upload without uploadId).', (args) => bundles.upload(args))
  tool('bundle_preview', 'Check and stage an .mcpb bundle; returns its install sheet.', async (args) => {
    const sheet = await bundles.preview(args)
    const tokens = sheet.tools.reduce((sum, entry) => sum + tokensOf(`${entry.name} ${entry.description ?? ''}`), 0)
    return sheet.tools.length > 0 ? { ...sheet, declaredToolTokens: { tokenizer: TOKENIZER, tokens } } : sheet
  })
  tool('extension_install_bundle', 'Install or update an .mcpb bundle; it waits for approval before it first starts, or in needs-config while required settings are missing.', (args) =>
    bundles.install(args),
  )
  tool('pick_path', 'Open the system dialog to choose a file or folder (app window only).', (args) => bundles.pickPath(args))
}
