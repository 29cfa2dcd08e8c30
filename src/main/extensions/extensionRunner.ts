/**
 * The lifecycle of one extension: starting (secrets, then connection), ready, crashed and waiting
 * to restart (backoff and breaker, F3/F4), needing configuration, or stopped. The state is a
 * discriminated union (extensionState.ts); every async step checks that it is still the current
 * attempt, so a restart or a stop in the middle never leaves a stray child behind.
 */
import { log } from '../log/log'
import { redactSecrets } from '../log/secretValues'
import type { ExtensionConfig, HttpConfig } from './config/extensionConfig'
import { ConnectionStartError, ExtensionConnection, type ConnectionLoss } from './connection/extensionConnection'
import { snapshotOf, type ExtensionSnapshot, type ExtensionState } from './extensionState'
import { LogRing } from './logRing'
import type { ExtensionManagerOptions, ManagerEvent } from './managerTypes'
import { RestartPolicy } from './restartPolicy'
import { resolveConfigSecrets } from './config/secretResolution'
import { errorText } from './text'
import { formatDuration } from '../../shared/format'

/** What a runner needs from the manager that owns it. */
export interface RunnerOwner {
  options: ExtensionManagerOptions
  /** False once the app is quitting: nothing may start any more. */
  accepting(): boolean
  /** False once the extension was removed: its events no longer matter. */
  owns(runner: ExtensionRunner): boolean
  emit(event: ManagerEvent): void
}

export class ExtensionRunner {
  state: ExtensionState = { status: 'disabled' }
  readonly ring: LogRing
  readonly policy: RestartPolicy
  /** Increases every time the extension becomes ready (a new session). */
  sessionCount = 0
  /** Bumped on every start and stop; async work from an older attempt sees it and backs out. */
  private attempt = 0
  /** Set while the managed policy keeps this extension from starting (recheckStart lets it start once allowed). */
  refused = false
  /** Puts `${secret:NAME}` back in place of this extension's resolved values (set once they are resolved). */
  private redactResolved: (text: string) => string = (text) => text

  constructor(
    public config: ExtensionConfig,
    private readonly owner: RunnerOwner,
  ) {
    this.ring = new LogRing({ ...owner.options.logRing, onAppend: () => this.owner.emit({ type: 'log', id: this.id }) })
    this.policy = new RestartPolicy(owner.options.restartPolicy)
  }

  get id(): string {
    return this.config.id
  }

  snapshot(): ExtensionSnapshot {
    return snapshotOf(this.config, this.state, this.sessionCount)
  }

  connection(): ExtensionConnection | undefined {
    return this.state.status === 'ready' ? this.state.connection : undefined
  }

  /** Starts one connection attempt in the background; a newer attempt or a halt supersedes it. */
  launch(): void {
    if (!this.owner.accepting()) return
    this.clearRestartTimer()
    const attempt = ++this.attempt
    const abort = new AbortController()
    const state: Extract<ExtensionState, { status: 'starting' }> = { status: 'starting', abort, done: Promise.resolve() }
    this.setState(state)
    this.ring.push('lifecycle', 'info', 'starting')
    state.done = this.connect(attempt, abort.signal).catch((error: unknown) => {
      log('error', 'extensions', `${this.id}: starting failed unexpectedly: ${errorText(error)}`)
    })
  }

  /** After the managed policy changed: stops an extension it now refuses, starts one it no longer refuses. */
  async recheckStart(): Promise<void> {
    if (!this.config.enabled) return
    const refusal = this.owner.options.startRefusal?.(this.config)
    if (refusal && !this.refused) {
      await this.halt()
      this.refused = true
      this.ring.push('lifecycle', 'warn', refusal)
      this.setState({ status: 'error', error: refusal })
    } else if (refusal && this.state.status === 'error' && this.state.error !== refusal) {
      this.setState({ status: 'error', error: refusal })
    } else if (!refusal && this.refused) {
      this.refused = false
      this.launch()
    }
  }

  /** Ends whatever runs (connection, pending start, restart timer) and leaves the extension disabled. */
  async halt(): Promise<void> {
    this.attempt++
    const state = this.state
    this.clearRestartTimer()
    this.setState({ status: 'disabled' })
    switch (state.status) {
      case 'ready':
        this.ring.push('lifecycle', 'info', 'stopping')
        await state.connection.close()
        return
      case 'starting':
        state.abort.abort()
        await state.done
        return
      case 'disabled':
      case 'error':
      case 'needs-config':
      case 'needs-sign-in':
        return
      default:
        state satisfies never
    }
  }

  private async connect(attempt: number, signal: AbortSignal): Promise<void> {
    const current = () => this.attempt === attempt && this.owner.accepting() && this.owner.owns(this)
    const refusal = this.owner.options.startRefusal?.(this.config)
    this.refused = refusal !== undefined
    if (refusal) {
      this.ring.push('lifecycle', 'warn', refusal)
      if (current()) this.setState({ status: 'error', error: refusal })
      return
    }
    const missing = this.owner.options.missingSettings?.(this.id)
    if (missing) {
      if (current()) this.setState({ status: 'needs-config', error: missing })
      return
    }
    let resolved
    try {
      resolved = await resolveConfigSecrets(this.config, this.owner.options.resolveSecrets, this.owner.options.ownsSecret)
    } catch (error) {
      if (current()) this.setState({ status: 'needs-config', error: errorText(error) })
      return
    }
    if (!current()) return
    this.ring.setRedactor(resolved.redact)
    this.redactResolved = resolved.redact
    const { options } = this.owner
    let auth
    try {
      auth = isRemote(this.config) ? await options.auth?.sessionFor(this.config) : undefined
    } catch (error) {
      if (current()) this.setState({ status: 'needs-config', error: errorText(error) })
      return
    }
    if (!current()) return
    let connection: ExtensionConnection
    try {
      connection = await ExtensionConnection.open({
        extensionId: this.id,
        config: this.config,
        resolvedValues: resolved.values,
        auth: auth?.transport,
        builtins: options.builtins,
        frontend: options.frontend,
        clientInfo: options.clientInfo,
        handlers: options.handlers ?? {},
        maxMessageBytes: options.maxMessageBytes ?? 32 * 1024 * 1024,
        stopGraceMs: options.stopGraceMs,
        revisions: options.revisions,
        signal,
        events: {
          log: (source, level, text, serverLevel) => this.ring.push(source, level, text, serverLevel),
          stderrTail: () => this.ring.stderrTail(),
          listChanged: (kind) => current() && this.owner.emit({ type: 'list-changed', id: this.id, kind }),
          resourceUpdated: (uri) => current() && this.owner.emit({ type: 'resource-updated', id: this.id, uri }),
          lost: (loss) => current() && this.onLost(loss),
        },
      })
    } catch (error) {
      if (!current()) return
      const failure = error instanceof ConnectionStartError ? error.failure : { message: errorText(error), restartable: true }
      this.ring.push('lifecycle', 'error', failure.message)
      // The page shows the sign-in state beside a failed start too (e.g. where to enter a client id).
      if (!failure.needsSignIn) this.refreshSignIn()
      if (failure.needsSignIn) this.needsSignIn()
      else if (failure.needsConfig) this.setState({ status: 'needs-config', error: failure.message })
      else if (failure.restartable) this.scheduleRestart(failure.message)
      else this.setState({ status: 'error', error: failure.message })
      return
    }
    if (!current()) {
      await connection.close()
      return
    }
    this.policy.started()
    this.sessionCount++
    this.setState({ status: 'ready', connection, since: Date.now() })
    log('info', 'extensions', `${this.id} is ready`)
    this.refreshSignIn()
  }

  private onLost(loss: ConnectionLoss): void {
    if (loss.needsSignIn) return this.needsSignIn()
    this.ring.push('lifecycle', 'error', loss.message)
    log('warn', 'extensions', `${this.id}: ${loss.message}`)
    this.scheduleRestart(loss.message)
  }

  /** Crash bookkeeping: restart after the policy's delay, or stop and wait for the person (F4). */
  private scheduleRestart(message: string): void {
    const decision = this.policy.crashed()
    switch (decision.action) {
      case 'restart': {
        const restartAt = Date.now() + decision.delayMs
        const timer = setTimeout(() => {
          if (this.owner.owns(this) && this.state.status === 'error' && this.state.timer === timer) this.launch()
        }, decision.delayMs)
        this.ring.push('lifecycle', 'info', `restarting in ${formatDuration(decision.delayMs)} (crash ${decision.crashes})`)
        this.setState({ status: 'error', error: message, restartAt, timer })
        return
      }
      case 'give-up': {
        const error = `${message} It crashed ${decision.crashes} times within ${formatDuration(decision.windowMs)}, so it was stopped; fix the problem, then press Restart.`
        this.ring.push('lifecycle', 'error', 'crash loop: not restarting until the person restarts it')
        this.setState({ status: 'error', error })
        return
      }
      default:
        decision satisfies never
    }
  }

  /**
   * The person pressed Sign in: resolves once the sign-in page is offered; when the sign-in
   * completes the extension starts again, when it fails the reason shows on the extension.
   */
  async signIn(): Promise<void> {
    const config = this.config
    const auth = this.owner.options.auth
    if (!isRemote(config) || !auth) throw new Error(`"${config.name}" is not a remote server; only remote servers sign in.`)
    if (!config.enabled) throw new Error(`"${config.name}" is disabled; enable it first.`)
    const flow = auth.signIn(config)
    flow.done.then(
      () => {
        if (!this.owner.owns(this)) return
        this.ring.push('lifecycle', 'info', `signed in to ${config.name}`)
        this.policy.reset()
        void this.halt().then(() => this.launch())
      },
      (error: unknown) => {
        if (!this.owner.owns(this)) return
        const text = `Signing in did not finish: ${errorText(error)}`
        this.ring.push('lifecycle', 'warn', text)
        if (this.state.status === 'needs-sign-in') this.setState({ status: 'needs-sign-in', error: text })
      },
    )
    await flow.started
  }

  /** Ends the sign-in: revokes where supported, deletes the tokens, and waits for Sign in again. */
  async signOut(): Promise<string> {
    const config = this.config
    const auth = this.owner.options.auth
    if (!isRemote(config) || !auth) throw new Error(`"${config.name}" is not a remote server; there is no sign-in to end.`)
    const outcome = await auth.signOut(config)
    this.ring.push('lifecycle', 'info', outcome)
    this.refreshSignIn()
    await this.halt()
    if (config.enabled) this.launch()
    return outcome
  }

  /** Updates what the page shows about the sign-in (read from the keychain, so in the background). */
  private refreshSignIn(): void {
    const config = this.config
    if (isRemote(config)) this.owner.options.auth?.status(config).catch(() => undefined)
  }

  /** A request needs the person to sign in: wait for Sign in, or stop when signing in again would not help. */
  private needsSignIn(): void {
    const config = this.config
    const auth = this.owner.options.auth
    if (!isRemote(config) || !auth) return this.setState({ status: 'error', error: 'The server asks to sign in, but this host cannot sign in.' })
    const attempt = this.attempt
    auth.sessionFor(config).catch(() => undefined).then((found) => {
      if (this.attempt !== attempt || !this.owner.owns(this)) return
      if (found?.refusedRepeatedly()) {
        const error = `${config.name} keeps refusing access even right after you signed in, so Switchboard stopped asking (the server may need an administrator to grant it). Press Restart to try again.`
        this.ring.push('lifecycle', 'error', error)
        this.setState({ status: 'error', error })
        return
      }
      this.refreshSignIn()
      const text = auth.needText(config)
      this.ring.push('lifecycle', 'warn', text)
      this.setState({ status: 'needs-sign-in', error: text })
    })
  }

  private clearRestartTimer(): void {
    if (this.state.status === 'error' && this.state.timer) clearTimeout(this.state.timer)
  }

  private setState(state: ExtensionState): void {
    // An error text may quote what a server or a library saw (a header, a request); it reaches the
    // window, so it is redacted like a log line: this extension's values first, then every known secret.
    if ('error' in state && state.error) state.error = redactSecrets(this.redactResolved(state.error))
    this.state = state
    if (this.owner.owns(this)) this.owner.emit({ type: 'status', id: this.id })
  }
}

function isRemote(config: ExtensionConfig): config is HttpConfig {
  return config.type === 'streamable-http' || config.type === 'sse'
}
