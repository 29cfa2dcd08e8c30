/**
 * A model provider as the person configured it: which API it speaks, where, and the *name* of the
 * keychain secret that holds its key (never the key itself; docs/security.md).
 */
import { z } from 'zod'
import { ModelSettingsMapSchema, OpenAIApiSchema } from '../../../shared/chatApi'
import { fillInPlaceholderProblem, RESOURCE_NAME_PLACEHOLDER } from '../../../shared/baseUrlPlaceholder'

export const PROVIDER_KINDS = ['anthropic', 'openai', 'openai-compatible'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

/** Headers that carry credentials: those belong in the keychain, not in settings. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'api-key'])
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export const ProviderConfigSchema = z
  .object({
    /** Also names the default key secret `provider:<id>`, so no ":" (see src/main/secrets/secretNames.ts). */
    id: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits and . _ - only, starting with a letter or digit'),
    kind: z.enum(PROVIDER_KINDS),
    /** Shown to people, e.g. "Ollama"; defaults to the preset's or the kind's name. */
    name: z.string().min(1).max(100).optional(),
    /** Required for `openai-compatible`; the others default to the vendor's URL. */
    baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    /** Models offered even when the server cannot list them. */
    models: z.array(z.string().min(1).max(200)).optional(),
    /** The secret holding the API key; default `provider:<id>`. */
    apiKeySecret: z.string().min(1).max(200).optional(),
    /** Per-model temperature and output limit (see ModelSettingsSchema). */
    modelSettings: ModelSettingsMapSchema.optional(),
    /** `openai` only: Responses or Chat Completions; absent means Chat Completions, so configs saved before the choice keep working unchanged. */
    api: OpenAIApiSchema.optional(),
    /** Extra, non-secret headers sent with every request. */
    headers: z.record(z.string().regex(HEADER_NAME, 'is not a valid header name'), z.string()).optional(),
  })
  .superRefine((config, ctx) => {
    if (config.kind === 'openai-compatible' && !config.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'an OpenAI-compatible provider needs a base URL, e.g. http://127.0.0.1:11434/v1' })
    }
    if (config.baseUrl?.includes(RESOURCE_NAME_PLACEHOLDER)) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: fillInPlaceholderProblem })
    }
    if (config.api !== undefined && config.kind !== 'openai') {
      ctx.addIssue({ code: 'custom', path: ['api'], message: 'only an OpenAI provider chooses between the Responses and Chat Completions APIs' })
    }
    for (const name of Object.keys(config.headers ?? {})) {
      if (CREDENTIAL_HEADERS.has(name.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['headers', name],
          message: `"${name}" carries a credential; set the API key in Settings → Models & keys so it is kept in the keychain`,
        })
      }
    }
  })

export type ProviderConfig = z.infer<typeof ProviderConfigSchema>

/** The secret name that holds `config`'s API key. */
export function apiKeySecretName(config: ProviderConfig): string {
  return config.apiKeySecret ?? `provider:${config.id}`
}
