/** `copy_to_clipboard`: puts text on the clipboard (plain text only, through navigator.clipboard). */
import type { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { errorResult, messageOf, textResult } from './toolResults'

export function registerCopyToClipboard(server: McpServer): void {
  server.registerTool(
    'copy_to_clipboard',
    {
      title: 'Copy to the clipboard',
      description: 'Copies plain text to the person’s clipboard, replacing what was there.',
      inputSchema: z.object({ text: z.string().max(1_000_000).describe('The text to copy.') }),
      annotations: { title: 'Copy to the clipboard', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ text }) => {
      try {
        await navigator.clipboard.writeText(text)
        return textResult(`Copied ${text.length} characters to the clipboard.`)
      } catch (error) {
        // Browsers refuse clipboard writes while the window is not focused.
        return errorResult(`The clipboard refused the text (${messageOf(error)}); the app window may need focus. Show the text in your reply instead.`)
      }
    },
  )
}
