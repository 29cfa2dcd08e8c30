/**
 * What the person reviews before an extension first starts: exactly what main will run or connect
 * to, a fingerprint of it (an approval covers that launch and nothing else), and warnings.
 */
import { createHash } from 'node:crypto'
import type { ExtensionStartSubject } from '../../../shared/hostApi'
import { referencedSecretNames, type ExtensionConfig } from '../../extensions'
import { inlineCodeFlag, programName } from './inlineCode'
import type { HttpConfig } from '../../extensions/config/extensionConfig'
import { managesOwnToken } from '../../extensions/auth/remoteAuth'

/** Launchers people commonly install MCP servers with; anything else gets a second look. */
const COMMON_LAUNCHERS = new Set(['npx', 'uvx', 'uv', 'docker', 'node', 'python', 'python3', 'dnx', 'bun', 'bunx', 'deno'])

/** True when starting this extension needs the person's approval first. */
export function needsConsent(config: ExtensionConfig): boolean {
  switch (config.type) {
    case 'stdio':
      return true
    case 'streamable-http':
    case 'sse':
      // A workload token command runs a program on this computer: approved like a stdio extension's.
      return config.trust === 'untrusted' || config.auth?.assertionCommand !== undefined
    case 'builtin':
    case 'frontend':
      return false
  }
}

/** The launch the person sees, built from the config main will use (never from renderer text). */
export function launchSubject(config: ExtensionConfig): ExtensionStartSubject | undefined {
  switch (config.type) {
    case 'stdio':
      return {
        type: 'extension-start',
        extensionType: 'stdio',
        command: config.command,
        args: config.args,
        envNames: Object.keys(config.env).sort(),
        secretNames: referencedSecretNames(config).sort(),
        cwd: config.cwd,
        warnings: launchWarnings(config.command, config.args),
      }
    case 'streamable-http':
    case 'sse': {
      const tokenCommand = config.auth?.assertionCommand
      return {
        type: 'extension-start',
        extensionType: config.type,
        url: config.url,
        // The workload token command, in full, exactly as it will run (without a shell).
        ...(tokenCommand ? { command: tokenCommand.command, args: tokenCommand.args } : {}),
        headerNames: Object.keys(config.headers).sort(),
        secretNames: referencedSecretNames(config).sort(),
        ...(managesOwnToken(config) ? {} : { signIn: signInSentence(config) }),
        warnings: tokenCommand ? launchWarnings(tokenCommand.command, tokenCommand.args) : [],
      }
    }
    case 'builtin':
    case 'frontend':
      return undefined
  }
}

export function launchWarnings(command: string, args: readonly string[]): string[] {
  const program = programName(command)
  const warnings: string[] = []
  if (!COMMON_LAUNCHERS.has(program)) {
    warnings.push(`"${command}" is not a common launcher (npx, uvx, docker, node, python, dnx). Make sure you know what this program is.`)
  }
  const inline = inlineCodeFlag(program, args)
  if (inline) warnings.push(`"${program} ${inline}" runs code written inline in the arguments, not a published package. Read the arguments carefully.`)
  return warnings
}

/**
 * SHA-256 over the reviewed launch: a change to any shown part needs a new approval, including which
 * secrets it receives. A launch that receives none hashes as before secret names were shown, so
 * approvals of such launches stay valid.
 */
export function launchFingerprint(config: ExtensionConfig): string | undefined {
  const subject = launchSubject(config)
  if (!subject) return undefined
  // The sign-in sentence explains; it is not part of what runs, so old approvals stay valid.
  const { warnings: _warnings, signIn: _signIn, secretNames, ...shown } = subject
  return createHash('sha256')
    .update(JSON.stringify(secretNames && secretNames.length > 0 ? { ...shown, secretNames } : shown))
    .digest('hex')
}

function signInSentence(config: HttpConfig): string {
  if (config.auth?.grant === 'cross-app-access') return `It signs in with your organisation's sign-in (the identity provider at ${new URL(config.auth.idpTokenEndpoint ?? 'https://unknown').host}); no sign-in page opens.`
  if (config.auth?.grant === 'jwt-bearer') {
    const from = config.auth.assertionCommand ? `the token the command below prints (run without a shell; its output is kept secret)` : `the token in ${config.auth.assertionFile ?? 'its token file'}`
    return `It signs in by itself with workload identity (client id ${config.auth.clientId ?? ''}), using ${from}; no sign-in page opens.`
  }
  if (config.auth?.grant === 'client-credentials') return `It signs in by itself as a machine account (client id ${config.auth.clientId ?? ''}); no sign-in page opens.`
  return 'If the server asks, Switchboard will ask you to sign in: the sign-in page opens in your browser.'
}
