/**
 * The settings file on disk, below conf: checking that it is a JSON object conf can load, and
 * moving a damaged file aside (never deleting it) so the person can recover what was in it.
 */
import { readFileSync } from 'node:fs'
import { moveAside } from '../storage/atomicFile'

/** conf's `configName` for the settings file; with conf's default extension the file is `settings.json`. */
export const SETTINGS_CONFIG_NAME = 'settings'
export const SETTINGS_FILE_NAME = `${SETTINGS_CONFIG_NAME}.json`

/** Something the person should be told once, e.g. that their settings file was moved aside. */
export interface SettingsNotice {
  /** One or two sentences for the person: what happened, where the old file is, what is in use now. */
  message: string
  /** Where the damaged file now is; absent when there was no file (an in-memory conf). */
  movedTo?: string
}

/**
 * Why conf cannot load the file at `path` as a settings object, or undefined when it can (or there
 * is no file). conf throws on unparseable JSON and silently turns `null` or `[…]` into `{}`, so both
 * are caught here, before conf sees the file.
 */
export function settingsFileProblem(path: string): string | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`Cannot read the settings file ${path}: ${(error as Error).message}. Check that it is a file your user may read and write.`, { cause: error })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return text.trim() === '' ? 'it is empty' : `it is not valid JSON (${(error as Error).message})`
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'it does not hold a JSON object'
  return undefined
}

/** Renames `path` to `<name>.corrupt-<timestamp><ext>` beside it and returns the notice to show. */
export function moveSettingsAside(path: string, problem: string, now: Date): SettingsNotice {
  const movedTo = moveAside(path, now)
  // Without a file on disk there is nothing to keep (the store came from defaults, or the file went away meanwhile).
  if (movedTo === undefined) return { message: `Your settings could not be used because ${problem}. Default settings are in use.` }
  return {
    message: `Your settings could not be used because ${problem}. The file was moved to ${movedTo} and default settings are in use.`,
    movedTo,
  }
}
