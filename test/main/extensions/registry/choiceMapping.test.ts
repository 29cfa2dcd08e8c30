/**
 * Turning a registry package or remote plus the person's answers into an extension config (specs
 * §2): npm → npx, pypi → uvx, oci → docker, nuget → dnx, remotes with {var} and headers; secrets
 * as keychain references; answers checked with messages that name the field. Each built config is
 * also run through the real config validation the extension service applies.
 */
import { describe, expect, it } from 'vitest'
import { buildInstall, type BuiltInstall } from '../../../../src/main/extensions/registry/choiceBuild'
import { describeChoices } from '../../../../src/main/extensions/registry/choiceForm'
import { ServerJsonSchema, type ServerJson } from '../../../../src/main/extensions/registry/registrySchemas'
import { parseExtensionConfig, referencedSecretNames } from '../../../../src/main/extensions/config/extensionConfig'
import { EVERYTHING_VERSION, fixtureEntries } from '../../../fixtures/registry/registryData'

function server(name: string): ServerJson {
  const found = fixtureEntries.find((entry) => entry.server.name === name)
  return ServerJsonSchema.parse(found!.server)
}

function built(result: BuiltInstall) {
  if (!result.ok) throw new Error(result.errors.join('\n'))
  const parsed = parseExtensionConfig(result.config)
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  return { config: parsed.config, secrets: result.secrets }
}

const errorsOf = (result: BuiltInstall) => (result.ok ? [] : result.errors)

describe('packages become launch commands', () => {
  it('npm: npx -y id@version, a secret env value as a keychain reference, a default for the optional one', () => {
    const result = built(buildInstall(server('io.github.modelcontextprotocol/everything'), { kind: 'package', index: 0 }, { 'env:EVERYTHING_TOKEN': 'tok-123' }, { id: 'everything', name: 'Everything' }))
    expect(result.config).toMatchObject({
      type: 'stdio',
      command: 'npx',
      args: ['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`],
      env: { EVERYTHING_TOKEN: '${secret:extension:everything:env:EVERYTHING_TOKEN}', LOG_LEVEL: 'info' },
      trust: 'untrusted',
    })
    expect(result.secrets).toEqual([{ name: 'extension:everything:env:EVERYTHING_TOKEN', value: 'tok-123' }])
    expect(JSON.stringify(result.config)).not.toContain('tok-123')
  })

  it('pypi: uvx with runtime arguments before the package, package arguments after, booleans as "true"/"false"', () => {
    const weather = server('io.example/weather')
    const result = built(buildInstall(weather, { kind: 'package', index: 0 }, { 'arg:package:0': 'Berlin', 'arg:package:2': 'false', 'arg:package:3': '/home/me/w.toml' }, { id: 'weather', name: 'Weather' }))
    expect(result.config).toMatchObject({
      command: 'uvx',
      args: ['--python', '3.12', 'weather-mcp==2.1.0', 'Berlin', '--units', 'metric', '--cache', 'false', '--config', '/home/me/w.toml'],
      env: { WEATHER_MODE: 'fixed-mode' },
    })
    // Optional and empty: the argument is left out entirely.
    const minimal = built(buildInstall(weather, { kind: 'package', index: 0 }, { 'arg:package:0': 'Oslo' }, { id: 'weather', name: 'Weather' }))
    expect((minimal.config as { args: string[] }).args).toEqual(['--python', '3.12', 'weather-mcp==2.1.0', 'Oslo', '--units', 'metric', '--cache', 'true'])
  })

  it('pypi: the form offers a select, a boolean, a path field and the fixed env value read-only', () => {
    const [choice] = describeChoices(server('io.example/weather'))
    expect(choice!.fields).toEqual([
      expect.objectContaining({ key: 'env:WEATHER_MODE', fixed: 'fixed-mode' }),
      expect.objectContaining({ key: 'arg:package:0', label: 'city', kind: 'text', required: true }),
      expect.objectContaining({ key: 'arg:package:1', label: '--units', kind: 'select', choices: ['metric', 'imperial'], default: 'metric' }),
      expect.objectContaining({ key: 'arg:package:2', label: '--cache', kind: 'boolean', default: 'true' }),
      expect.objectContaining({ key: 'arg:package:3', label: '--config', kind: 'path', placeholder: '/path/to/weather.toml' }),
    ])
    expect(choice!.preview).toBe('uvx --python 3.12 weather-mcp==2.1.0 <city> --units <--units> --cache <--cache> --config <--config>  (environment: WEATHER_MODE)')
  })

  it('checks answers and names the field: required, choices, booleans, numbers, unknown keys', () => {
    const weather = server('io.example/weather')
    expect(errorsOf(buildInstall(weather, { kind: 'package', index: 0 }, {}, { id: 'weather', name: 'Weather' }))).toEqual(['"city" is required (Default city); fill it in.'])
    expect(errorsOf(buildInstall(weather, { kind: 'package', index: 0 }, { 'arg:package:0': 'X', 'arg:package:1': 'kelvin', 'arg:package:2': 'yes', nope: '1' }, { id: 'weather', name: 'Weather' }))).toEqual([
      '"--units" must be one of "metric", "imperial".',
      '"--cache" must be "true" or "false".',
      '"nope" is not a field of this install choice; leave it out.',
    ])
    const containers = server('io.example/containers')
    expect(errorsOf(buildInstall(containers, { kind: 'package', index: 0 }, { 'env:API_KEY': 'k', 'arg:package:0': 'eighty' }, { id: 'containers', name: 'Containers' }))).toEqual([
      '"--port" must be a number, not "eighty".',
    ])
  })

  it('oci: docker run -i --rm, runtime arguments, -e NAME for each variable, then image:version and its arguments', () => {
    const result = built(buildInstall(server('io.example/containers'), { kind: 'package', index: 0 }, { 'env:API_KEY': 'key-1' }, { id: 'containers', name: 'Containers' }))
    expect(result.config).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', '--network', 'none', '-e', 'API_KEY', '-e', 'REGION', 'ghcr.io/example/containers-mcp:0.3.0', '--port', '8080'],
      env: { API_KEY: '${secret:extension:containers:env:API_KEY}', REGION: 'eu' },
    })
  })

  it('nuget: dnx id@version --yes, then the package arguments', () => {
    const result = built(buildInstall(server('io.example/dotnet-tools'), { kind: 'package', index: 0 }, {}, { id: 'dotnet-tools', name: 'dotnet-tools' }))
    expect(result.config).toMatchObject({ command: 'dnx', args: ['Example.McpServer@1.0.0', '--yes', 'stdio'], env: {} })
  })

  it('mcpb and secrets on the command line are refused with what to do instead', () => {
    expect(errorsOf(buildInstall(server('io.example/bundled'), { kind: 'package', index: 0 }, {}, { id: 'bundled', name: 'Bundled' }))[0]).toMatch(/MCP Bundle.*Install a bundle/)
    expect(errorsOf(buildInstall(server('io.example/secret-arg'), { kind: 'package', index: 0 }, { 'arg:package:0': 'x' }, { id: 'secret-arg', name: 'Secret Arg' }))[0]).toMatch(/keeps secrets out of command lines/)
  })

  it('a fixed value that looks like a secret reference stays literal text: a server cannot read another secret', () => {
    const result = built(buildInstall(server('io.example/hijack'), { kind: 'package', index: 0 }, {}, { id: 'hijack', name: 'Hijack' }))
    expect(result.config).toMatchObject({ env: { STOLEN: '$${secret:provider:anthropic}' } })
    expect(referencedSecretNames(result.config)).toEqual([])
  })
})

describe('remotes become HTTP extensions', () => {
  it('streamable-http: {tenant} filled in (encoded), the bearer token in the keychain, the header keeps its scheme', () => {
    const notes = server('io.example/remote-notes')
    const [remote, sse] = describeChoices(notes)
    expect(remote).toMatchObject({ kind: 'remote', index: 0, type: 'streamable-http', preview: 'https://<tenant>.notes.example.com/mcp' })
    expect(remote!.fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['var:tenant', 'text', true],
      ['header:Authorization.token', 'secret', true],
    ])
    const result = built(buildInstall(notes, { kind: 'remote', index: 0 }, { 'var:tenant': 'acme', 'header:Authorization.token': 'tok-9' }, { id: 'remote-notes', name: 'Remote Notes' }))
    expect(result.config).toMatchObject({
      type: 'streamable-http',
      url: 'https://acme.notes.example.com/mcp',
      headers: { Authorization: 'Bearer ${secret:extension:remote-notes:header:Authorization}' },
    })
    expect(result.secrets).toEqual([{ name: 'extension:remote-notes:header:Authorization', value: 'tok-9' }])
    expect(sse).toMatchObject({ type: 'sse', fields: [] })
    expect(built(buildInstall(notes, { kind: 'remote', index: 1 }, {}, { id: 'remote-notes', name: 'Remote Notes' })).config).toMatchObject({ type: 'sse', url: 'https://notes.example.com/sse' })
  })

  it('a URL variable cannot move the request to another host', () => {
    const result = buildInstall(server('io.example/remote-notes'), { kind: 'remote', index: 0 }, { 'var:tenant': 'evil.com/x?', 'header:Authorization.token': 't' }, { id: 'n', name: 'N' })
    expect(result.ok && (result.config as { url: string }).url).toBe('https://evil.com%2Fx%3F.notes.example.com/mcp')
  })
})
