/** The two shapes a frontend tool answers with: a line of text, or an error the model can act on. */
import type { CallToolResult } from '@modelcontextprotocol/server'

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] }
}

export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
