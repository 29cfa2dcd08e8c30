/**
 * The managed policy as the host uses it: read from the system-wide file at start, read again
 * whenever the file changes (fs.watch on its folder, debounced; no restart), and asked by each
 * place that enforces a part of it. Every refusal starts with MANAGED_LABEL, the words the window
 * shows beside a managed control. A leaf: the enforcing folders get these answers injected.
 */
import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname } from 'node:path'
import semver from 'semver'
import { MANAGED_LABEL, type PolicyBlock, type PolicyResource } from '../../shared/policyApi'
import { log } from '../log/log'
import { NO_LIMITS, parsePolicy, type ParsedPolicy, type PermissionModeName, type PolicyValues } from './policyParse'
import { describeLimits, extensionRefusal, isLimited, refusedSources, type ExtensionCandidate } from './policyRules'

/** Where the window's update action leads. */
export const UPDATE_URL = 'https://github.com/switchboard/switchboard/releases/latest'

const MODE_ORDER: readonly PermissionModeName[] = ['autonomous', 'smart', 'ask', 'chat-only']
const MODE_NAMES: Record<PermissionModeName, string> = { autonomous: 'Autonomous', smart: 'Smart', ask: 'Ask', 'chat-only': 'Chat only' }

/** What an unreadable file means: every managed field at its strictest. */
const STRICTEST: PolicyValues = {
  extensions: { allowedSources: [], blockedSources: [], allowedServers: [], blockedServers: 'all' },
  leastStrictMode: 'ask',
  connectedApps: false,
  routines: false,
  assistedReviewProviders: [],
  telemetry: { kind: 'off' },
}

export interface ManagedPolicyOptions {
  /** The policy file (policyPath.ts in the app; a test's own file in tests). */
  path: string
  /** This app's version, compared with the policy's minimum. */
  appVersion: string
  /** How long after the last change event the file is read again (default 100 ms). */
  debounceMs?: number
}

export interface ManagedPolicy {
  readonly path: string
  /** The payload of switchboard://policy. */
  view(): PolicyResource
  onChange(listener: () => void): () => void
  /** Why turns and tool calls are refused now (an unreadable file, the version gate), or undefined. */
  refusal(): string | undefined
  /** Why this extension may not be installed or started, or undefined. */
  extensionRefusal(candidate: ExtensionCandidate): string | undefined
  /** The least strict permission mode allowed, when the policy sets one. */
  leastStrictMode(): PermissionModeName | undefined
  /** Why `mode` may not be chosen, or undefined. */
  modeRefusal(mode: PermissionModeName): string | undefined
  /** Why connected apps (the gateway) may not be on, or undefined. */
  connectedAppsRefusal(): string | undefined
  /** Whether routines may run and be created. */
  routinesAllowed(): boolean
  /** Why routines may not run or be saved, or undefined. */
  routinesRefusal(): string | undefined
  /** Whether assisted review may use this model provider. */
  assistedReviewProviderAllowed(providerId: string): boolean
  /** The endpoint telemetry must go to, when the policy requires one. */
  requiredTelemetryEndpoint(): string | undefined
  /** False when the policy turns telemetry export off (an invalid required endpoint, an unreadable file). */
  telemetryAllowed(): boolean
  /** Why telemetry export may not run (the policy turns it off), or undefined. */
  telemetryRefusal(): string | undefined
  /** Reads the file again now (the watcher does this on its own). */
  reload(): void
  close(): void
}

function readPolicy(path: string): ParsedPolicy {
  let text: string
  try {
    if (statSync(path).isDirectory()) return { state: 'unreadable', error: 'It is a folder, not a file.', values: NO_LIMITS, problems: [] }
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'none', values: NO_LIMITS, problems: [] }
    return { state: 'unreadable', error: `It cannot be read (${code ?? (error as Error).message}).`, values: NO_LIMITS, problems: [] }
  }
  return parsePolicy(text)
}

export function openManagedPolicy(options: ManagedPolicyOptions): ManagedPolicy {
  const { path, appVersion } = options
  const listeners = new Set<() => void>()
  let parsed = readPolicy(path)
  let values = effective(parsed)
  let shown = JSON.stringify(buildView())

  function effective(read: ParsedPolicy): PolicyValues {
    return read.state === 'unreadable' ? STRICTEST : read.values
  }

  function block(): PolicyBlock | undefined {
    if (parsed.state === 'unreadable') {
      return { kind: 'unreadable', message: `${MANAGED_LABEL}: the policy file ${path} cannot be read, so turns and tool calls are refused and no extension starts. ${parsed.error} Ask your administrator to fix the file.` }
    }
    const minimum = values.minimumVersion
    if (!minimum) return undefined
    if (!minimum.valid) {
      return { kind: 'version', required: minimum.text, current: appVersion, message: `${MANAGED_LABEL}: the minimum version in ${path} (“${minimum.text}”) is not a version, so turns and tool calls are refused until your administrator fixes it.` }
    }
    if (semver.gte(appVersion, semver.clean(minimum.text) ?? minimum.text)) return undefined
    const required = semver.clean(minimum.text) ?? minimum.text
    return { kind: 'version', required, current: appVersion, message: `Your organisation requires version ${required} or later. This is version ${appVersion}: update Switchboard to go on; until then turns and tool calls are refused.` }
  }

  function buildView(): PolicyResource {
    const managed: PolicyResource['managed'] = {
      extensions: isLimited(values.extensions),
      extensionRules: parsed.state === 'unreadable' ? ['Nothing can be installed or started until the policy file can be read.'] : describeLimits(values.extensions),
      refusedSources: refusedSources(values.extensions),
      ...(values.leastStrictMode ? { leastStrictMode: values.leastStrictMode } : {}),
      ...(values.connectedApps !== undefined ? { connectedApps: values.connectedApps } : {}),
      ...(values.routines !== undefined ? { routines: values.routines } : {}),
      ...(values.assistedReviewProviders ? { assistedReviewProviders: values.assistedReviewProviders } : {}),
      ...(values.telemetry?.kind === 'required' ? { telemetryEndpoint: values.telemetry.endpoint } : {}),
      ...(values.minimumVersion ? { minimumVersion: values.minimumVersion.text } : {}),
    }
    const blocked = block()
    return {
      path,
      state: parsed.state,
      ...(parsed.state === 'unreadable' ? { error: parsed.error } : {}),
      problems: parsed.problems,
      ...(blocked ? { block: blocked } : {}),
      managed,
      updateUrl: UPDATE_URL,
    }
  }

  // Watching: the file's folder when it exists, else its nearest existing ancestor until the folder appears.
  let watcher: FSWatcher | undefined
  let watchedDir: string | undefined
  let timer: NodeJS.Timeout | undefined
  let closed = false
  const arm = () => {
    let dir = dirname(path)
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir)
    if (dir === watchedDir && watcher) return
    watcher?.close()
    watchedDir = dir
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (dir === dirname(path) && name && name !== basename(path)) return
        schedule()
      })
      watcher.on('error', (error) => log('warn', 'policy', `Stopped watching ${dir} for policy changes: ${error.message}`))
    } catch (error) {
      watcher = undefined
      log('warn', 'policy', `Cannot watch ${dir} for changes to the policy; changes apply at the next start (${(error as Error).message}).`)
    }
  }
  const schedule = () => {
    if (closed) return
    clearTimeout(timer)
    timer = setTimeout(reload, options.debounceMs ?? 100)
    timer.unref()
  }
  function reload(): void {
    if (closed) return
    parsed = readPolicy(path)
    values = effective(parsed)
    arm()
    const next = JSON.stringify(buildView())
    if (next === shown) return
    shown = next
    log('info', 'policy', `The policy in ${path} changed: ${parsed.state}.`)
    listeners.forEach((listener) => listener())
  }
  arm()
  if (parsed.state !== 'none') log('info', 'policy', `Managed policy from ${path}: ${parsed.state}${parsed.state === 'unreadable' ? ` (${parsed.error})` : ''}.`)

  const floor = () => values.leastStrictMode
  return {
    path,
    view: buildView,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    refusal: () => block()?.message,
    extensionRefusal(candidate) {
      if (parsed.state === 'unreadable' && candidate.type !== 'builtin' && candidate.type !== 'frontend') return block()!.message
      const why = extensionRefusal(values.extensions, candidate)
      return why && `${MANAGED_LABEL}: ${why} The policy is in ${path}; ask your administrator.`
    },
    leastStrictMode: floor,
    modeRefusal(mode) {
      const least = floor()
      if (!least || MODE_ORDER.indexOf(mode) >= MODE_ORDER.indexOf(least)) return undefined
      return `${MANAGED_LABEL}: the permission mode cannot be less strict than ${MODE_NAMES[least]}. The policy is in ${path}.`
    },
    connectedAppsRefusal: () => (values.connectedApps === false ? `${MANAGED_LABEL}: connected apps are turned off. The policy is in ${path}.` : undefined),
    routinesAllowed: () => values.routines !== false,
    routinesRefusal: () => (values.routines === false ? `${MANAGED_LABEL}: routines are turned off. The policy is in ${path}.` : undefined),
    assistedReviewProviderAllowed: (id) => values.assistedReviewProviders === undefined || values.assistedReviewProviders.includes(id),
    requiredTelemetryEndpoint: () => (values.telemetry?.kind === 'required' ? values.telemetry.endpoint : undefined),
    telemetryAllowed: () => values.telemetry?.kind !== 'off',
    telemetryRefusal: () => (values.telemetry?.kind === 'off' ? `${MANAGED_LABEL}: telemetry export is turned off. The policy is in ${path}.` : undefined),
    reload,
    close() {
      closed = true
      clearTimeout(timer)
      watcher?.close()
    },
  }
}
