/**
 * The MCP Registry part of the host API contract: searching the registry, a server's details with
 * the install choices (packages and remotes) and the form each one needs, and installing one.
 * Re-exported by hostApi.ts. Main reads server.json and builds the forms; the renderer only shows them.
 */
import { z } from 'zod'
import { ExtensionViewSchema } from './extensionApi'

/** The official registry; the settings field `registryUrl` may point elsewhere (a company mirror, a test fixture). */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A registry base URL: https, or http only on this computer (a local mirror or fixture). */
export const RegistryUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .superRefine((text, ctx) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a URL; write the registry's address, e.g. ${DEFAULT_REGISTRY_URL}.` })
      return
    }
    const local = url.protocol === 'http:' && loopbackHosts.has(url.hostname)
    if (url.protocol !== 'https:' && !local) {
      ctx.addIssue({ code: 'custom', message: 'The registry address must start with https:// (http:// only for localhost / 127.0.0.1).' })
    }
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'Remove the user name and password from the registry address.' })
  })

export const RegistryStatusSchema = z.enum(['active', 'deprecated', 'deleted'])
export type RegistryStatus = z.infer<typeof RegistryStatusSchema>

/** One server in a search result (deleted servers are never listed). */
export const RegistryEntrySchema = z.object({
  /** `namespace/name`, e.g. `io.github.someone/weather`. */
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  version: z.string(),
  status: RegistryStatusSchema,
  /** A sanitized icon: an https URL or a PNG/JPEG/WebP data URL, never SVG. */
  icon: z.string().optional(),
  /** What can be installed, e.g. ["npm", "remote"]. */
  kinds: z.array(z.string()),
})
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>

/** An entry of the registry's answer that could not be read, and why (it is left out of the list). */
export const RegistryDroppedSchema = z.object({ name: z.string().optional(), reason: z.string() })

export const RegistryPageSchema = z.object({
  registryUrl: z.string(),
  entries: z.array(RegistryEntrySchema),
  /** Give it back as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().optional(),
  /** When this answer was fetched from the registry (ISO 8601). */
  lastUpdated: z.string(),
  /** True when the answer came from the cache (fresh enough, or the registry could not be reached). */
  fromCache: z.boolean(),
  /** Why a cached answer was used although a fresh one was asked for (the registry could not be reached). */
  warning: z.string().optional(),
  dropped: z.array(RegistryDroppedSchema),
})
export type RegistryPage = z.infer<typeof RegistryPageSchema>

/** One value the person fills in before installing, generated from a declared input of server.json. */
export const RegistryFieldSchema = z.object({
  /** Unique within its choice, e.g. `env:API_KEY`, `header:Authorization`, `arg:package:0`, `var:tenant`. */
  key: z.string(),
  label: z.string(),
  description: z.string().optional(),
  /** `secret` goes to the keychain; `path` is a file or folder path; `select` offers `choices`. */
  kind: z.enum(['text', 'secret', 'number', 'boolean', 'select', 'path']),
  required: z.boolean(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
  /** A value fixed by the server's author: shown, not editable. */
  fixed: z.string().optional(),
})
export type RegistryField = z.infer<typeof RegistryFieldSchema>

/** One way to install a server: a package run on this computer, or a remote server to connect to. */
export const RegistryChoiceSchema = z.object({
  kind: z.enum(['package', 'remote']),
  index: z.number().int().nonnegative(),
  /** e.g. "npm @scope/server 1.2.0" or "Streamable HTTP https://…". */
  label: z.string(),
  /** `npm` | `pypi` | `oci` | `nuget` | `mcpb` for packages, the transport for remotes. */
  type: z.string(),
  /** The command, or the URL, with the values still to be filled in shown as <NAME>. */
  preview: z.string(),
  fields: z.array(RegistryFieldSchema),
  /** Why this choice cannot be installed here, and what to do instead. */
  unsupported: z.string().optional(),
})
export type RegistryChoice = z.infer<typeof RegistryChoiceSchema>

export const RegistryServerDetailsSchema = RegistryEntrySchema.extend({
  websiteUrl: z.string().optional(),
  repositoryUrl: z.string().optional(),
  choices: z.array(RegistryChoiceSchema),
  lastUpdated: z.string(),
  fromCache: z.boolean(),
})
export type RegistryServerDetails = z.infer<typeof RegistryServerDetailsSchema>

const serverName = z.string().min(1).max(300)

export const RegistryToolInput = {
  registry_search: z.object({
    query: z.string().max(200).optional(),
    cursor: z.string().max(1000).optional(),
    /** Ask the registry again even when a cached answer is fresh. */
    refresh: z.boolean().optional(),
  }),
  registry_server: z.object({ name: serverName, version: z.string().min(1).max(100).optional(), refresh: z.boolean().optional() }),
  registry_install: z.object({
    name: serverName,
    version: z.string().min(1).max(100),
    choice: z.object({ kind: z.enum(['package', 'remote']), index: z.number().int().nonnegative().max(100) }),
    /** Values by field key; secret values go straight to the keychain. */
    inputs: z.record(z.string().max(300), z.string().max(16 * 1024)).default({}),
  }),
} as const

export const RegistryToolOutput = {
  registry_search: RegistryPageSchema,
  registry_server: RegistryServerDetailsSchema,
  registry_install: z.object({
    extension: ExtensionViewSchema,
    /** Keychain names the secrets were stored under. */
    storedSecrets: z.array(z.string()),
    /** A bundle's required settings that are still missing: it shows `needs-config` until they are given. */
    missingSettings: z.array(z.string()).optional(),
  }),
} as const
