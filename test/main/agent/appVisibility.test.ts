/** MCP Apps: a tool whose `_meta.ui.visibility` leaves out "model" never reaches the model's tool list. */
import { describe, expect, it } from 'vitest'
import { catalogForTurn, sdkToolSet } from '../../../src/main/agent/turn/catalogForTurn'
import type { CatalogTool } from '../../../src/main/extensions'
import { toolUiOf } from '../../../src/shared/appMeta'
import { loadAiSdk } from '../../../src/main/aiSdk/aiSdk'

// What is tested here runs inside a turn in the app, after the turn has loaded the AI SDK (aiSdk.ts).
await loadAiSdk()

function tool(toolName: string, meta?: unknown): CatalogTool {
  const ui = toolUiOf(meta)
  return {
    name: `apps__${toolName}`,
    extensionId: 'apps',
    extensionName: 'Apps',
    toolName,
    description: toolName,
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    trust: 'untrusted',
    definitionHash: toolName,
    ...(ui ? { ui } : {}),
  }
}

describe('App tool visibility in the turn catalog', () => {
  it('offers tools visible to the model (default, or "model" listed) and leaves out app-only ones', () => {
    const tools = [tool('plain'), tool('shows_app', { ui: { resourceUri: 'ui://apps/a.html' } }), tool('app_only', { ui: { visibility: ['app'] } }), tool('both', { ui: { visibility: ['app', 'model'] } })]
    const turn = catalogForTurn({ tools, mode: 'smart' })
    expect(turn.tools.map((t) => t.toolName)).toEqual(['both', 'plain', 'shows_app'])
    expect(turn.byName.has('apps__app_only')).toBe(false)
    expect(Object.keys(sdkToolSet(turn.tools) ?? {})).not.toContain('apps__app_only')
  })

  it('does not count app-only tools against the tool limit', () => {
    const appOnly = Array.from({ length: 50 }, (_, i) => tool(`hidden${i}`, { ui: { visibility: ['app'] } }))
    const turn = catalogForTurn({ tools: [...appOnly, tool('visible')], mode: 'smart', toolLimit: 40 })
    expect(turn.tools.map((t) => t.toolName)).toEqual(['visible'])
    expect(turn.warning).toBeUndefined()
  })
})
