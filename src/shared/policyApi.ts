/**
 * The managed-policy part of the host API contract (docs/guide/managed-policy.md): limits an
 * organisation sets in a system-wide file that a person's settings cannot undo. The window reads
 * `switchboard://policy` to disable the managed controls and show why; the host refuses changes to
 * them with the same words. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const POLICY_URI = 'switchboard://policy'

/** What the window shows beside a managed control, and what the host API answers when asked to change one. */
export const MANAGED_LABEL = 'Set by your organisation'

/** How an extension came to be installed; a policy may allow or block each way. */
export const InstallSourceSchema = z.enum(['registry', 'bundle', 'link', 'import', 'manual'])
export type InstallSource = z.infer<typeof InstallSourceSchema>

/** Where an installed extension came from (kept in its config, set by main only). */
export const InstalledFromSchema = z.strictObject({
  source: InstallSourceSchema,
  /** The MCP Registry name it was installed as (e.g. io.github.owner/server). */
  registryName: z.string().min(1).max(200).optional(),
})
export type InstalledFrom = z.infer<typeof InstalledFromSchema>

/** Why Switchboard refuses turns and tool calls, when it does. */
export const PolicyBlockSchema = z.discriminatedUnion('kind', [
  /** The policy file exists but cannot be read: nothing managed can be trusted, so nothing risky runs. */
  z.object({ kind: z.literal('unreadable'), message: z.string() }),
  /** This version is older than the organisation requires (`required` is its text, which may itself be unreadable). */
  z.object({ kind: z.literal('version'), required: z.string(), current: z.string(), message: z.string() }),
])
export type PolicyBlock = z.infer<typeof PolicyBlockSchema>

/** Payload of `switchboard://policy` (subscribable). */
export const PolicyResourceSchema = z.object({
  /** Where this computer's policy file is (whether or not there is one). */
  path: z.string(),
  /** none: no file; applied: read (maybe with invalid fields, see `problems`); unreadable: not JSON or not an object. */
  state: z.enum(['none', 'applied', 'unreadable']),
  /** The parse error, when unreadable. */
  error: z.string().optional(),
  /** Fields with invalid values (each takes its strictest value) and fields Switchboard does not know (ignored). */
  problems: z.array(z.string()),
  /** Turns and tool calls are refused while set. */
  block: PolicyBlockSchema.optional(),
  /** What the organisation manages, as the window needs it to disable controls. */
  managed: z.object({
    /** The least strict permission mode allowed; modes below it cannot be chosen. */
    leastStrictMode: z.enum(['autonomous', 'smart', 'ask', 'chat-only']).optional(),
    /** False: connected apps (the gateway) are off and cannot be turned on. */
    connectedApps: z.boolean().optional(),
    /** Installing extensions is limited (sources or servers); see `extensionRules` for what in words. */
    extensions: z.boolean(),
    /** The extension limits in words, e.g. "Only from: registry" or "Blocked: command npx". */
    extensionRules: z.array(z.string()),
    /** Ways of installing the policy refuses (not allowed, or blocked): the window's install tabs say so instead of offering a form. */
    refusedSources: z.array(InstallSourceSchema),
    routines: z.boolean().optional(),
    assistedReviewProviders: z.array(z.string()).optional(),
    telemetryEndpoint: z.string().optional(),
    minimumVersion: z.string().optional(),
  }),
  /** Where the window's update action leads (the releases page). */
  updateUrl: z.string(),
})
export type PolicyResource = z.infer<typeof PolicyResourceSchema>
