/**
 * The extension core as the benches start it: stdio servers given by config, nothing stored, secrets
 * passed through, quick stops, and the catalog's change notices coalesced briefly.
 */
import { createBuiltinRegistry } from '../../src/main/builtins'
import { createExtensionsCore, type ExtensionConfig, type ExtensionsCore } from '../../src/main/extensions'
import { ExtensionConfigSchema } from '../../src/main/extensions/config/extensionConfig'

/** A stdio extension that runs `script` with this Node (and `args`), named by its id. */
export function stdioConfig(id: string, script: string, args: string[] = []): ExtensionConfig {
  return ExtensionConfigSchema.parse({ id, name: id, type: 'stdio', command: process.execPath, args: [script, ...args] })
}

export function benchExtensionsCore(configs: ExtensionConfig[]): ExtensionsCore {
  return createExtensionsCore({
    configs,
    store: { save: () => {} },
    resolveSecrets: async (values) => values,
    builtins: createBuiltinRegistry({ appVersion: 'bench' }),
    clientInfo: { name: 'bench', version: '0' },
    stopGraceMs: { afterStdinClose: 500, afterTerm: 500 },
    cache: { coalesceMs: 20 },
  })
}
