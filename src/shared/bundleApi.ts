/** The .mcpb bundle part of the host API contract (specs §3): upload, preview, install, path picker. Re-exported by hostApi.ts. */
import { z } from 'zod'
import { ExtensionViewSchema } from './extensionApi'

/** Bigger bundles exist (a vendored node_modules) but an upload this size is already unusual. */
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024
/** One upload chunk (before base64); the renderer slices the file into pieces this size. */
export const BUNDLE_CHUNK_BYTES = 1024 * 1024

/** Why a bundle whose signature is `invalid` is not installed (the sheet shows it, install refuses with it). */
export const INVALID_SIGNATURE_REFUSAL = "The bundle's signature does not match its contents: it was changed after it was signed. Get the bundle again from its publisher."

/** The certificate that signed a bundle, as the install sheet shows it. */
const signerFields = {
  /** The subject's common name, else its organisation, else the whole subject. */
  publisher: z.string(),
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint256: z.string(),
}

/**
 * The bundle's signature, verified over the ZIP bytes before the signature block (specs §3):
 * `signed` (valid, and the chain reaches a root this computer trusts), `self-signed` (valid, but only
 * the signer vouches for its certificate), `untrusted` (valid, but the chain does not reach a trusted
 * root or a certificate is out of date: `reason`), `invalid` (the bundle changed after signing, or
 * the block is malformed: never installed), or `unsigned`.
 */
export const SignatureInfoSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('unsigned') }),
  z.object({ status: z.literal('signed'), ...signerFields }),
  z.object({ status: z.literal('self-signed'), ...signerFields }),
  z.object({ status: z.literal('untrusted'), ...signerFields, reason: z.enum(['expired', 'not-yet-valid', 'untrusted-root']), problem: z.string() }),
  z.object({ status: z.literal('invalid'), problem: z.string() }),
])
export type SignatureInfo = z.infer<typeof SignatureInfoSchema>

/** A value of one user_config field as the form sends it. */
export const UserConfigValueSchema = z.union([z.string().max(32_768), z.number(), z.boolean(), z.array(z.string().max(32_768)).max(256)])
export type UserConfigValue = z.infer<typeof UserConfigValueSchema>

/** One field of the generated settings form. */
export const UserConfigFieldSchema = z.object({
  key: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  sensitive: z.boolean(),
  multiple: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** The default with ${HOME}, ${DESKTOP} and ${DOCUMENTS} filled in. */
  default: UserConfigValueSchema.optional(),
  /** On an update: the value kept from the installed version (never for sensitive fields). */
  current: UserConfigValueSchema.optional(),
  /** On an update: a sensitive value is already in the keychain and is kept unless replaced. */
  isSet: z.boolean().optional(),
  /** On an update: the field is new in this version (only new required fields must be filled). */
  isNew: z.boolean().optional(),
})
export type UserConfigField = z.infer<typeof UserConfigFieldSchema>

const namedItem = z.object({ name: z.string(), description: z.string().optional() })

/** Everything the install sheet shows before anything is installed. */
export const InstallSheetSchema = z.object({
  /** Names the staged (unzipped, validated) bundle for `extension_install_bundle`. */
  token: z.string(),
  name: z.string(),
  displayName: z.string(),
  version: z.string(),
  description: z.string(),
  longDescription: z.string().optional(),
  author: z.object({ name: z.string(), email: z.string().optional(), url: z.string().optional() }),
  /** The bundle's icon as a data: URL (PNG, JPEG, GIF or WebP only, size-capped). */
  icon: z.string().optional(),
  homepage: z.string().optional(),
  license: z.string().optional(),
  keywords: z.array(z.string()),
  tools: z.array(namedItem),
  prompts: z.array(namedItem),
  privacyPolicies: z.array(z.string()),
  serverType: z.string(),
  signature: SignatureInfoSchema,
  /** Why this bundle cannot run here (platform, runtime versions); empty when it can. */
  compatibilityProblems: z.array(z.string()),
  userConfig: z.array(UserConfigFieldSchema),
  /** Set when an extension from this bundle is installed: installing updates it. */
  update: z.object({ extensionId: z.string(), fromVersion: z.string() }).optional(),
  /** Things to know that do not block installing (e.g. an icon that could not be read). */
  warnings: z.array(z.string()),
  /**
   * Tokens of the declared tools' names and descriptions: a manifest has no parameter schemas, so the
   * full definitions are measured after the first start (shown on the extension's page).
   */
  declaredToolTokens: z.object({ tokenizer: z.string(), tokens: z.number().int().nonnegative() }).optional(),
})
export type InstallSheet = z.infer<typeof InstallSheetSchema>

const uploadId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'An upload id is what bundle_upload returned.')
const bundlePath = z.string().min(1).max(4096)
const source = { path: bundlePath.optional(), uploadId: uploadId.optional() }
const oneSource = (input: { path?: string; uploadId?: string; token?: string }) =>
  [input.path, input.uploadId, input.token].filter((value) => value !== undefined).length === 1

export const BundleToolInput = {
  /** Appends one base64 chunk to an upload (a new one without `uploadId`); the host caps the total size. */
  bundle_upload: z.object({ uploadId: uploadId.optional(), data: z.string().max(Math.ceil(BUNDLE_CHUNK_BYTES / 3) * 4 + 4) }),
  /** Reads, checks and stages a bundle file or upload, and returns its install sheet. */
  bundle_preview: z.object(source).refine(oneSource, 'Give exactly one of "path" (a file on this computer) or "uploadId".'),
  /** Installs (or updates) a bundle: a staged `token` from bundle_preview, a `path` or an `uploadId`. */
  extension_install_bundle: z
    .object({ ...source, token: z.string().max(100).optional(), userConfig: z.record(z.string(), UserConfigValueSchema).optional() })
    .refine(oneSource, 'Give exactly one of "token" (from bundle_preview), "path" or "uploadId".'),
  /** Opens the system file or folder dialog (Electron only). */
  pick_path: z.object({
    kind: z.enum(['file', 'directory']),
    title: z.string().max(200).optional(),
    filters: z.array(z.object({ name: z.string().max(100), extensions: z.array(z.string().regex(/^[A-Za-z0-9*]{1,16}$/)).max(20) })).max(10).optional(),
  }),
}

export const BundleToolOutput = {
  bundle_upload: z.object({ uploadId: z.string(), receivedBytes: z.number().int().nonnegative() }),
  bundle_preview: InstallSheetSchema,
  extension_install_bundle: z.object({
    outcome: z.enum(['installed', 'updated']),
    extension: ExtensionViewSchema,
    /** Titles of required settings still missing: the extension shows `needs-config` and does not start. */
    missing: z.array(z.string()),
  }),
  /** The chosen `path`, `cancelled`, or `unavailable` (browser mode has no system dialog). A union, so the host registers it without an MCP output schema (those must be objects). */
  pick_path: z.union([z.object({ path: z.string() }), z.object({ cancelled: z.literal(true) }), z.object({ unavailable: z.literal(true) })]),
}
