/** Typed settings over a `conf` instance (electron-store in the app, plain `conf` in Node and tests). */
import { z } from 'zod'
import { ThemeSchema } from '../../shared/hostApi'

export const SETTINGS_SCHEMA_VERSION = 1

export const SettingsSchema = z.object({
  schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION).default(SETTINGS_SCHEMA_VERSION),
  theme: ThemeSchema.default('system'),
})
export type Settings = z.infer<typeof SettingsSchema>
export type SettingsPatch = Partial<Omit<Settings, 'schemaVersion'>>

/** The part of `conf` / electron-store that the settings logic uses. */
export interface ConfLike {
  readonly store: Record<string, unknown>
  set(object: Record<string, unknown>): void
}

export interface SettingsStore {
  get(): Settings
  update(patch: SettingsPatch): Settings
  onChange(listener: (settings: Settings) => void): () => void
}

export function createSettingsStore(conf: ConfLike): SettingsStore {
  let current = SettingsSchema.parse(conf.store)
  const listeners = new Set<(settings: Settings) => void>()
  return {
    get: () => current,
    update(patch) {
      const next = SettingsSchema.parse({ ...current, ...patch })
      conf.set(next)
      current = next
      for (const listener of listeners) listener(current)
      return current
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
