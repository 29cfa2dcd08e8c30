/** Human-readable text for errors that reach the UI. */

/** The message of any thrown value, without the SDK's "MCP error -32602:" prefix. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/^MCP error -?\d+:\s*/, '')
}

/** The text blocks of a failed tool result, joined; undefined when there are none. */
export function toolErrorText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined
  const texts = content.flatMap((block: unknown) => {
    const text = (block as { type?: unknown; text?: unknown } | null)?.text
    return (block as { type?: unknown } | null)?.type === 'text' && typeof text === 'string' ? [text] : []
  })
  return texts.length > 0 ? texts.join('\n') : undefined
}

/** Why a connection attempt failed, in words; a browser's WebSocket error event carries no detail. */
export function connectFailure(error: unknown): string {
  const detail = errorMessage(error)
  const useful = detail && !detail.startsWith('WebSocket error') && !detail.includes('isTrusted')
  return useful ? `Could not reach the Switchboard host (${detail}).` : 'Could not reach the Switchboard host.'
}
