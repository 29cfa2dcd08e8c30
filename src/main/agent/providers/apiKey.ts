/** Reading a provider's API key from the keychain, at the moment of each request. */
import { apiKeySecretName, type ProviderConfig } from './providerConfig'
import { PROVIDER_REGISTRY } from './providerRegistry'
import { ProviderError, SETTINGS_PLACE } from './providerErrors'
import { describeProvider } from './providerPresets'

/** Reads a secret by name (`provider:<id>`); undefined when none is stored. Injected so agent/ never imports secrets/. */
export type GetSecret = (name: string) => Promise<string | undefined>

/** The key for one request, or undefined for a server that needs none; a missing required key is an auth error. */
export async function readApiKey(config: ProviderConfig, getSecret: GetSecret): Promise<string | undefined> {
  const { label } = describeProvider(config)
  let key: string | undefined
  try {
    key = await getSecret(apiKeySecretName(config))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ProviderError('auth', `Could not read the API key for ${label} from the keychain: ${reason}`)
  }
  // Checked before any request: the SDK would otherwise fall back to ANTHROPIC_API_KEY / OPENAI_API_KEY from the environment.
  if (!key && PROVIDER_REGISTRY[config.kind].requiresKey) {
    throw new ProviderError('auth', `No API key is set for ${label}. Add one in ${SETTINGS_PLACE}.`)
  }
  return key || undefined
}
