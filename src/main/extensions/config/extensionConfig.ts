/**
 * The configuration of one extension (an MCP server the person installed), validated with zod at
 * every edge: the settings file, the host API, imports. Configs hold `${secret:NAME}` references,
 * never secret values.
 */
import { isAbsolute } from 'node:path'
import { z } from 'zod'
import { canonicalJson } from '../../../shared/canonicalJson'
import { ExtensionIdPattern } from '../../../shared/toolNames'
import { formatConfigIssues } from './configErrors'
import { deniedEnvReason } from './envPolicy'
import { MAX_SECRET_NAME_LENGTH } from '../../secrets/secretNames'
import { revealsNoSecretValue, secretNamesIn, secretReferenceProblem } from './secretReferences'
import { RemoteAuthConfigSchema } from '../auth/authConfig'
import { InstalledFromSchema } from '../../../shared/policyApi'

export const ExtensionTypes = ['stdio', 'streamable-http', 'sse', 'builtin', 'frontend'] as const
export type ExtensionType = (typeof ExtensionTypes)[number]

const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** Headers the transport itself owns; a configured value would break or hijack the session. */
const reservedHeaders = new Set([
  'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'accept',
  'mcp-session-id', 'mcp-protocol-version', 'last-event-id',
])
/** Newlines and other control characters would let a value smuggle extra arguments, headers or lines. */
const noControlCharacters = (text: string) => ![...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

const TimeoutsSchema = z
  .strictObject({
    initMs: z.number().int().min(100).max(600_000).default(30_000),
    callMs: z.number().int().min(100).max(3_600_000).default(60_000),
    hardCapMs: z.number().int().min(100).max(86_400_000).default(600_000),
  })
  .refine((timeouts) => timeouts.hardCapMs >= timeouts.callMs, {
    path: ['hardCapMs'],
    message: 'hardCapMs is the most a call may run even with progress, so it must be at least callMs; raise hardCapMs or lower callMs.',
  })

const toolNameList = z.array(z.string().min(1).max(256)).max(1000)
const ToolFilterSchema = z.strictObject({
  /** When present, only these tools (original names) enter the catalog. */
  allow: toolNameList.optional(),
  /** These tools (original names) never enter the catalog. */
  deny: toolNameList.optional(),
})

const EnvSchema = z.record(z.string(), z.string().max(32_768)).superRefine((env, ctx) => {
  for (const [name, value] of Object.entries(env)) {
    if (!envNamePattern.test(name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is not a valid variable name; use letters, digits and "_", not starting with a digit.` })
      continue
    }
    const denied = deniedEnvReason(name)
    if (denied) ctx.addIssue({ code: 'custom', path: [name], message: denied })
    if (!noControlCharacters(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'The value contains control characters (e.g. a newline); remove them.' })
    }
    const problem = secretReferenceProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem })
  }
})

const HeadersSchema = z.record(z.string(), z.string().max(16_384)).superRefine((headers, ctx) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!headerNamePattern.test(name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is not a valid HTTP header name; use letters, digits and "-".` })
      continue
    }
    if (reservedHeaders.has(name.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is set by the MCP transport itself; remove it from headers.` })
    }
    if (!noControlCharacters(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'The value contains control characters (e.g. a newline); remove them.' })
    }
    const problem = secretReferenceProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem })
  }
})

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
const HttpUrlSchema = z.string().superRefine((text, ctx) => {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not a URL; write the full address, e.g. https://example.com/mcp.` })
    return
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    ctx.addIssue({ code: 'custom', message: `Only https:// (or http:// on this computer) is supported, not ${url.protocol}; change the address.` })
  } else if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    ctx.addIssue({ code: 'custom', message: 'Plain http:// would send requests and tokens unencrypted; use https://, or http:// only for localhost / 127.0.0.1.' })
  }
  if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: 'Credentials in the URL end up in logs; remove them and put a token in headers as ${secret:NAME}.' })
  }
})

const common = {
  id: z.string().regex(ExtensionIdPattern, {
    message: 'The id must be a lower-case slug of letters, digits and "-" (no "_"), at most 32 characters, e.g. "github" or "my-server-2".',
  }),
  name: z.string().trim().min(1, 'Give the extension a name.').max(80),
  enabled: z.boolean().default(true),
  trust: z.enum(['trusted', 'untrusted']).default('untrusted'),
  timeouts: TimeoutsSchema.prefault({}),
  tools: ToolFilterSchema.prefault({}),
  /**
   * Secret names the person bound to this extension by typing them in its settings (secretOwnership.ts);
   * set by main only, never taken from an install source.
   */
  boundSecrets: z.array(z.string().max(MAX_SECRET_NAME_LENGTH)).max(256).optional(),
  /** How it was installed (registry, bundle, link, import, by hand), for the managed policy; set by main only. */
  installedFrom: InstalledFromSchema.optional(),
}

const StdioConfigSchema = z.strictObject({
  ...common,
  type: z.literal('stdio'),
  command: z
    .string()
    .trim()
    .min(1, 'Give the program to start, e.g. "npx" or "/usr/local/bin/my-server".')
    .max(4096)
    .refine(noControlCharacters, 'The command contains control characters; remove them.'),
  args: z.array(z.string().max(32_768).refine(noControlCharacters, 'An argument contains control characters; remove them.')).max(256).default([]),
  env: EnvSchema.default({}),
  cwd: z
    .string()
    .refine((path) => isAbsolute(path), 'The working directory must be an absolute path, e.g. /home/me/project.')
    .optional(),
})

const StreamableHttpConfigSchema = z.strictObject({
  ...common,
  type: z.literal('streamable-http'),
  url: HttpUrlSchema,
  headers: HeadersSchema.default({}),
  /** How to sign in when the server asks (OAuth); absent: through the browser with a client registered on the fly. */
  auth: RemoteAuthConfigSchema.optional(),
})

const SseConfigSchema = z.strictObject({
  ...common,
  type: z.literal('sse'),
  url: HttpUrlSchema,
  headers: HeadersSchema.default({}),
  /** How to sign in when the server asks (OAuth); absent: through the browser with a client registered on the fly. */
  auth: RemoteAuthConfigSchema.optional(),
})

const BuiltinConfigSchema = z.strictObject({
  ...common,
  type: z.literal('builtin'),
  /** The registry name of the in-process server (`name` is the display name, as for every type). */
  builtin: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Name a builtin server by its registry name, e.g. "system".'),
})

const FrontendConfigSchema = z.strictObject({
  ...common,
  type: z.literal('frontend'),
})

/** One extension config as stored and exchanged; parse untrusted input with `parseExtensionConfig`. */
export const ExtensionConfigSchema = z.discriminatedUnion('type', [
  StdioConfigSchema,
  StreamableHttpConfigSchema,
  SseConfigSchema,
  BuiltinConfigSchema,
  FrontendConfigSchema,
])
export type ExtensionConfig = z.output<typeof ExtensionConfigSchema>
export type ExtensionConfigInput = z.input<typeof ExtensionConfigSchema>
export type StdioConfig = Extract<ExtensionConfig, { type: 'stdio' }>
export type HttpConfig = Extract<ExtensionConfig, { type: 'streamable-http' | 'sse' }>
export type ExtensionTimeouts = ExtensionConfig['timeouts']

/** A parse outcome: the config with defaults applied, or one message per problem naming field and fix. */
export type ConfigParseResult = { ok: true; config: ExtensionConfig } | { ok: false; errors: string[] }

/** Validates an untrusted config; never throws. */
export function parseExtensionConfig(input: unknown): ConfigParseResult {
  // jitless: configs are parsed a few at a time (at start, on an edit); compiling the union's fast path costs more than that.
  const parsed = ExtensionConfigSchema.safeParse(input, { jitless: true })
  return parsed.success ? { ok: true, config: parsed.data } : { ok: false, errors: formatConfigIssues(parsed.error.issues) }
}

/** The values that may hold `${secret:…}` references: env for stdio, headers for HTTP. */
export function secretBearingValues(config: ExtensionConfig): Record<string, string> {
  switch (config.type) {
    case 'stdio':
      return config.env
    case 'streamable-http':
    case 'sse':
      return config.headers
    case 'builtin':
    case 'frontend':
      return {}
    default:
      return assertNever(config)
  }
}

/** Every secret name the config refers to (for "needs a key" hints and the consent dialog). */
export function referencedSecretNames(config: ExtensionConfig): string[] {
  return [...new Set(Object.values(secretBearingValues(config)).flatMap(secretNamesIn))]
}

const sensitiveKey = /(key|token|secret|passw|auth|cookie|credential|session)/i

/**
 * The config as it may be shown: values of keys that look sensitive are masked unless they consist
 * of `${secret:…}` references (which show a name, not a value).
 */
export function redactedConfig(config: ExtensionConfig): ExtensionConfig {
  const mask = (values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, sensitiveKey.test(key) && !revealsNoSecretValue(value) ? '••••••' : value]),
    )
  switch (config.type) {
    case 'stdio':
      return { ...config, env: mask(config.env) }
    case 'streamable-http':
    case 'sse':
      return { ...config, headers: mask(config.headers) }
    case 'builtin':
    case 'frontend':
      return config
    default:
      return assertNever(config)
  }
}

/**
 * Whether two configs start the same server the same way (so a change needs a reconnect). Compared
 * as canonical JSON: the same env or headers written in another key order are the same connection.
 */
export function sameConnection(a: ExtensionConfig, b: ExtensionConfig): boolean {
  const connectionPart = (config: ExtensionConfig) => {
    const { name: _name, enabled: _enabled, tools: _tools, trust: _trust, timeouts: _timeouts, ...rest } = config
    return canonicalJson(rest)
  }
  return connectionPart(a) === connectionPart(b)
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`)
}
