/** The app tools of the host server (not in the model's catalog). Inputs are validated with the hostApi schemas. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { z } from 'zod'
import { HostToolInput, HostToolOutput, type HostToolName, type SettingsResource } from '../../shared/hostApi'
import type { HostServices } from './hostServer'

type Args<N extends HostToolName> = z.infer<(typeof HostToolInput)[N]>
type Result<N extends HostToolName> = z.infer<(typeof HostToolOutput)[N]>

const errorResult = (error: unknown): CallToolResult => ({ isError: true, content: [{ type: 'text', text: (error as Error).message }] })

export function registerHostTools(server: McpServer, services: HostServices, settingsView: () => SettingsResource): void {
  /** Registers a tool whose result is JSON: text for people, structuredContent for code. Failures are isError results. */
  const tool = <N extends HostToolName>(name: N, description: string, run: (args: Args<N>) => Promise<Result<N>>) =>
    raw(name, description, async (args) => {
      const result = await run(args)
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
    })
  /** Registers a tool that builds its own CallToolResult; `signal` aborts when the renderer cancels the request. */
  const raw = <N extends HostToolName>(name: N, description: string, run: (args: Args<N>, signal: AbortSignal) => Promise<CallToolResult>) => {
    server.registerTool(
      name,
      { description, inputSchema: HostToolInput[name], outputSchema: HostToolOutput[name] },
      // The SDK types the callback from the schema generics; the cast keeps one typed wrapper for all tools.
      (async (args: Args<N>, extra: { signal: AbortSignal }): Promise<CallToolResult> => {
        try {
          return await run(args, extra.signal)
        } catch (error) {
          return errorResult(error)
        }
      }) as never,
    )
  }

  const { sessions, settings, secrets, notices, extensions, elicitations } = services
  tool('session_create', 'Create a chat session.', ({ title }) => sessions.create(title))
  tool('session_rename', 'Rename a chat session.', ({ id, title }) => sessions.rename(id, title))
  tool('session_delete', 'Delete a chat session.', async ({ id }) => {
    await sessions.remove(id)
    return { id }
  })
  tool('settings_update', 'Change settings.', async ({ patch }) => {
    settings.update(patch)
    return settingsView()
  })
  tool('secret_set', 'Store a secret in the OS keychain (write-only).', async ({ key, value }) => {
    await secrets.set(key, value)
    // An extension that waited for this secret can start now.
    extensions.core.manager.retryNeedsConfig()
    return { key, isSet: true as const }
  })
  tool('secret_delete', 'Remove a secret from the OS keychain.', async ({ key }) => {
    await secrets.delete(key)
    return { key, isSet: false as const }
  })
  tool('notice_dismiss', 'Dismiss a notice.', async ({ id }) => {
    notices.dismiss(id)
    return { id }
  })
  tool('extension_add', 'Install an extension; a launch that needs approval waits for it.', ({ config }) => extensions.add(config))
  tool('extension_update', 'Change an extension.', ({ id, config }) => extensions.update(id, config))
  tool('extension_remove', 'Remove an extension.', async ({ id }) => {
    await extensions.remove(id)
    return { id }
  })
  tool('extension_set_enabled', 'Enable or disable an extension.', ({ id, enabled }) => extensions.setEnabled(id, enabled))
  tool('extension_restart', 'Restart an extension.', ({ id }) => extensions.restart(id))
  raw('tool_call', 'Run a tool by hand (the person is the approver).', async ({ name, arguments: args }, signal) => {
    // Cancelling the request (notifications/cancelled from the window) cancels the call in the extension (F6).
    const { result, outcome } = await extensions.callTool(name, args, signal)
    return { ...result, structuredContent: outcome }
  })
  tool('elicitation_respond', 'Answer a pending approval or question.', async ({ id, action, content }) => {
    elicitations.respond(id, action, content)
    return { id }
  })
}
