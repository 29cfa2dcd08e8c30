/** The import boundaries of docs/architecture.md §3 are enforced by lint: planted forbidden imports must fail. */
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const eslint = new ESLint({ cwd: process.cwd() })

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

const forbidden: [file: string, code: string, reason: RegExp][] = [
  ['src/main/host/planted.ts', "import { app } from 'electron'\nexport const a = app", /Only src\/main\/electron/],
  ['src/main/server/planted.ts', "import * as e from 'electron'\nexport const a = e", /Only src\/main\/electron/],
  ['src/shared/planted.ts', "import { ipcRenderer } from 'electron'\nexport const a = ipcRenderer", /Only src\/main\/electron/],
  ['src/renderer/planted.ts', "import { ipcRenderer } from 'electron'\nexport const a = ipcRenderer", /Only src\/main\/electron/],
  ['src/renderer/components/planted.ts', "import { createHost } from '../../main/host/createHost'\nexport const a = createHost", /never imports main/],
  ['src/main/server/planted.ts', "import { App } from '../../renderer/App'\nexport const a = App", /never imports the renderer/],
  ['src/main/secrets/planted.ts', "import { createHost } from '../host/createHost'\nexport const a = createHost", /leaf/],
  ['src/main/settings/planted.ts', "import { x } from '../secrets/secretStore'\nexport const a = x", /leaf/],
  ['src/main/permissions/planted.ts', "import { x } from '../extensions/manager'\nexport const a = x", /leaf/],
  ['src/main/net/planted.ts', "import { x } from '../agent/providers'\nexport const a = x", /leaf/],
  ['src/main/agent/planted.ts', "import { x } from '../server/hostServer'\nexport const a = x", /downward/],
  ['src/main/extensions/planted.ts', "import { x } from '../agent/loop'\nexport const a = x", /downward/],
  ['src/main/services/planted.ts', "import { x } from '../server/hostServer'\nexport const a = x", /downward/],
  ['src/main/agent/planted.ts', "import { x } from '../services/chat/chatService'\nexport const a = x", /downward/],
  ['src/shared/planted.ts', "import { readFile } from 'node:fs'\nexport const a = readFile", /no Node built-ins/],
  ['src/main/gateway/planted.ts', "import { x } from '../server/hostServer'\nexport const a = x", /downward/],
  ['src/main/gateway/planted.ts', "import { x } from '../host/createHost'\nexport const a = x", /downward/],
  ['src/main/services/planted.ts', "import { x } from '../gateway/gatewayService'\nexport const a = x", /downward/],
  ['src/main/agent/planted.ts', "import { x } from '../gateway/gatewayService'\nexport const a = x", /downward/],
  // Subfolders keep their folder's rule, however many `../` the import climbs.
  ['src/main/extensions/connection/planted.ts', "import { x } from '../../agent/loop'\nexport const a = x", /downward/],
  ['src/main/extensions/auth/planted.ts', "import { x } from '../../settings/settingsStore'\nexport const a = x", /downward/],
  ['src/main/services/chat/planted.ts', "import { x } from '../../server/hostServer'\nexport const a = x", /downward/],
  ['src/main/agent/providers/planted.ts', "import { x } from '../../services/chat/chatService'\nexport const a = x", /downward/],
  ['src/main/hooks/commandHooks/planted.ts', "import { x } from '../../agent/loop'\nexport const a = x", /downward/],
  // A leaf's subfolder: `../` is its own folder, `../../` the rest of main.
  ['src/main/permissions/inspectors/planted.ts', "import { x } from '../../agent/index'\nexport const a = x", /leaf/],
  ['src/main/permissions/rules/planted.ts', "import { x } from '../../settings/settingsStore'\nexport const a = x", /leaf/],
]

const allowed: [file: string, code: string][] = [
  ['src/main/electron/planted.ts', "import { app } from 'electron'\nexport const a = app"],
  ['src/preload/planted.ts', "import { ipcRenderer } from 'electron'\nexport const a = ipcRenderer"],
  ['src/main/secrets/planted.ts', "import { HostResource } from '../../shared/hostApi'\nimport { log } from '../log/log'\nexport const a = [HostResource, log]"],
  ['src/main/server/planted.ts', "import { x } from '../agent/session/sessionIndex'\nexport const a = x"],
  ['src/main/permissions/inspectors/planted.ts', "import { x } from '../verdict'\nimport { y } from '../../log/log'\nimport { z } from '../../../shared/hostApi'\nexport const a = [x, y, z]"],
  ['src/main/host/planted.ts', "import { x } from '../server/hostServer'\nexport const a = x"],
  ['src/main/server/planted.ts', "import { x } from '../services/chat/chatService'\nexport const a = x"],
  ['src/main/gateway/planted.ts', "import { x } from '../services/chat/chatService'\nimport { y } from '../permissions'\nexport const a = [x, y]"],
  ['src/main/server/planted.ts', "import { x } from '../gateway/gatewayService'\nexport const a = x"],
  ['src/renderer/planted.ts', "import { HostResource } from '../shared/hostApi'\nexport const a = HostResource"],
  ['src/main/services/chat/planted.ts', "import { x } from '../extensions/extensionService'\nimport { y } from '../../agent'\nexport const a = [x, y]"],
  ['src/main/extensions/connection/planted.ts', "import { x } from '../config/extensionConfig'\nimport { y } from '../../builtins/builtinRegistry'\nexport const a = [x, y]"],
]

describe('import boundaries (eslint no-restricted-imports)', () => {
  it.each(forbidden)('rejects a planted import in %s', async (file, code, reason) => {
    const errors = await boundaryErrors(file, code)
    expect(errors.length, `${file} should fail lint`).toBeGreaterThan(0)
    expect(errors.join('\n')).toMatch(reason)
  })

  it.each(allowed)('allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})
