/**
 * Whether an extension may be installed or started under the policy's extension limits: blocked
 * sources and servers first, then the allow lists. Built-in extensions (in-process servers and the
 * window's own tools) are part of the app and never limited.
 */
import type { InstallSource } from '../../shared/policyApi'

/** A server pattern from the policy file; every field given must match. */
export interface ServerMatch {
  registryName?: string
  command?: string
  args?: string
  url?: string
}

/** The extension limits in force (invalid fields already replaced by their strictest values). */
export interface ExtensionLimits {
  /** Only these sources; undefined = any. */
  allowedSources?: readonly InstallSource[]
  blockedSources: readonly InstallSource[]
  /** Only servers matching one of these; undefined = any. */
  allowedServers?: readonly ServerMatch[]
  /** `all`: the block list was invalid, so every server is blocked. */
  blockedServers: readonly ServerMatch[] | 'all'
}

/** What the rules look at: the config's launch facts and where it came from. */
export interface ExtensionCandidate {
  name: string
  type: string
  command?: string
  args?: readonly string[]
  url?: string
  /** How it was installed; an extension from before sources were recorded counts as manual. */
  source?: InstallSource
  registryName?: string
}

/**
 * A pattern where `*` matches any run of characters and case is ignored. Written here: the
 * patterns are plain strings (a command, a URL, a registry name), not paths, so a glob library's
 * path rules (`/` never matched by `*`) would be wrong.
 */
export function patternMatches(pattern: string, text: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')
  return new RegExp(`^${source}$`, 'is').test(text)
}

const baseName = (command: string) => command.split(/[\\/]/).pop() ?? command

function serverMatches(match: ServerMatch, candidate: ExtensionCandidate): boolean {
  const checks: boolean[] = []
  if (match.registryName !== undefined) checks.push(candidate.registryName !== undefined && patternMatches(match.registryName, candidate.registryName))
  if (match.command !== undefined) checks.push(candidate.command !== undefined && (patternMatches(match.command, candidate.command) || patternMatches(match.command, baseName(candidate.command))))
  if (match.args !== undefined) checks.push(candidate.command !== undefined && patternMatches(match.args, (candidate.args ?? []).join(' ')))
  if (match.url !== undefined) checks.push(candidate.url !== undefined && patternMatches(match.url, candidate.url))
  return checks.length > 0 && checks.every(Boolean)
}

/** One server pattern in words, e.g. `command npx, args -y @acme/*`. */
export function describeServer(match: ServerMatch): string {
  return Object.entries(match)
    .map(([key, value]) => `${key === 'registryName' ? 'registry name' : key} ${value}`)
    .join(', ')
}

/** The limits in words, for the window (policy resource). */
export function describeLimits(limits: ExtensionLimits): string[] {
  const lines: string[] = []
  if (limits.allowedSources) lines.push(limits.allowedSources.length === 0 ? 'No way of installing is allowed.' : `Installs only from: ${limits.allowedSources.join(', ')}.`)
  if (limits.blockedSources.length > 0) lines.push(`Installs refused from: ${limits.blockedSources.join(', ')}.`)
  if (limits.allowedServers) lines.push(limits.allowedServers.length === 0 ? 'No server is allowed.' : `Only these servers: ${limits.allowedServers.map(describeServer).join('; ')}.`)
  if (limits.blockedServers === 'all') lines.push('Every server is blocked.')
  else if (limits.blockedServers.length > 0) lines.push(`Blocked servers: ${limits.blockedServers.map(describeServer).join('; ')}.`)
  return lines
}

const SOURCES: readonly InstallSource[] = ['registry', 'bundle', 'link', 'import', 'manual']

/** The ways of installing the limits refuse whatever the server (blocked, or not among the allowed). */
export function refusedSources(limits: ExtensionLimits): InstallSource[] {
  return SOURCES.filter((source) => limits.blockedSources.includes(source) || (limits.allowedSources !== undefined && !limits.allowedSources.includes(source)))
}

export const isLimited = (limits: ExtensionLimits): boolean =>
  limits.allowedSources !== undefined || limits.blockedSources.length > 0 || limits.allowedServers !== undefined || limits.blockedServers === 'all' || limits.blockedServers.length > 0

/** Why the candidate is refused (without the "Set by your organisation" lead), or undefined when it is allowed. */
export function extensionRefusal(limits: ExtensionLimits, candidate: ExtensionCandidate): string | undefined {
  if (candidate.type === 'builtin' || candidate.type === 'frontend') return undefined
  const source = candidate.source ?? 'manual'
  const name = `“${candidate.name}”`
  if (limits.blockedSources.includes(source)) return `${name} comes from a source your organisation blocks (${source}).`
  if (limits.blockedServers === 'all') return `${name} is blocked: your organisation's list of blocked servers is invalid, so every server is blocked.`
  const blocked = limits.blockedServers.find((match) => serverMatches(match, candidate))
  if (blocked) return `${name} matches a server your organisation blocks (${describeServer(blocked)}).`
  if (limits.allowedSources && !limits.allowedSources.includes(source)) {
    return `${name} comes from a source your organisation does not allow (${source}); allowed: ${limits.allowedSources.join(', ') || 'none'}.`
  }
  if (limits.allowedServers && !limits.allowedServers.some((match) => serverMatches(match, candidate))) return `${name} is not one of the servers your organisation allows.`
  return undefined
}

/** The facts the rules look at, from an extension's config (whatever its type). */
export function candidateOf(config: { name: string; type: string; command?: string; args?: readonly string[]; url?: string; installedFrom?: { source: InstallSource; registryName?: string } }): ExtensionCandidate {
  return {
    name: config.name,
    type: config.type,
    ...(config.command !== undefined ? { command: config.command, args: config.args ?? [] } : {}),
    ...(config.url !== undefined ? { url: config.url } : {}),
    ...(config.installedFrom ? { source: config.installedFrom.source, registryName: config.installedFrom.registryName } : {}),
  }
}
