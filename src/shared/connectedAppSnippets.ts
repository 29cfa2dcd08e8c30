/**
 * Config snippets that connect another app to Switchboard's endpoint with its token, in each app's
 * own format: Claude Code's `claude mcp add` command, VS Code's `.vscode/mcp.json` and Cursor's
 * `~/.cursor/mcp.json`. The token is in them, so they are shown once, with the token.
 */

export type SnippetTarget = 'claude-code' | 'vscode' | 'cursor'

export interface ConfigSnippet {
  target: SnippetTarget
  /** What the app is called, for the tab. */
  label: string
  /** Where the text goes, in one line. */
  where: string
  text: string
}

/** The server name the snippets register Switchboard under in the other app. */
const SERVER_NAME = 'switchboard'

/** Double-quotes a value for a POSIX shell (Claude Code's command line). */
function shellQuoted(value: string): string {
  return `"${value.replace(/(["\\$`])/g, '\\$1')}"`
}

export function configSnippets(url: string, token: string): ConfigSnippet[] {
  const authorization = `Bearer ${token}`
  const json = (value: unknown) => JSON.stringify(value, null, 2)
  return [
    {
      target: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal',
      text: `claude mcp add --transport http ${SERVER_NAME} ${shellQuoted(url)} --header ${shellQuoted(`Authorization: ${authorization}`)}`,
    },
    {
      target: 'vscode',
      label: 'VS Code',
      where: 'Add to .vscode/mcp.json',
      text: json({ servers: { [SERVER_NAME]: { type: 'http', url, headers: { Authorization: authorization } } } }),
    },
    {
      target: 'cursor',
      label: 'Cursor',
      where: 'Add to ~/.cursor/mcp.json',
      text: json({ mcpServers: { [SERVER_NAME]: { url, headers: { Authorization: authorization } } } }),
    },
  ]
}
