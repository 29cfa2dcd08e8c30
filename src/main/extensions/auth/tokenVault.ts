/**
 * Where sign-in state lives: only in the keychain (SecretStore), never in a file. Tokens and the
 * pending flow (PKCE verifier) are keyed by authorization server (issuer) and resource (the MCP
 * server URL), a registered client by issuer alone (SEP-2352: credentials are never shown to
 * another server). One keychain entry per record, written whole, so a rotated refresh token replaces
 * the old one in one write. Every token-like value is registered for log redaction as it passes.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { registerSecretValue } from '../../log/secretValues'
import type { SecretStore } from '../../secrets/secretStore'
import { secretHome } from '../../../shared/secretHome'

/** Access and refresh token as the authorization server sent them (+ the SDK's `issuer` stamp). */
export const StoredTokensSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
  issuer: z.string().optional(),
})
export type StoredTokens = z.infer<typeof StoredTokensSchema>

const TokenRecordSchema = z.object({ issuer: z.string(), resource: z.string(), tokens: StoredTokensSchema, savedAt: z.number() })
export type TokenRecord = z.infer<typeof TokenRecordSchema>

/** How the client was registered, said in words on the extension page. */
export const RegistrationMethods = ['pre-registered', 'metadata-document', 'dynamic'] as const
export type RegistrationMethod = (typeof RegistrationMethods)[number]

const ClientRecordSchema = z.object({
  issuer: z.string(),
  method: z.enum(RegistrationMethods),
  client: z.looseObject({ client_id: z.string(), client_secret: z.string().optional(), issuer: z.string().optional() }),
})
export type ClientRecord = z.infer<typeof ClientRecordSchema>

const DpopKeySchema = z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), d: z.string() })
export type DpopPrivateJwk = z.infer<typeof DpopKeySchema>

const FlowRecordSchema = z.object({ issuer: z.string(), resource: z.string(), codeVerifier: z.string() })
const PointerSchema = z.object({ issuer: z.string() })

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24)
/** A readable, valid secret name: the issuer's host says which server it belongs to. */
const entryName = (kind: string, issuer: string, ...rest: string[]) => {
  let host = 'server'
  try {
    host = new URL(issuer).host.replace(/[^A-Za-z0-9.:-]/g, '-')
  } catch {
    // Not a URL: the hash alone identifies it.
  }
  return `oauth:${kind}:${host}:${digest(issuer, ...rest)}`
}

const registerTokens = (tokens: StoredTokens) => {
  for (const value of [tokens.access_token, tokens.refresh_token, tokens.id_token]) if (value) registerSecretValue(value)
}

export class TokenVault {
  constructor(private readonly store: SecretStore) {}

  /** Where the tokens are, as a noun ("your OS keychain", "memory"), for what sign-out says it deleted. */
  place(): string {
    return secretHome(this.store.status()).store
  }

  /** Whether secrets persist in a keychain (not only in memory for this run): DPoP keys are kept nowhere else. */
  async isKeychain(): Promise<boolean> {
    await this.store.whenKnown()
    return this.store.status().keychain === 'available'
  }

  /** The private DPoP key of an extension (a JWK), one per extension. */
  async dpopKey(extensionId: string): Promise<DpopPrivateJwk | undefined> {
    const key = await this.read(`oauth:dpop-key:${digest(extensionId)}`, DpopKeySchema)
    if (key) registerSecretValue(key.d)
    return key
  }

  async saveDpopKey(extensionId: string, key: DpopPrivateJwk): Promise<void> {
    registerSecretValue(key.d)
    await this.store.set(`oauth:dpop-key:${digest(extensionId)}`, JSON.stringify(key))
  }

  async deleteDpopKey(extensionId: string): Promise<void> {
    await this.store.delete(`oauth:dpop-key:${digest(extensionId)}`)
  }

  /** The issuer whose tokens were last saved for `resource` (so a request after a restart finds them). */
  async issuerFor(resource: string): Promise<string | undefined> {
    return (await this.read(`oauth:resource:${digest(resource)}`, PointerSchema))?.issuer
  }

  async tokens(issuer: string, resource: string): Promise<TokenRecord | undefined> {
    const record = await this.read(entryName('tokens', issuer, resource), TokenRecordSchema)
    if (record) registerTokens(record.tokens)
    return record
  }

  async saveTokens(issuer: string, resource: string, tokens: StoredTokens): Promise<void> {
    registerTokens(tokens)
    const record: TokenRecord = { issuer, resource, tokens, savedAt: Date.now() }
    await this.store.set(entryName('tokens', issuer, resource), JSON.stringify(record))
    await this.store.set(`oauth:resource:${digest(resource)}`, JSON.stringify({ issuer }))
  }

  async deleteTokens(issuer: string, resource: string): Promise<void> {
    await this.store.delete(entryName('tokens', issuer, resource))
  }

  async client(issuer: string): Promise<ClientRecord | undefined> {
    const record = await this.read(entryName('client', issuer), ClientRecordSchema)
    if (record?.client.client_secret) registerSecretValue(record.client.client_secret)
    return record
  }

  async saveClient(record: ClientRecord): Promise<void> {
    if (record.client.client_secret) registerSecretValue(record.client.client_secret)
    await this.store.set(entryName('client', record.issuer), JSON.stringify(record))
  }

  async deleteClient(issuer: string): Promise<void> {
    await this.store.delete(entryName('client', issuer))
  }

  async codeVerifier(issuer: string, resource: string): Promise<string | undefined> {
    const record = await this.read(entryName('flow', issuer, resource), FlowRecordSchema)
    if (record) registerSecretValue(record.codeVerifier)
    return record?.codeVerifier
  }

  async saveCodeVerifier(issuer: string, resource: string, codeVerifier: string): Promise<void> {
    registerSecretValue(codeVerifier)
    await this.store.set(entryName('flow', issuer, resource), JSON.stringify({ issuer, resource, codeVerifier }))
  }

  async deleteCodeVerifier(issuer: string, resource: string): Promise<void> {
    await this.store.delete(entryName('flow', issuer, resource))
  }

  /** A record that does not parse (damaged, or from another program) counts as absent. */
  private async read<T>(name: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const raw = await this.store.get(name)
    if (raw === undefined) return undefined
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }
}
