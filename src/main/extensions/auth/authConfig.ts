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

/** An identity provider's token endpoint: https, or http on this computer only (a local test IdP). */
const TokenEndpointUrl = z.string().refine((text) => {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
  } catch {
    return false
  }
}, "The identity provider's token endpoint is an https:// URL, e.g. https://login.example.com/oauth2/token.")

const ScopeToken = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'A scope is one word of printable characters without spaces, quotes or backslashes.')

export const RemoteAuthConfigSchema = z
  .strictObject({
    /**
     * `authorization-code`: a person signs in through the browser. `client-credentials`: a machine account (no person).
     * `cross-app-access`: enterprise-managed (SEP-990): the ID token of your organisation's sign-in is traded at its
     * identity provider for a grant this server's authorization server accepts.
     * `jwt-bearer`: workload identity (RFC 7523): a machine signs in with the JWT its platform gives it, read from
     * `assertionFile` or printed by `assertionCommand`.
     */
    grant: z.enum(['authorization-code', 'client-credentials', 'cross-app-access', 'jwt-bearer']).default('authorization-code'),
    /** A client id registered with the authorization server beforehand. */
    clientId: z.string().trim().min(1).max(2048).optional(),
    clientSecret: SecretReference.optional(),
    /** A PEM private key for `private_key_jwt` client authentication (client-credentials). */
    privateKey: SecretReference.optional(),
    signingAlgorithm: z.enum(['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA']).default('ES256'),
    /** The URL of a Client ID Metadata Document describing Switchboard, used where the server supports it. */
    clientMetadataUrl: MetadataDocumentUrl.optional(),
    /** cross-app-access: the token endpoint of your organisation's identity provider (RFC 8693 token exchange). */
    idpTokenEndpoint: TokenEndpointUrl.optional(),
    /** cross-app-access: Switchboard's client id at the identity provider. */
    idpClientId: z.string().trim().min(1).max(2048).optional(),
    idpClientSecret: SecretReference.optional(),
    /** cross-app-access: the ID token your organisation's sign-in gave you. */
    idToken: SecretReference.optional(),
    /** jwt-bearer: a file holding the workload's JWT (kept fresh by its platform), read at each sign-in. */
    assertionFile: z.string().trim().min(1).max(4096).optional(),
    /** jwt-bearer: a program that prints the workload's JWT; run without a shell, shown in full when you approve the extension. */
    assertionCommand: z.strictObject({ command: z.string().trim().min(1).max(4096), args: z.array(z.string().max(4096)).max(100).default([]) }).optional(),
    /** Scopes to ask for when the server names none. */
    scopes: z.array(ScopeToken).max(100).optional(),
  })
  .superRefine((auth, ctx) => {
    if (auth.grant === 'cross-app-access') {
      const missing = (['clientId', 'clientSecret', 'idpTokenEndpoint', 'idpClientId', 'idToken'] as const).filter((key) => !auth[key])
      for (const key of missing) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Enterprise-managed sign-in (cross-app-access) needs ${key}: the client id and secret at this server, the identity provider's token endpoint, Switchboard's client id there, and the ID token as \${secret:NAME}.` })
      }
      return
    }
    if (auth.grant === 'jwt-bearer') {
      if (!auth.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'Workload identity (jwt-bearer) needs the client id the authorization server knows the workload by.' })
      if (Boolean(auth.assertionFile) === Boolean(auth.assertionCommand)) {
        ctx.addIssue({ code: 'custom', path: ['assertionFile'], message: "Workload identity (jwt-bearer) takes its JWT from one place: assertionFile (a token file) or assertionCommand ({ command, args }), not both." })
      }
      return
    }
    if (auth.assertionFile || auth.assertionCommand) ctx.addIssue({ code: 'custom', path: ['grant'], message: 'assertionFile and assertionCommand are for workload identity: set grant to "jwt-bearer".' })
    if (auth.grant !== 'client-credentials') return
    if (!auth.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'A machine account (client-credentials) needs its client id.' })
    if (!auth.clientSecret && !auth.privateKey) {
      ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: 'A machine account needs a client secret or a private key, as ${secret:NAME}.' })
    }
  })

export type RemoteAuthConfig = z.output<typeof RemoteAuthConfigSchema>
