/**
 * Issue 42, item 3 through the host API: an authorization server that registers no clients. The
 * extension's view carries its sign-in state, Sign in says where to enter a client id, and once one
 * is entered (extension_update, as the page's form does) the extension waits for Sign in, which
 * then uses that id and registers nothing.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { ElicitationsResourceSchema, ExtensionsResourceSchema, HostResource } from '../../../../src/shared/hostApi'
import { startOAuthFixture, type OAuthFixture } from '../../../fixtures/oauth/oauthFixture'
import { addConsentedExtension, call, poll, read } from '../../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../../helpers/testHost'

describe('a client registered with the server beforehand, entered through the host API', () => {
  let host: TestHost | undefined
  let fixture: OAuthFixture | undefined
  afterEach(async () => {
    await host?.stop()
    await fixture?.stop()
  })

  it('is asked for where the error points, and used for the next sign-in', { timeout: 60_000 }, async () => {
    fixture = await startOAuthFixture({ preRegisteredClients: ['switchboard-desktop'], metadata: { registration_endpoint: undefined } })
    host = await startTestHost()
    const { client } = await host.connectOverPorts()
    const view = async (c: Client) => (await read(c, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((item) => item.id === 'team')
    await addConsentedExtension(client, { id: 'team', name: 'Team Notes', type: 'streamable-http', url: fixture.mcpUrl })
    // It cannot register: the extension says where to enter a client id, and its view carries the sign-in state the form needs (the server named).
    const before = await poll(() => view(client), (team) => team?.status === 'error' && team.signIn !== undefined, 'the extension to say it needs a client id')
    expect(before?.error).toMatch(/enter a client id \(and secret\) from the service on the extension page/)
    expect(before?.signIn).toMatchObject({ grant: 'authorization-code', signedIn: false, issuer: fixture.issuer })
    expect(fixture.counts.registrations).toBe(0)

    // The form saves the id into the auth block; the extension then waits for Sign in.
    const { auth: _auth, ...config } = before!.config
    await call(client, 'extension_update', { id: 'team', config: { ...config, auth: { clientId: 'switchboard-desktop' } } })
    // The sign-in state is read from the keychain after the restart, so the view shows it a moment after the status (a later update of the same resource).
    const after = await poll(
      () => view(client),
      (team) => team?.status === 'needs-sign-in' && team.config.auth !== undefined && team.signIn?.registration !== undefined,
      'the extension to need a sign-in with the entered client',
    )
    expect(after?.signIn?.registration).toBe('pre-registered')

    await call(client, 'extension_sign_in', { id: 'team' })
    const question = await poll(
      async () => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.find((item) => item.kind === 'url'),
      (item) => item !== undefined,
      'the sign-in link',
    )
    expect(question?.kind === 'url' && new URL(question.url).searchParams.get('client_id')).toBe('switchboard-desktop')
    expect(fixture.counts.registrations).toBe(0)
  })
})
