/**
 * `show_notification`: a desktop notification through the web Notification API (Electron shows it
 * as a native one). Permission is asked only the first time it is needed.
 */
import type { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { errorResult, messageOf, textResult } from './toolResults'

async function permitted(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission
  return Notification.requestPermission()
}

export function registerShowNotification(server: McpServer): void {
  server.registerTool(
    'show_notification',
    {
      title: 'Show a notification',
      description: 'Shows a desktop notification to the person, e.g. when a long task is done.',
      inputSchema: z.object({
              title: z.string().min(1).max(120).describe('The notification’s headline.'),
              body: z.string().max(1000).describe('One or two sentences.'),
            }),
      annotations: { title: 'Show a notification', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ title, body }) => {
      if (typeof Notification === 'undefined') return errorResult('This window cannot show notifications (no Notification API); tell the person in your reply instead.')
      try {
        const permission = await permitted()
        if (permission !== 'granted') {
          return errorResult('Notifications are not allowed for Switchboard (the person or the system blocked them); tell the person in your reply instead.')
        }
        new Notification(title, { body })
        return textResult('The notification was shown.')
      } catch (error) {
        return errorResult(`The notification could not be shown: ${messageOf(error)}. Tell the person in your reply instead.`)
      }
    },
  )
}
