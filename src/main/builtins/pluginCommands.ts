/**
 * A plugin's slash commands (`commands/*.md`) served as MCP prompts by a builtin extension of its
 * own (`plugin-<name>`), so they reach the composer's prompt list like any server's prompts. The
 * command's body is the prompt text; `$ARGUMENTS` becomes what the person typed after it, and
 * `$1`…`$9` its words.
 */
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { BuiltinContext } from './builtinRegistry'

export interface PluginCommand {
  name: string
  description: string
  argumentHint?: string
  body: string
}

/** The body with `$ARGUMENTS` and `$1`…`$9` filled in (missing words become empty). */
export function fillCommand(body: string, args: string): string {
  const words = args.trim() === '' ? [] : args.trim().split(/\s+/)
  return body.replace(/\$ARGUMENTS\b/g, args.trim()).replace(/\$([1-9])\b/g, (_whole, index: string) => words[Number(index) - 1] ?? '')
}

export function createPluginCommandsServer(context: BuiltinContext, plugin: string, commands: readonly PluginCommand[]): McpServer {
  const server = new McpServer({ name: `plugin-${plugin}`, version: context.appVersion })
  for (const command of commands) {
    server.registerPrompt(
      command.name,
      {
        description: command.description || `/${command.name} from the plugin ${plugin}`,
        argsSchema: z.object({ arguments: z.string().optional().describe(command.argumentHint ?? 'What to put in place of $ARGUMENTS') }),
      },
      ({ arguments: args }) => ({ messages: [{ role: 'user', content: { type: 'text', text: fillCommand(command.body, args ?? '').trim() } }] }),
    )
  }
  return server
}
