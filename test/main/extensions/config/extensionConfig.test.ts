/** Unit: extension config validation, the env denylist, error messages, the child environment. */
import { describe, expect, it } from 'vitest'
import { childEnvironment, inheritedEnvNames } from '../../../../src/main/extensions/config/envPolicy'
import { parseExtensionConfig, redactedConfig, referencedSecretNames, sameConnection } from '../../../../src/main/extensions/config/extensionConfig'
import { config } from '../harness'

const stdio = { id: 'github', name: 'GitHub', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] }

function errorsOf(input: unknown): string[] {
  const parsed = parseExtensionConfig(input)
  if (parsed.ok) throw new Error('expected the config to be refused')
  return parsed.errors
}

describe('extension config', () => {
  it('applies defaults: enabled, untrusted, timeouts 30 s / 60 s, empty env and tool filter', () => {
    const parsed = parseExtensionConfig(stdio)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.config).toMatchObject({
      enabled: true,
      trust: 'untrusted',
      timeouts: { initMs: 30_000, callMs: 60_000, hardCapMs: 600_000 },
      env: {},
      tools: {},
    })
  })

  it('accepts each type', () => {
    for (const input of [
      stdio,
      { id: 'remote', name: 'Remote', type: 'streamable-http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${secret:REMOTE_TOKEN}' } },
      { id: 'legacy', name: 'Legacy', type: 'sse', url: 'http://127.0.0.1:3001/sse' },
      { id: 'system', name: 'System', type: 'builtin', builtin: 'system' },
      { id: 'frontend', name: 'Window tools', type: 'frontend' },
    ]) {
      expect(parseExtensionConfig(input), JSON.stringify(input)).toMatchObject({ ok: true })
    }
  })

  it.each([
    'PATH', 'path', 'Path', 'NODE_OPTIONS', 'node_options', 'LD_PRELOAD', 'ld_library_path', 'DYLD_INSERT_LIBRARIES', 'PYTHONPATH',
    'PYTHONSTARTUP', 'ELECTRON_RUN_AS_NODE', 'BASH_ENV', 'ENV', 'IFS', 'PS4', 'HOME', 'UserProfile', 'TMPDIR', 'COMSPEC', 'PERL5OPT',
    'JAVA_TOOL_OPTIONS', 'APPINIT_DLLS', 'SystemRoot', 'windir', 'GOPATH', 'CLASSPATH', 'RUBYOPT',
  ])('refuses env %s, naming the key and the fix', (key) => {
    const errors = errorsOf({ ...stdio, env: { [key]: 'x' } })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(new RegExp(`^env\\.${key}: "${key}" can change which program runs`))
    expect(errors[0]).toMatch(/Remove "/)
  })

  it('allows ordinary env keys and secret references', () => {
    const parsed = parseExtensionConfig({ ...stdio, env: { GITHUB_TOKEN: '${secret:GITHUB_TOKEN}', DEBUG: '1', LDAP_HOST: 'x' } })
    expect(parsed.ok).toBe(true)
    if (parsed.ok) expect(referencedSecretNames(parsed.config)).toEqual(['GITHUB_TOKEN'])
  })

  it('names every problem with field and fix', () => {
    const errors = errorsOf({
      id: 'Has_Underscore',
      name: '',
      type: 'stdio',
      command: '',
      args: ['ok', 5],
      env: { '1BAD': 'x', TOKEN: '${secret:unterminated' },
      timeouts: { callMs: 1000, hardCapMs: 500 },
      comand: 'typo',
    })
    const text = errors.join('\n')
    expect(text).toMatch(/^id: The id must be a lower-case slug/m)
    expect(text).toMatch(/^name: Give the extension a name/m)
    expect(text).toMatch(/^command: Give the program to start/m)
    expect(text).toMatch(/^args\[1\]: must be a string; change the value to a string/m)
    expect(text).toMatch(/^env\.1BAD: "1BAD" is not a valid variable name/m)
    expect(text).toMatch(/^env\.TOKEN: A secret reference is missing its closing "}": write it as \$\{secret:NAME\}/m)
    expect(text).toMatch(/^timeouts\.hardCapMs: hardCapMs .* must be at least callMs/m)
    expect(text).toMatch(/^config: has unknown field "comand"; remove it or check the spelling/m)
  })

  it('names the type choices when the type is wrong or missing', () => {
    expect(errorsOf({ id: 'x', name: 'X', type: 'websocket' })[0]).toBe(
      'type: must be one of "stdio", "streamable-http", "sse", "builtin", "frontend"; set it to the kind of extension.',
    )
    expect(errorsOf('not an object')[0]).toMatch(/^config: must be an object/)
  })

  it('refuses unsafe URLs and transport-owned headers', () => {
    const base = { id: 'remote', name: 'Remote', type: 'streamable-http' }
    expect(errorsOf({ ...base, url: 'http://example.com/mcp' })[0]).toMatch(/^url: Plain http:\/\/ would send requests and tokens unencrypted/)
    expect(errorsOf({ ...base, url: 'ftp://example.com' })[0]).toMatch(/^url: Only https:\/\//)
    expect(errorsOf({ ...base, url: 'https://user:pw@example.com' })[0]).toMatch(/^url: Credentials in the URL/)
    expect(errorsOf({ ...base, url: 'not a url' })[0]).toMatch(/^url: "not a url" is not a URL/)
    expect(errorsOf({ ...base, url: 'https://example.com', headers: { 'Mcp-Session-Id': 'x' } })[0]).toMatch(/^headers\.Mcp-Session-Id: .*set by the MCP transport/)
    expect(errorsOf({ ...base, url: 'https://example.com', headers: { 'X-Evil': 'a\r\nInjected: 1' } })[0]).toMatch(/control characters/)
  })

  it('masks sensitive literal values but shows secret references', () => {
    const shown = redactedConfig(config({ ...stdio, env: { API_KEY: 'literal-key', TOKEN: '${secret:TOKEN}', DEBUG: '1' } } as never))
    expect(shown.type === 'stdio' && shown.env).toEqual({ API_KEY: '••••••', TOKEN: '${secret:TOKEN}', DEBUG: '1' })
  })

  it('tells connection changes from cosmetic ones', () => {
    const a = config(stdio as never)
    expect(sameConnection(a, { ...a, name: 'Other', tools: { deny: ['x'] }, trust: 'trusted', timeouts: { ...a.timeouts, callMs: 5 } })).toBe(true)
    expect(sameConnection(a, { ...a, args: ['other'] } as typeof a)).toBe(false)
  })

  it('treats the same settings in another key order as the same connection (no needless reconnect)', () => {
    const a = config({ ...stdio, env: { A: '1', B: '${secret:b}' }, cwd: '/work' } as never)
    const { command, cwd, env, ...rest } = a as typeof a & { command: string; cwd: string; env: Record<string, string> }
    const reordered = { cwd, ...rest, env: { B: env.B, A: env.A }, command } as typeof a
    expect(Object.keys(reordered)).not.toEqual(Object.keys(a))
    expect(sameConnection(a, reordered)).toBe(true)
    expect(sameConnection(a, { ...reordered, env: { B: env.B, A: '2' } } as typeof a)).toBe(false)
  })
})

describe('child environment', () => {
  it('inherits only the documented names and adds the configured keys', () => {
    const parent = { PATH: '/bin', HOME: '/home/me', SECRET_OF_APP: 'x', NODE_OPTIONS: '--require evil', LANG: 'de_DE.UTF-8', BASH_FUNC: '() { evil; }', TERM: '() { x; }' }
    const env = childEnvironment({ GITHUB_TOKEN: 't' }, parent, 'linux')
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/me', LANG: 'de_DE.UTF-8', GITHUB_TOKEN: 't' })
  })

  it('never passes a denied key even if a config bypassed validation', () => {
    expect(childEnvironment({ NODE_OPTIONS: '--require evil', LD_PRELOAD: 'x' }, {}, 'linux')).toEqual({})
  })

  it('has a Windows list that resolves cmd shims', () => {
    expect(inheritedEnvNames('win32')).toEqual(expect.arrayContaining(['PATH', 'PATHEXT', 'SYSTEMROOT', 'USERPROFILE', 'APPDATA']))
    expect(inheritedEnvNames('darwin')).toEqual(inheritedEnvNames('linux'))
  })
})
