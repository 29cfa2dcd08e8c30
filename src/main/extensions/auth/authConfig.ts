/**
 * The `auth` block of a remote extension's config: how Switchboard signs in to it. Everything is
 * optional; without it a server that answers 401 is signed in to through the browser with a client
 * registered on the fly. Secrets (client secret, private key) are `${secret:NAME}` references only.
 */
import { z } from 'zod'
import { findSecretRefs, secretRefProblems } from '../../secrets/secretRefs'

/** A value that must be exactly one `${secret:NAME}` reference, so no secret sits in the config. */
const SecretReference = z.string().superRefine((value, ctx) => {
  const problem = secretRefProblems(value)[0]
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
  else if (findSecretRefs(value).length !== 1 || !/^\$\{secret:[^{}]+\}$/.test(value.trim())) {
    ctx.addIssue({ code: 'custom', message: 'Write a secret reference such as ${secret:NAME} here (store the value with Settings → Secrets), never the value itself.' })
  }
})

const MetadataDocumentUrl = z.string().refine((text) => {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' && url.pathname !== '/'
  } catch {
    return false
  }
}, 'A client metadata document is an https:// URL with a path, e.g. https://example.com/switchboard/client.json.')

const ScopeToken = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'A scope is one word of printable characters without spaces, quotes or backslashes.')

export const RemoteAuthConfigSchema = z
  .strictObject({
    /** `authorization-code`: a person signs in through the browser. `client-credentials`: a machine account (no person). */
    grant: z.enum(['authorization-code', 'client-credentials']).default('authorization-code'),
    /** A client id registered with the authorization server beforehand. */
    clientId: z.string().trim().min(1).max(2048).optional(),
    clientSecret: SecretReference.optional(),
    /** A PEM private key for `private_key_jwt` client authentication (client-credentials). */
    privateKey: SecretReference.optional(),
    signingAlgorithm: z.enum(['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA']).default('ES256'),
    /** The URL of a Client ID Metadata Document describing Switchboard, used where the server supports it. */
    clientMetadataUrl: MetadataDocumentUrl.optional(),
    /** Scopes to ask for when the server names none. */
    scopes: z.array(ScopeToken).max(100).optional(),
  })
  .superRefine((auth, ctx) => {
    if (auth.grant !== 'client-credentials') return
    if (!auth.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'A machine account (client-credentials) needs its client id.' })
    if (!auth.clientSecret && !auth.privateKey) {
      ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: 'A machine account needs a client secret or a private key, as ${secret:NAME}.' })
    }
  })

export type RemoteAuthConfig = z.output<typeof RemoteAuthConfigSchema>
