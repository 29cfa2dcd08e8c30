/**
 * Keeping Switchboard working while the window is closed, for routines (docs/guide/routines.md),
 * decided here without Electron: what closing the window does (quit, stay in the tray, or ask the
 * first time a routine exists), Start at login (an XDG autostart entry on Linux, the login items
 * elsewhere), and telling the routines about a wake from sleep (powerMonitor). index.ts is the glue.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** What closing the window does. */
export type CloseDecision = 'close' | 'hide-to-tray' | 'ask'

/**
 * `keepRunningInTray`: the person's answer (undefined until asked). Off by default: closing closes,
 * until a routine exists, when the person is asked once; `quitting` (the menu's Quit, a shutdown) always closes.
 */
export function closeDecision(state: { keepRunningInTray: boolean | undefined; routineCount: number; quitting: boolean }): CloseDecision {
  if (state.quitting) return 'close'
  if (state.keepRunningInTray === true) return 'hide-to-tray'
  if (state.keepRunningInTray === undefined && state.routineCount > 0) return 'ask'
  return 'close'
}

/** The question asked the first time the window closes while a routine exists. */
export const TRAY_QUESTION = {
  message: 'Keep Switchboard running in the background?',
  detail: 'Your routines run only while Switchboard runs. It can stay in the tray (the menu bar on macOS) when you close the window; you can change this in Settings → Routines.',
  buttons: ['Keep running in the tray', 'Quit when the window closes'],
} as const

/** The answer to TRAY_QUESTION as the routine option. */
export const keepRunningFromAnswer = (buttonIndex: number): boolean => buttonIndex === 0

/** Where the XDG autostart entry lives: `$XDG_CONFIG_HOME/autostart` (default `~/.config/autostart`). */
export function autostartPath(env: { XDG_CONFIG_HOME?: string }, home: string, appName: string): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config')
  return join(configHome, 'autostart', `${appName.toLowerCase()}.desktop`)
}

/** Quotes one Exec argument as the Desktop Entry spec wants (reserved characters in double quotes, `"`, `` ` ``, `$` and `\` escaped). */
function execArgument(value: string): string {
  if (!/[\s"'\\`$<>|&;()*?#~=%]/.test(value)) return value
  return `"${value.replace(/(["`$\\])/g, '\\$1')}"`
}

/** The XDG autostart entry that starts the app at login (hidden window: it starts in the tray). */
export function autostartEntry(options: { appName: string; execPath: string; args?: readonly string[] }): string {
  const exec = [options.execPath, ...(options.args ?? [])].map(execArgument).join(' ').replace(/%/g, '%%')
  return ['[Desktop Entry]', 'Type=Application', `Name=${options.appName}`, `Comment=Start ${options.appName} at login so its routines run`, `Exec=${exec}`, 'X-GNOME-Autostart-enabled=true', 'NoDisplay=false', 'Terminal=false', ''].join('\n')
}

/** What Start at login does on each platform. */
export type LoginItemPlan = { kind: 'xdg'; path: string; content?: string } | { kind: 'login-items'; openAtLogin: boolean }

/** Start at login on or off: the XDG entry to write (or remove, without content) on Linux, the login-item setting elsewhere. */
export function loginItemPlan(options: { platform: NodeJS.Platform; enabled: boolean; appName: string; execPath: string; args?: readonly string[]; env: { XDG_CONFIG_HOME?: string }; home: string }): LoginItemPlan {
  if (options.platform !== 'linux') return { kind: 'login-items', openAtLogin: options.enabled }
  const path = autostartPath(options.env, options.home, options.appName)
  return options.enabled ? { kind: 'xdg', path, content: autostartEntry(options) } : { kind: 'xdg', path }
}

/** Carries out an XDG plan (the login-items kind is Electron's, in index.ts). */
export async function applyXdgPlan(plan: Extract<LoginItemPlan, { kind: 'xdg' }>): Promise<void> {
  if (plan.content === undefined) return rm(plan.path, { force: true })
  await mkdir(dirname(plan.path), { recursive: true })
  await writeFile(plan.path, plan.content, { mode: 0o644 })
}

/** The part of Electron's powerMonitor this needs. */
export interface PowerEvents {
  on(event: 'resume' | 'unlock-screen', listener: () => void): unknown
  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): unknown
}

/** Tells `onWake` when the computer resumes from sleep (or the screen is unlocked after it); returns the way to stop. */
export function relayWake(power: PowerEvents, onWake: () => void): () => void {
  const listener = () => onWake()
  power.on('resume', listener)
  power.on('unlock-screen', listener)
  return () => {
    power.removeListener('resume', listener)
    power.removeListener('unlock-screen', listener)
  }
}

/** The file the tray icon is read from: beside app.asar in a package (electron-builder's extraResources), the repository's resources/ in a checkout. */
export function trayIconPath(options: { isPackaged: boolean; resourcesPath: string; appPath: string }): string {
  return options.isPackaged ? join(options.resourcesPath, 'icon.png') : join(options.appPath, 'resources', 'icon.png')
}
