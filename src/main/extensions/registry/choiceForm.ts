/**
 * The install choices of a server as the install page shows them: one per package and remote, each
 * with the form its declared inputs need and a preview of the command or URL. A choice that cannot
 * be installed here says why and what to do instead.
 */
import type { RegistryChoice, RegistryField } from '../../../shared/registryApi'
import { walkPackage, walkRemote, type SecretNames, type ValueRequest, type ValueSource, type WalkedLaunch } from './choiceWalk'
import { bundlePackageProblem } from './registryBundle'
import type { RegistryInput, RegistryPackage, ServerJson } from './registrySchemas'

class Unsupported extends Error {}

/** A secret cannot be passed where other programs (or logs) would see it. */
export function secretPlacementProblem(request: ValueRequest): string | undefined {
  if (request.secretName !== undefined) return undefined
  return request.context === 'url'
    ? `It puts the secret "${request.label}" into its URL, where it would end up in logs; Switchboard keeps secrets out of URLs. Choose another way to install it.`
    : `It passes the secret "${request.label}" on the command line, where other programs on this computer can read it; Switchboard keeps secrets out of command lines. Choose another way to install it.`
}

function fieldKind(input: RegistryInput): RegistryField['kind'] {
  if (input.isSecret) return 'secret'
  if (input.choices && input.choices.length > 0) return 'select'
  switch (input.format) {
    case 'boolean':
      return 'boolean'
    case 'number':
      return 'number'
    case 'filepath':
      return 'path'
    default:
      return 'text'
  }
}

/** A source that records one field per input and answers with `<label>` for the preview. */
function recordingSource(fields: RegistryField[]): ValueSource {
  return {
    take(request) {
      const { input, key, label, context } = request
      if (input.value !== undefined) {
        // Fixed argument values show in the command preview; fixed env and header values also as read-only fields.
        if (context === 'env' || context === 'header') fields.push({ key, label, description: input.description, kind: 'text', required: false, fixed: input.value })
        return input.value
      }
      if (input.isSecret) {
        const problem = secretPlacementProblem(request)
        if (problem) throw new Unsupported(problem)
      }
      fields.push({
        key,
        label,
        description: input.description,
        kind: fieldKind(input),
        required: input.isRequired === true,
        default: input.default,
        placeholder: input.placeholder,
        choices: input.choices,
      })
      return `<${label}>`
    },
    literal: (text) => text,
    unsupported(reason) {
      throw new Unsupported(reason)
    },
  }
}

function preview(launch: WalkedLaunch): string {
  if (launch.type !== 'stdio') return launch.url
  const env = Object.keys(launch.env)
  return [launch.command, ...launch.args].join(' ') + (env.length > 0 ? `  (environment: ${env.join(', ')})` : '')
}

const placeholderNames: SecretNames = { env: (name) => `env:${name}`, header: (name) => `header:${name}` }

function describe(base: Omit<RegistryChoice, 'fields' | 'preview' | 'unsupported'>, walk: (source: ValueSource) => WalkedLaunch): RegistryChoice {
  const fields: RegistryField[] = []
  try {
    return { ...base, fields, preview: preview(walk(recordingSource(fields))) }
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error
    return { ...base, fields: [], preview: '', unsupported: error.message }
  }
}

/** An mcpb package: downloaded, checked against its SHA-256, then installed by the bundle installer (which asks for its settings). */
function describeBundle(pkg: RegistryPackage, index: number, label: string): RegistryChoice {
  const problem = bundlePackageProblem(pkg)
  const preview = `Download ${pkg.identifier}, check its SHA-256 (${(pkg.fileSha256 ?? '').slice(0, 12)}…), install it as a bundle`
  return { kind: 'package', index, type: 'mcpb', label, fields: [], preview: problem ? '' : preview, ...(problem ? { unsupported: problem } : {}) }
}

/**
 * Every package and remote of a server, each with its form, in server.json's order. `bundles`: the
 * bundle installer is available, so mcpb packages can be installed too.
 */
export function describeChoices(server: ServerJson, options: { bundles?: boolean } = {}): RegistryChoice[] {
  const packages = (server.packages ?? []).map((pkg, index) => {
    const label = `${pkg.registryType} ${pkg.identifier} ${pkg.version ?? server.version}`
    if (pkg.registryType === 'mcpb' && options.bundles) return describeBundle(pkg, index, label)
    return describe({ kind: 'package', index, type: pkg.registryType, label }, (source) => walkPackage(source, pkg, server.version, placeholderNames))
  })
  const remotes = (server.remotes ?? []).map((remote, index) =>
    describe(
      { kind: 'remote', index, type: remote.type, label: `${remote.type === 'sse' ? 'SSE' : 'Streamable HTTP'} ${remote.url}` },
      (source) => walkRemote(source, remote, placeholderNames),
    ),
  )
  return [...packages, ...remotes]
}
