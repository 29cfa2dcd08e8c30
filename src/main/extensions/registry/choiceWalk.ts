/**
 * Walks one install choice of a server (a package or a remote) in a fixed order and asks a
 * `ValueSource` for the value of every declared input. The same walk builds the form (a source
 * that records fields) and the config (a source that reads the person's answers), so the field
 * keys of the form and of the install always agree.
 *
 * Launch rules (specs §2): npm → `npx -y id@version`, pypi → `uvx id==version`, oci → `docker run
 * -i --rm -e NAME… image:version`, nuget → `dnx id@version --yes`; runtime arguments before the
 * package, package arguments after. Remotes: streamable-http / sse with `{var}` filled in.
 */
import type { InputWithVariables, KeyValueInput, RegistryArgument, RegistryInput, RegistryPackage, RegistryRemote } from './registrySchemas'

/** Where a value ends up: argv and URLs cannot hold secret references; env and headers can. */
export type ValueContext = 'arg' | 'env' | 'header' | 'url'

export interface ValueRequest {
  key: string
  label: string
  input: RegistryInput
  context: ValueContext
  /** The keychain name a secret value is stored under (env and headers only). */
  secretName?: string
}

export interface ValueSource {
  /** The text for one input, or undefined to leave the argument, variable or header out. */
  take(request: ValueRequest): string | undefined
  /** Literal text from server.json placed into env or header values (the build escapes `${secret:`). */
  literal(text: string, context: ValueContext): string
  /** A choice that cannot be installed; the walk stops. */
  unsupported(reason: string): never
}

export type WalkedLaunch =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { type: 'streamable-http' | 'sse'; url: string; headers: Record<string, string> }

export interface SecretNames {
  env(name: string): string | undefined
  header(name: string): string | undefined
}

const idPatterns: Record<string, RegExp> = {
  npm: /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i,
  pypi: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  nuget: /^[A-Za-z0-9_][A-Za-z0-9._-]*$/,
  oci: /^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9_][A-Za-z0-9._-]*)?(@sha256:[a-f0-9]{64})?$/,
}
const versionPattern = /^[A-Za-z0-9][A-Za-z0-9.+_-]*$/

/** Fills `{name}` placeholders of a template, leaving unknown ones as they are. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** An input whose `value` template holds `{name}` variables: the variables are asked, the template is fixed. */
function takeWithVariables(source: ValueSource, request: Omit<ValueRequest, 'input'> & { input: InputWithVariables }): string | undefined {
  const { input } = request
  const variables = Object.entries(input.variables ?? {})
  if (input.value === undefined || variables.length === 0) return source.take(request)
  const values: Record<string, string> = {}
  for (const [name, variable] of variables) {
    const value = source.take({ ...request, key: `${request.key}.${name}`, label: `${request.label}: ${name}`, input: variable })
    values[name] = value ?? ''
  }
  return fill(source.literal(input.value, request.context), values)
}

/** True for a named argument that declares nothing to fill in: a bare flag such as `--stdio`. */
const isBareFlag = (argument: RegistryArgument) =>
  argument.type === 'named' &&
  argument.value === undefined && argument.default === undefined && argument.choices === undefined &&
  argument.format === undefined && argument.isRequired !== true && argument.description === undefined

function walkArguments(source: ValueSource, section: 'runtime' | 'package', list: RegistryArgument[] | undefined): string[] {
  const argv: string[] = []
  ;(list ?? []).forEach((argument, index) => {
    if (isBareFlag(argument) && argument.type === 'named') {
      argv.push(argument.name)
      return
    }
    const label = argument.type === 'named' ? argument.name : (argument.valueHint ?? `${section} argument ${index + 1}`)
    const value = takeWithVariables(source, { key: `arg:${section}:${index}`, label, input: argument, context: 'arg' })
    if (value === undefined) return
    if (argument.type === 'named') argv.push(argument.name)
    argv.push(value)
  })
  return argv
}

function walkKeyValues(source: ValueSource, context: 'env' | 'header', list: KeyValueInput[] | undefined, secretName: (name: string) => string | undefined): Record<string, string> {
  const values: Record<string, string> = {}
  for (const item of list ?? []) {
    const value = takeWithVariables(source, { key: `${context}:${item.name}`, label: item.name, input: item, context, secretName: secretName(item.name) })
    if (value !== undefined) values[item.name] = value
  }
  return values
}

function packageReference(source: ValueSource, pkg: RegistryPackage, version: string): string {
  const pattern = idPatterns[pkg.registryType]
  if (!pattern?.test(pkg.identifier)) source.unsupported(`The ${pkg.registryType} package name "${pkg.identifier.slice(0, 80)}" is not a valid name, so it is not run.`)
  if (!versionPattern.test(version)) source.unsupported(`The version "${version.slice(0, 40)}" is not a valid version, so the package is not run.`)
  switch (pkg.registryType) {
    case 'npm':
    case 'nuget':
      return `${pkg.identifier}@${version}`
    case 'pypi':
      return `${pkg.identifier}==${version}`
    default: {
      // An image reference that already pins a tag or digest is used as it is.
      const pinned = pkg.identifier.includes('@sha256:') || pkg.identifier.slice(pkg.identifier.lastIndexOf('/') + 1).includes(':')
      return pinned ? pkg.identifier : `${pkg.identifier}:${version}`
    }
  }
}

export function walkPackage(source: ValueSource, pkg: RegistryPackage, serverVersion: string, names: SecretNames): WalkedLaunch {
  if (pkg.registryType === 'mcpb') {
    source.unsupported('This is an MCP Bundle (.mcpb). Download the bundle file and install it with "Install a bundle" instead.')
  }
  if (!(pkg.registryType in idPatterns)) source.unsupported(`Packages from "${pkg.registryType}" cannot be installed by Switchboard; choose another package or a remote.`)
  if (pkg.transport.type !== 'stdio') {
    source.unsupported(`This package runs its own ${pkg.transport.type} server; start it yourself and add its address as an extension, or choose another package.`)
  }
  const reference = packageReference(source, pkg, pkg.version ?? serverVersion)
  const runtime = walkArguments(source, 'runtime', pkg.runtimeArguments)
  const env = walkKeyValues(source, 'env', pkg.environmentVariables, names.env)
  const rest = walkArguments(source, 'package', pkg.packageArguments)
  switch (pkg.registryType) {
    case 'npm':
      return { type: 'stdio', command: 'npx', args: ['-y', ...runtime, reference, ...rest], env }
    case 'pypi':
      return { type: 'stdio', command: 'uvx', args: [...runtime, reference, ...rest], env }
    case 'nuget':
      return { type: 'stdio', command: 'dnx', args: [...runtime, reference, '--yes', ...rest], env }
    default:
      // docker passes each NAME through from its own environment, where the extension's env puts it.
      return { type: 'stdio', command: 'docker', args: ['run', '-i', '--rm', ...runtime, ...Object.keys(env).flatMap((name) => ['-e', name]), reference, ...rest], env }
  }
}

export function walkRemote(source: ValueSource, remote: RegistryRemote, names: SecretNames): WalkedLaunch {
  const values: Record<string, string> = {}
  for (const [name, variable] of Object.entries(remote.variables ?? {})) {
    values[name] = source.take({ key: `var:${name}`, label: name, input: variable, context: 'url' }) ?? ''
  }
  const headers = walkKeyValues(source, 'header', remote.headers, names.header)
  return { type: remote.type, url: fill(remote.url, values), headers }
}
