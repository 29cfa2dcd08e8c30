/** Talking to a real host as the renderer does: read a resource, call an app tool, wait for a state. */
import type { Client, RequestOptions } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, HostResource, SettingsResourceSchema, type KeychainStatus } from '../../src/shared/hostApi'

/** Reads a JSON resource and parses it with its hostApi schema. */
export async function read<T>(client: Client, uri: string, schema: { parse(value: unknown): T }): Promise<T> {
  const { contents } = await client.readResource({ uri })
  return schema.parse(JSON.parse((contents[0] as { text: string }).text))
}

/** Calls an app tool; an isError result becomes a thrown Error with the tool's message. `options`: a longer timeout for slow tools. */
export async function call(client: Client, name: string, args: Record<string, unknown>, options?: RequestOptions) {
  const result = await client.callTool({ name, arguments: args }, options)
  if (result.isError) throw new Error((result.content as { text: string }[])[0]?.text)
  return result
}

/** Polls `get` until `ok` holds; fails naming `what` and the last value. */
export async function poll<T>(get: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await get()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * The keychain's answer. The host probes the keychain after it is ready (startGate.ts), so settings
 * say 'checking' for a moment: a test that looked once would judge a keychain that is not ready yet.
 */
export async function settledKeychain(client: Client, timeoutMs = 30_000): Promise<Exclude<KeychainStatus, { keychain: 'checking' }>> {
  const { keychain } = await poll(() => read(client, HostResource.settings, SettingsResourceSchema), (view) => view.keychain.keychain !== 'checking', 'the keychain probe to answer', timeoutMs)
  if (keychain.keychain === 'checking') throw new Error('unreachable: poll returned a checking keychain')
  return keychain
}

/** Adds an extension and answers its consent question as the person would; the extension then starts. */
export async function addConsentedExtension(client: Client, config: Record<string, unknown>, decision: 'allow_once' | 'allow_always' = 'allow_always'): Promise<void> {
  await call(client, 'extension_add', { config })
  const [consent] = (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations
  if (!consent) throw new Error(`adding ${String(config.id)} asked no consent question`)
  await call(client, 'elicitation_respond', { id: consent.id, action: 'accept', content: { decision } })
}

/** Sets up the scripted model server as the provider and selects its `scripted-model`. */
/**
 * Marks tools "always offer", so a scripted model may call them without a find_tools step first
 * (when a session searches — "auto" over its budget, or "search" — a tool is offered only when marked or found).
 */
export async function alwaysOfferTools(client: Client, names: readonly string[]): Promise<void> {
  for (const name of names) await call(client, 'tool_set_always_offer', { name, alwaysOffer: true })
}

export async function selectScriptedModel(client: Client, baseUrl: string): Promise<void> {
  await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl, models: ['scripted-model'] } })
  await call(client, 'model_select', { providerId: 'scripted', modelId: 'scripted-model' })
}
