/**
 * Opening the settings file safely. conf (and electron-store, which extends it) throws from its
 * constructor when the file is not valid JSON, and quietly rewrites `null` or an array as `{}`; so the
 * file is checked and, if damaged, moved aside before conf is constructed. The conf is made by a
 * factory so that src/main/electron can pass electron-store while Node passes conf.
 */
import { chmodSync, existsSync } from 'node:fs'
import { resolve, join } from 'node:path'
import { PRIVATE_FILE_MODE } from '../storage/privateFiles'
import { createSettingsStore, type ConfLike, type SettingsStore, type SettingsStoreOptions } from './settingsStore'
import { SETTINGS_CONFIG_NAME, SETTINGS_FILE_NAME, moveSettingsAside, settingsFileProblem, type SettingsNotice } from './settingsFile'

/**
 * Makes the conf for `<cwd>/<configName>.json`, written with `configFileMode` (0600: only the person reads it).
 * Node: `(o) => new Conf({ ...o, projectName: 'switchboard' })`;
 * Electron: `(o) => new Store({ cwd: o.cwd, name: o.configName, configFileMode: o.configFileMode })`.
 */
export type MakeConf = (location: { cwd: string; configName: string; configFileMode: number }) => ConfLike

/** Checks `<dir>/settings.json`, moves it aside if conf could not load it, then constructs the conf. */
export function openSettingsConf(dir: string, makeConf: MakeConf, now: () => Date = () => new Date()): { conf: ConfLike; notices: SettingsNotice[] } {
  const path = join(dir, SETTINGS_FILE_NAME)
  const notices: SettingsNotice[] = []
  const problem = settingsFileProblem(path)
  if (problem) notices.push(moveSettingsAside(path, problem, now()))
  const conf = makeConf({ cwd: dir, configName: SETTINGS_CONFIG_NAME, configFileMode: PRIVATE_FILE_MODE })
  if (conf.path !== undefined && resolve(conf.path) !== resolve(path)) {
    // The check above looked at a different file than conf opened: a wiring bug, and silently unsafe.
    throw new Error(`The settings conf opened ${conf.path}, but ${path} was checked. Pass cwd and configName through to conf (electron-store: name = configName).`)
  }
  // A file an earlier version wrote with the default mode (0644) is narrowed too; conf keeps the mode on later writes.
  if (process.platform !== 'win32' && existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE)
  return { conf, notices }
}

/** openSettingsConf + createSettingsStore: the settings of `dir`, whatever state the file is in. */
export function openSettingsStore(dir: string, makeConf: MakeConf, options: Omit<SettingsStoreOptions, 'notices'> = {}): SettingsStore {
  const { conf, notices } = openSettingsConf(dir, makeConf, options.now)
  return createSettingsStore(conf, { ...options, notices })
}
