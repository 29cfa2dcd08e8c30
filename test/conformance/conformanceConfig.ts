/**
 * What the person would enter on the extension page for a conformance scenario's server: the
 * extension config and the secrets stored first (Settings → Secrets), from the context the suite
 * hands the client (MCP_CONFORMANCE_CONTEXT).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ID = 'conformance'

export interface ScenarioSetup {
  config: Record<string, unknown>
  secrets: Record<string, string>
  /** The arguments the person types for a tool, when the scenario says (its `toolCalls`); undefined: the form's suggestions. */
  argumentsFor(toolName: string): Record<string, unknown> | undefined
}

export type ScenarioContext = Record<string, string | undefined> & { toolCalls?: { name: string; arguments: Record<string, unknown> }[] }

export function scenarioSetup(url: string, scenario: string, context: ScenarioContext): ScenarioSetup {
  const auth: Record<string, unknown> = { clientMetadataUrl: 'https://conformance-test.local/client-metadata.json' }
  const secrets: Record<string, string> = {}
  if (context.client_id) auth.clientId = context.client_id
  if (context.client_secret) {
    secrets[`extension:${ID}:oauth:client-secret`] = context.client_secret
    auth.clientSecret = `\${secret:extension:${ID}:oauth:client-secret}`
  }
  if (context.private_key_pem) {
    secrets[`extension:${ID}:oauth:private-key`] = context.private_key_pem
    auth.privateKey = `\${secret:extension:${ID}:oauth:private-key}`
    if (context.signing_algorithm) auth.signingAlgorithm = context.signing_algorithm
  }
  if (scenario.startsWith('auth/client-credentials')) auth.grant = 'client-credentials'
  if (context.valid_jwt) {
    // Workload identity: the platform's token file (a projected service-account token, say).
    const file = join(mkdtempSync(join(tmpdir(), 'switchboard-workload-')), 'token')
    writeFileSync(file, `${context.valid_jwt}\n`, { mode: 0o600 })
    Object.assign(auth, { grant: 'jwt-bearer', assertionFile: file })
    delete auth.clientMetadataUrl
  }
  if (context.idp_id_token) {
    // Enterprise-managed (SEP-990): the ID token an organisation's sign-in would have given the person.
    secrets[`extension:${ID}:oauth:id-token`] = context.idp_id_token
    Object.assign(auth, { grant: 'cross-app-access', idpTokenEndpoint: context.idp_token_endpoint, idpClientId: context.idp_client_id, idToken: `\${secret:extension:${ID}:oauth:id-token}` })
  }
  return {
    config: { id: ID, name: 'Conformance server', type: 'streamable-http', url, auth, trust: 'trusted' },
    secrets,
    argumentsFor: (toolName) => context.toolCalls?.find((call) => call.name === toolName)?.arguments,
  }
}
