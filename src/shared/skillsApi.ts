/**
 * Skills (SKILL.md folders, and skills servers publish over the MCP extension
 * `io.modelcontextprotocol/skills`): the `switchboard://skills` resource and the skill app tools.
 * Every skill is keyed by (extension, skill URI): the builtin `skills` extension serves the person's
 * local folders, any other extension declaring the skills extension serves its own. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const SKILLS_URI = 'switchboard://skills'

/** Where a skill comes from: a project folder (`.agents/skills` under a root folder), the person's own folders, or an extension. */
export const SkillSourceKindSchema = z.enum(['project', 'personal', 'server'])
export type SkillSourceKind = z.infer<typeof SkillSourceKindSchema>

/**
 * - `found`: on disk or offered by a server, off until the person turns it on.
 * - `enabled` / `disabled`: as the person chose (globally; sessions and agents may choose otherwise).
 * - `changed`: a server's skill whose files changed since it was approved — off until approved again.
 * - `shadowed`: another skill of the same name wins (`shadowedBy` names it).
 */
export const SkillStateSchema = z.enum(['found', 'enabled', 'disabled', 'changed', 'shadowed'])
export type SkillState = z.infer<typeof SkillStateSchema>

export const SkillViewSchema = z.object({
  /** The extension that serves it (`skills` for the person's local folders). */
  extensionId: z.string(),
  extensionName: z.string(),
  /** The SKILL.md URI as the extension publishes it. */
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  source: SkillSourceKindSchema,
  /** In words: "Personal (~/.agents/skills)", "Project my-app (.claude/skills)", "Server Acme tools". */
  sourceLabel: z.string(),
  /** The folder on this computer (local skills only). */
  path: z.string().optional(),
  state: SkillStateSchema,
  shadowedBy: z.string().optional(),
  /** Generated content with no manifest: every use needs its own approval, which is never kept. */
  dynamic: z.boolean(),
  /** Tokens its line in the model's skill list costs (name and description), and about what loading SKILL.md costs. */
  listTokens: z.number().int(),
  bodyTokens: z.number().int().optional(),
  /** Number of files and bytes in its manifest (absent for dynamic skills). */
  files: z.number().int().optional(),
  bytes: z.number().int().optional(),
  /** Sessions and agents that chose otherwise than the global state: id → on/off. */
  sessions: z.record(z.string(), z.boolean()),
  agents: z.record(z.string(), z.boolean()),
})
export type SkillView = z.infer<typeof SkillViewSchema>

export const SkillsResourceSchema = z.object({
  skills: z.array(SkillViewSchema),
  /** Folders looked in, with what went wrong there (a skill skipped: its name and why). */
  folders: z.array(z.object({ path: z.string(), label: z.string(), exists: z.boolean() })),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
})
export type SkillsResource = z.infer<typeof SkillsResourceSchema>

const skillKey = { extensionId: z.string().min(1).max(64), uri: z.string().min(1).max(2048) }

export const SkillToolInput = {
  /** Copies a skill folder, or the skills in a `.zip`, into the personal folder (~/.agents/skills); or, with `create`, writes a new one. */
  skill_add: z
    .object({
      path: z.string().min(1).max(4096).optional(),
      create: z.object({ name: z.string().min(1).max(64), description: z.string().min(1).max(1024), body: z.string().max(200_000) }).optional(),
    })
    .strict()
    .refine((input) => (input.path === undefined) !== (input.create === undefined), 'Give either `path` (a skill folder or a .zip) or `create` (a new skill), not both.'),
  /** Removes a local skill's folder (personal skills and skills added in the app; project skills stay in their project). */
  skill_remove: z.object(skillKey),
  /** On or off: globally, for one session, or for one agent. `null` in a session or agent clears its own choice. */
  skill_set_enabled: z.object({ ...skillKey, enabled: z.boolean().nullable(), scope: z.enum(['global', 'session', 'agent']).default('global'), id: z.string().min(1).max(100).optional() }),
  /** SKILL.md as the model would get it, read and checked through the same path as load_skill. */
  skill_preview: z.object(skillKey),
  /** One file listed in the skill's manifest, checked against it. */
  skill_read_file: z.object({ ...skillKey, path: z.string().min(1).max(1024) }),
}

export const SkillPreviewSchema = z.object({
  uri: z.string(),
  name: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  body: z.string(),
  files: z.array(z.string()),
  /** What the preview wants the person to know: `allowed-tools` is ignored, scripts need a tool to run them. */
  notes: z.array(z.string()),
})
export type SkillPreview = z.infer<typeof SkillPreviewSchema>

export const SkillToolOutput = {
  skill_add: z.object({ added: z.array(z.object({ name: z.string(), path: z.string() })) }),
  skill_remove: z.object({ removed: z.string() }),
  skill_set_enabled: SkillViewSchema,
  skill_preview: SkillPreviewSchema,
  skill_read_file: z.object({ uri: z.string(), text: z.string().optional(), size: z.number().int(), verified: z.boolean() }),
}
