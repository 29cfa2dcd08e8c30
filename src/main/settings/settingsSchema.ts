/** The settings schema: one zod object with defaults, stamped with the version migrations lead up to. */
import { z } from 'zod'
import { AssistedReviewSettingsSchema, GuardModeSchema, InstructionsSchema, ModelFactsRowSchema, RegistryUrlSchema, RootFoldersSchema, TelemetrySettingsSchema, ThemeSchema } from '../../shared/hostApi'

/** Bump with a migration in settingsMigrations.ts whenever a stored field changes meaning, name or shape. */
export const SETTINGS_SCHEMA_VERSION = 1

export const SettingsSchema = z.object({
  schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION).default(SETTINGS_SCHEMA_VERSION),
  theme: ThemeSchema.default('system'),
  /** The MCP Registry the install page searches; absent means the official one (DEFAULT_REGISTRY_URL). */
  registryUrl: RegistryUrlSchema.optional(),
  /** Folders offered to every extension as roots; absent means none (an optional field needs no migration). */
  roots: RootFoldersSchema.optional(),
  /** Whether the installed app updates itself; absent means off (nothing is checked until the person turns it on). */
  autoUpdate: z.boolean().optional(),
  /** Namespaced names of the tools offered to the model in every turn, without a search first ("always offer"). */
  alwaysOfferTools: z.array(z.string().min(1).max(200)).max(1000).optional(),
  /** The person's rows of the model table (prices, context windows), before the shipped ones (agent/modelFacts.ts). */
  modelFacts: z.array(ModelFactsRowSchema).max(500).optional(),
  /** Instructions (system prompt) for every session that has none of its own; absent means none. */
  defaultInstructions: InstructionsSchema.optional(),
  /** Settings → Permissions → Guard after outside content (permissions/inspectors/guardInspector.ts); absent = "acting". */
  guardAfterOutside: GuardModeSchema.optional(),
  /** Settings → Permissions → Assisted review (services/review/callRater.ts); absent = off. */
  assistedReview: AssistedReviewSettingsSchema.optional(),
  /** The one-time notice about the guard was shown (after an update, to someone with "always allow" choices). */
  guardNoticeShown: z.boolean().optional(),
  /** The activity log (docs/guide/activity.md): the person's retention, and the seal: the newest record's seq and hash, HMAC-keyed. */
  activity: z
    .object({
      retentionDays: z.number().int().min(1).max(3650).optional(),
      seal: z.object({ seq: z.number().int(), hash: z.string(), mac: z.string() }).optional(),
    })
    .optional(),
  /** OpenTelemetry export (off until the person turns it on); header values are in the keychain, only their names here. */
  telemetry: TelemetrySettingsSchema.optional(),
})
export type Settings = z.infer<typeof SettingsSchema>

/**
 * What update() accepts: any subset of the settings, never the version; unknown keys are an error.
 * Note: zod fills defaults for absent keys even here, so callers must keep only the keys given.
 */
export const SettingsPatchSchema = SettingsSchema.omit({ schemaVersion: true }).partial().strict()
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/** Settings of a fresh install. */
export function defaultSettings(): Settings {
  return SettingsSchema.parse({})
}

/** A zod error as one line naming each field: `theme: Invalid option: expected one of "light"|"dark"|"system"`. */
export function describeSettingsIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}
