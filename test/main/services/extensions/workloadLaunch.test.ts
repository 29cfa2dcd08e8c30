import { describe, expect, it } from 'vitest'
import { parseExtensionConfig } from '../../../../src/main/extensions'
import { launchFingerprint, launchSubject, needsConsent } from '../../../../src/main/services/extensions/launchReview'

const remote = (auth?: Record<string, unknown>) => {
  const parsed = parseExtensionConfig({ id: 'ci', name: 'CI server', type: 'streamable-http', url: 'https://mcp.example.com/mcp', trust: 'trusted', ...(auth ? { auth } : {}) })
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  return parsed.config
}

describe('a workload identity token command in the approval dialog', () => {
  it('is approved like a local launch, shown in full', () => {
    const config = remote({ grant: 'jwt-bearer', clientId: 'ci-workload', assertionCommand: { command: '/usr/local/bin/get-token', args: ['--audience', 'mcp'] } })
    expect(needsConsent(config)).toBe(true)
    expect(launchSubject(config)).toMatchObject({
      url: 'https://mcp.example.com/mcp',
      command: '/usr/local/bin/get-token',
      args: ['--audience', 'mcp'],
      signIn: expect.stringMatching(/workload identity \(client id ci-workload\).*the command below prints \(run without a shell; its output is kept secret\)/),
      warnings: [expect.stringMatching(/not a common launcher/)],
    })
    // Another command is another launch: the approval does not carry over.
    const other = remote({ grant: 'jwt-bearer', clientId: 'ci-workload', assertionCommand: { command: '/usr/local/bin/get-token', args: ['--audience', 'other'] } })
    expect(launchFingerprint(other)).not.toBe(launchFingerprint(config))
  })

  it('needs no approval for a token file on a trusted server, and the config takes one source only', () => {
    const config = remote({ grant: 'jwt-bearer', clientId: 'ci-workload', assertionFile: '/var/run/secrets/tokens/mcp' })
    expect(needsConsent(config)).toBe(false)
    expect(launchSubject(config)?.signIn).toMatch(/the token in \/var\/run\/secrets\/tokens\/mcp/)
    const both = parseExtensionConfig({ id: 'ci', name: 'CI', type: 'streamable-http', url: 'https://mcp.example.com/mcp', auth: { grant: 'jwt-bearer', clientId: 'x', assertionFile: '/t', assertionCommand: { command: 'get-token' } } })
    expect(both.ok ? [] : both.errors.join('\n')).toMatch(/one place: assertionFile .* or assertionCommand/)
    const stray = parseExtensionConfig({ id: 'ci', name: 'CI', type: 'streamable-http', url: 'https://mcp.example.com/mcp', auth: { assertionFile: '/t' } })
    expect(stray.ok ? [] : stray.errors.join('\n')).toMatch(/set grant to "jwt-bearer"/)
  })
})
