/**
 * Where Claude Desktop, Cursor and VS Code keep their MCP configs on each OS. The home folder,
 * environment and platform are passed in, so every platform's paths can be computed (and tested)
 * anywhere.
 */
import { posix, win32 } from 'node:path'
import type { ImportSource } from './importTypes'

export interface ImportEnvironment {
  home: string
  env: Readonly<Record<string, string | undefined>>
  platform: NodeJS.Platform
}

export interface ConfigLocation {
  source: ImportSource
  /** The app's name as people know it. */
  label: string
  path: string
}

export const SOURCE_LABELS: Record<ImportSource, string> = {
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
}

/** The per-user app config folder: ~/Library/Application Support, %APPDATA%, or $XDG_CONFIG_HOME / ~/.config. */
function appConfigDir({ home, env, platform }: ImportEnvironment): string {
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support')
  if (platform === 'win32') return env.APPDATA || win32.join(home, 'AppData', 'Roaming')
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME
  return xdg && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.config')
}

/** Where `source` keeps its MCP config in `environment`. */
export function configLocation(source: ImportSource, environment: ImportEnvironment): ConfigLocation {
  const path = environment.platform === 'win32' ? win32 : posix
  const appDir = appConfigDir(environment)
  const file = {
    'claude-desktop': () => path.join(appDir, 'Claude', 'claude_desktop_config.json'),
    cursor: () => path.join(environment.home, '.cursor', 'mcp.json'),
    vscode: () => path.join(appDir, 'Code', 'User', 'mcp.json'),
  }[source]()
  return { source, label: SOURCE_LABELS[source], path: file }
}

/** Every known location, in the order they are offered. */
export function configLocations(environment: ImportEnvironment): ConfigLocation[] {
  return (['claude-desktop', 'cursor', 'vscode'] as const).map((source) => configLocation(source, environment))
}
