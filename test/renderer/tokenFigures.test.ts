/** Token figures and the "always offer" mark as the window shows them (rendered to markup). */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { CatalogToolView } from '../../src/shared/hostApi'
import { formatTokens } from '../../src/shared/format'
import { ToolItem } from '../../src/renderer/components/extensions/ToolItem'
import { AssistantMessage } from '../../src/renderer/components/chat/AssistantMessage'
import { HostContext } from '../../src/renderer/mcp/hostContext'
import type { HostClient } from '../../src/renderer/mcp/hostClient'

const tool: CatalogToolView = {
  name: 'files__read_file',
  extensionId: 'files',
  extensionName: 'Files',
  toolName: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  trust: 'untrusted',
  policy: { policy: 'mode', source: 'mode', lapsed: false, changed: false, effective: { decision: 'asks', reason: 'Smart mode asks.', rules: 0 } },
  alwaysOffer: true,
  tokens: 1234,
}
const withHost = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(HostContext, { value: {} as HostClient }, element))

describe('token figures in the window', () => {
  it('labels every estimate with its tokenizer', () => {
    expect(formatTokens(1234, 'o200k')).toBe('≈ 1,234 tokens (o200k)')
    expect(formatTokens(1, 'o200k')).toBe('≈ 1 token (o200k)')
  })

  it('a tool on the extension page shows its definition weight and its "always offer" mark', () => {
    const html = withHost(createElement(ToolItem, { tool, runnable: true, tokenizer: 'o200k' }))
    expect(html).toContain('Definition ≈ 1,234 tokens (o200k)')
    expect(html).toMatch(/<input[^>]*aria-label="Always offer read_file"[^>]*checked=""/)
    const unmarked = withHost(createElement(ToolItem, { tool: { ...tool, alwaysOffer: false }, runnable: true, tokenizer: 'o200k' }))
    expect(unmarked).not.toMatch(/aria-label="Always offer read_file"[^>]*checked/)
  })

  it('a committed reply says what its request weighed, tool definitions included', () => {
    const message = { id: 'm1', role: 'assistant' as const, text: 'Hi.', created: '2026-01-01T00:00:00Z', toolCalls: [], tokens: { tokenizer: 'o200k', toolDefinitions: 310, request: 2048 } }
    const html = withHost(createElement(AssistantMessage, { message }))
    expect(html).toContain('Sent ≈ 2,048 tokens (o200k), of which tool definitions 310')
    const older = withHost(createElement(AssistantMessage, { message: { ...message, tokens: undefined } }))
    expect(older).not.toContain('Sent ≈')
  })
})
