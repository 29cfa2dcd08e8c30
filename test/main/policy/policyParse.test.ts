/**
 * Reading the policy file: the shipped schema decides what is valid; an invalid field takes its
 * strictest value while the rest applies; unknown fields are named and ignored; text that is not a
 * JSON object is unreadable. And the extension rules: blocked first, then the allow lists.
 */
import { describe, expect, it } from 'vitest'
import { parsePolicy } from '../../../src/main/policy/policyParse'
import { candidateOf, extensionRefusal, patternMatches } from '../../../src/main/policy/policyRules'
import { policyPath } from '../../../src/main/policy/policyPath'

const applied = (text: string) => {
  const parsed = parsePolicy(text)
  if (parsed.state !== 'applied') throw new Error(`expected applied, got ${parsed.state}`)
  return parsed
}

describe('parsePolicy', () => {
  it('reads every field of a valid file', () => {
    const { values, problems } = applied(
      JSON.stringify({
        extensions: { allowedSources: ['registry', 'bundle'], blockedServers: [{ command: 'npx' }], allowedServers: [{ url: 'https://*.acme.example/*' }] },
        permissions: { leastStrictMode: 'ask' },
        connectedApps: { enabled: false },
        routines: { enabled: true },
        assistedReview: { allowedProviders: ['anthropic'] },
        telemetry: { requiredEndpoint: 'https://otel.acme.example:4318' },
        minimumVersion: '1.2.3',
      }),
    )
    expect(problems).toEqual([])
    expect(values).toEqual({
      extensions: { allowedSources: ['registry', 'bundle'], blockedSources: [], allowedServers: [{ url: 'https://*.acme.example/*' }], blockedServers: [{ command: 'npx' }] },
      leastStrictMode: 'ask',
      connectedApps: false,
      routines: true,
      assistedReviewProviders: ['anthropic'],
      telemetry: { kind: 'required', endpoint: 'https://otel.acme.example:4318' },
      minimumVersion: { text: '1.2.3', valid: true },
    })
  })

  it('an empty object manages nothing', () => {
    const { values } = applied('{}')
    expect(values).toEqual({ extensions: { allowedSources: undefined, blockedSources: [], allowedServers: undefined, blockedServers: [] }, leastStrictMode: undefined, connectedApps: undefined, routines: undefined, assistedReviewProviders: undefined })
  })

  it('gives each invalid field its strictest value and applies the rest', () => {
    const { values, problems } = applied(
      JSON.stringify({
        extensions: { allowedSources: ['registry', 'ftp'], blockedSources: 'bundle', allowedServers: [{}], blockedServers: [{ command: 7 }] },
        permissions: { leastStrictMode: 'lenient' },
        connectedApps: { enabled: 'no' },
        routines: { enabled: 1 },
        assistedReview: { allowedProviders: 'anthropic' },
        telemetry: { requiredEndpoint: 'not a url' },
        minimumVersion: 'soon',
      }),
    )
    expect(values.extensions).toEqual({ allowedSources: [], blockedSources: ['registry', 'bundle', 'link', 'import', 'manual'], allowedServers: [], blockedServers: 'all' })
    expect(values.leastStrictMode).toBe('ask')
    expect(values.connectedApps).toBe(false)
    expect(values.routines).toBe(false)
    expect(values.assistedReviewProviders).toEqual([])
    expect(values.telemetry).toEqual({ kind: 'off' })
    expect(values.minimumVersion).toEqual({ text: 'soon', valid: false })
    expect(problems).toHaveLength(10)
    expect(problems.join('\n')).toContain('permissions.leastStrictMode')
  })

  it('keeps valid fields beside an invalid one', () => {
    const { values, problems } = applied(JSON.stringify({ connectedApps: { enabled: 'off' }, routines: { enabled: true }, permissions: { leastStrictMode: 'smart' } }))
    expect(values.connectedApps).toBe(false)
    expect(values.routines).toBe(true)
    expect(values.leastStrictMode).toBe('smart')
    expect(problems).toEqual([expect.stringMatching(/^connectedApps\.enabled: .*strictest value applies/)])
  })

  it('a section of the wrong type makes all its fields strictest', () => {
    const { values } = applied(JSON.stringify({ permissions: 'ask', connectedApps: true }))
    expect(values.leastStrictMode).toBe('ask')
    expect(values.connectedApps).toBe(false)
  })

  it('names unknown fields and ignores them', () => {
    const { values, problems } = applied(JSON.stringify({ gateway: false, connectedApps: { enabled: true, port: 1 } }))
    expect(values.connectedApps).toBe(true)
    expect(problems).toEqual(['gateway: not a policy field this version knows; ignored.', 'connectedApps.port: not a policy field this version knows; ignored.'])
  })

  it('text that is not JSON, or not an object, is unreadable with the reason', () => {
    const broken = parsePolicy('{ "routines": ')
    expect(broken.state).toBe('unreadable')
    expect(broken.state === 'unreadable' && broken.error).toMatch(/^It is not valid JSON: /)
    const list = parsePolicy('[1, 2]')
    expect(list.state === 'unreadable' && list.error).toBe('It must be a JSON object ({ … }).')
  })
})

describe('extension rules', () => {
  const stdio = (command: string, args: string[] = [], installedFrom?: { source: 'registry' | 'manual' | 'import'; registryName?: string }) =>
    candidateOf({ name: 'Server', type: 'stdio', command, args, ...(installedFrom ? { installedFrom } : {}) })
  const none = { blockedSources: [], blockedServers: [] } as const

  it('patterns: * matches any run, case is ignored', () => {
    expect(patternMatches('https://*.acme.example/*', 'https://MCP.acme.example/v1')).toBe(true)
    expect(patternMatches('npx', 'npx.cmd')).toBe(false)
    expect(patternMatches('io.github.acme/*', 'io.github.acme/tools')).toBe(true)
    expect(patternMatches('a.b', 'axb')).toBe(false)
  })

  it('blocks by command (path or file name), args, URL and registry name', () => {
    expect(extensionRefusal({ ...none, blockedServers: [{ command: 'npx' }] }, stdio('/usr/bin/npx'))).toMatch(/matches a server your organisation blocks \(command npx\)/)
    expect(extensionRefusal({ ...none, blockedServers: [{ command: 'npx', args: '-y @evil/*' }] }, stdio('npx', ['-y', '@good/server']))).toBeUndefined()
    expect(extensionRefusal({ ...none, blockedServers: [{ command: 'npx', args: '-y @evil/*' }] }, stdio('npx', ['-y', '@evil/server']))).toBeDefined()
    expect(extensionRefusal({ ...none, blockedServers: [{ url: 'https://*.bad.example/*' }] }, candidateOf({ name: 'R', type: 'streamable-http', url: 'https://mcp.bad.example/mcp' }))).toBeDefined()
    expect(extensionRefusal({ ...none, blockedServers: [{ registryName: 'io.github.evil/*' }] }, stdio('npx', [], { source: 'registry', registryName: 'io.github.evil/x' }))).toBeDefined()
  })

  it('allow lists: only the allowed sources and servers; unknown sources count as manual', () => {
    const onlyRegistry = { ...none, allowedSources: ['registry'] as const }
    expect(extensionRefusal(onlyRegistry, stdio('node', [], { source: 'registry', registryName: 'a/b' }))).toBeUndefined()
    expect(extensionRefusal(onlyRegistry, stdio('node', [], { source: 'import' }))).toMatch(/source your organisation does not allow \(import\)/)
    expect(extensionRefusal(onlyRegistry, stdio('node'))).toMatch(/\(manual\)/)
    const onlyAcme = { ...none, allowedServers: [{ url: 'https://*.acme.example/*' }] }
    expect(extensionRefusal(onlyAcme, candidateOf({ name: 'A', type: 'sse', url: 'https://mcp.acme.example/sse' }))).toBeUndefined()
    expect(extensionRefusal(onlyAcme, stdio('node'))).toMatch(/not one of the servers your organisation allows/)
  })

  it('never limits the built-in extensions', () => {
    const strictest = { allowedSources: [], blockedSources: [], allowedServers: [], blockedServers: 'all' } as const
    expect(extensionRefusal(strictest, candidateOf({ name: 'System', type: 'builtin' }))).toBeUndefined()
    expect(extensionRefusal(strictest, candidateOf({ name: 'App window', type: 'frontend' }))).toBeUndefined()
    expect(extensionRefusal(strictest, stdio('node'))).toMatch(/every server is blocked/)
  })
})

describe('policyPath', () => {
  it('is fixed per platform', () => {
    expect(policyPath('linux')).toBe('/etc/switchboard/policy.json')
    expect(policyPath('darwin')).toBe('/Library/Application Support/Switchboard/policy.json')
    expect(policyPath('win32')).toBe('C:\\ProgramData\\Switchboard\\policy.json')
  })
})
