/**
 * Turns a manifest's `mcp_config` into the command, args and env of a stdio extension (specs §3):
 * a platform override replaces command/args/env wholesale; `${__dirname}` (the install folder),
 * `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${/}` and `${user_config.KEY}` are substituted in every
 * argument and env value; an argument that is exactly `${user_config.X}` with a list value becomes
 * one argument per item. Sensitive values only ever appear as `${secret:NAME}` in env, never as
 * text: an argument would show them in process listings and in the config file.
 */
import { sep } from 'node:path'
import type { UserConfigValue } from '../../../shared/bundleApi'
import type { Manifest } from './manifestSchema'
import { bundleSecretName, type KnownFolders } from './userConfig'

export interface LaunchInputs {
  installDir: string
  platform: NodeJS.Platform
  folders: KnownFolders
  /** Non-sensitive values (missing ones substitute as nothing; the extension then waits in needs-config). */
  values: Record<string, UserConfigValue>
  /** Sensitive keys: referenced as `${secret:mcpb:<bundle>:<key>}`. */
  secretKeys: string[]
  /** The program that runs `node` servers: this host's Node when it is plain Node. */
  nodeCommand: string
}

export interface Launch {
  command: string
  args: string[]
  env: Record<string, string>
  cwd: string
}

const VARIABLE = /\$\{([^{}]+)\}/g
const EXACT_USER_CONFIG = /^\$\{user_config\.([^{}]+)\}$/

/** A literal value that happens to contain `${secret:` must not be read as a reference. */
const escapeSecretSyntax = (text: string) => text.replace(/\$\{secret:/g, () => '$${secret:')

function textOf(value: UserConfigValue): string {
  return Array.isArray(value) ? value.join(',') : String(value)
}

export class LaunchConfigError extends Error {
  override name = 'LaunchConfigError'
}

export function buildLaunch(manifest: Manifest, inputs: LaunchInputs): Launch {
  const base = manifest.server.mcp_config
  const override = base.platform_overrides?.[inputs.platform as 'darwin' | 'win32' | 'linux']
  const command = override?.command ?? base.command
  const args = override?.args ?? base.args
  const env = override?.env ?? base.env
  const fixed: Record<string, string> = { __dirname: inputs.installDir, HOME: inputs.folders.HOME, DESKTOP: inputs.folders.DESKTOP, DOCUMENTS: inputs.folders.DOCUMENTS, '/': sep, pathSeparator: sep }

  /** Substitutes one string; `where` names it in errors. */
  const substitute = (text: string, where: 'args' | 'env'): string => {
    // Only env values are resolved for secret references, so only there must literals be escaped:
    // the manifest's own text as well as substituted values. A manifest cannot name a secret, so its
    // `${secret:provider:anthropic}` reaches the server as that text, never as the key. The only
    // references in the result are the ones inserted below for the bundle's sensitive settings.
    const literal = where === 'env' ? escapeSecretSyntax : (value: string) => value
    return literal(text).replace(VARIABLE, (match, name: string) => {
      if (name in fixed) return literal(fixed[name]!)
      if (!name.startsWith('user_config.')) return match
      const key = name.slice('user_config.'.length)
      if (!(key in manifest.user_config)) throw new LaunchConfigError(`mcp_config refers to \${user_config.${key}}, which the bundle does not declare in user_config.`)
      if (inputs.secretKeys.includes(key)) {
        if (where === 'args') {
          throw new LaunchConfigError(`The bundle passes the sensitive setting "${key}" as a command-line argument, where other programs could read it; Switchboard passes secrets only through environment variables.`)
        }
        return `\${secret:${bundleSecretName(manifest.name, key)}}`
      }
      const value = inputs.values[key]
      return value === undefined ? '' : literal(textOf(value))
    })
  }

  const expandedArgs = args.flatMap((arg) => {
    const exact = EXACT_USER_CONFIG.exec(arg)
    const key = exact?.[1]
    if (key !== undefined && !inputs.secretKeys.includes(key) && key in manifest.user_config) {
      const value = inputs.values[key]
      if (value === undefined) return []
      return Array.isArray(value) ? value : [textOf(value)]
    }
    return [substitute(arg, 'args')]
  })
  const substitutedCommand = substitute(command, 'args')
  return {
    command: manifest.server.type === 'node' && substitutedCommand === 'node' ? inputs.nodeCommand : substitutedCommand,
    args: expandedArgs,
    env: Object.fromEntries(Object.entries(env).map(([name, value]) => [name, substitute(value, 'env')])),
    cwd: inputs.installDir,
  }
}

/**
 * The program for `node` servers: this process when the host is plain Node; in Electron the binary
 * is Electron, which would need ELECTRON_RUN_AS_NODE (a refused env name), so `node` from PATH.
 */
export function defaultNodeCommand(): string {
  return process.versions.electron ? 'node' : process.execPath
}
