/**
 * One interactive sign-in: a one-shot loopback redirect, the authorization page offered to the
 * person as a URL question (`switchboard://elicitations`), then the callback checked and exchanged.
 * The question only offers the link; the flow ends when the redirect arrives, the person declines,
 * or the time runs out. Nothing of the callback (code, state) is logged or shown.
 */
import { randomUUID } from 'node:crypto'
import type { AskToOpen, OpenLoopback, RemoteAuthSession } from './authTypes'

export interface SignInFlowOptions {
  extensionId: string
  serverName: string
  session: RemoteAuthSession
  openLoopback: OpenLoopback
  ask: AskToOpen
  /** Aborting ends the flow (a newer Sign in, removal, quit). */
  signal: AbortSignal
  /** How long the person has to finish in the browser (default 10 minutes). */
  timeoutMs?: number
  /** Called once the page is offered to the person (or nothing was needed): the flow is under way. */
  onStarted?: () => void
}

export class SignInCancelledError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SignInCancelledError'
  }
}

/** Resolves once signed in; rejects with a message naming what went wrong and what to do. */
export async function runSignIn(options: SignInFlowOptions): Promise<void> {
  const { session, signal } = options
  const loopback = await options.openLoopback(options.serverName)
  const question = new AbortController()
  let timer: NodeJS.Timeout | undefined
  try {
    const start = await session.begin(loopback.redirectUrl)
    if (start.kind === 'authorized') return options.onStarted?.()
    const ended = new Promise<never>((_, reject) => {
      const timeoutMs = options.timeoutMs ?? 10 * 60_000
      timer = setTimeout(() => reject(new SignInCancelledError(`Nobody finished signing in within ${Math.round(timeoutMs / 60_000)} minutes; press Sign in to try again.`)), timeoutMs)
      if (signal.aborted) reject(new SignInCancelledError('The sign-in was called off.'))
      signal.addEventListener('abort', () => reject(new SignInCancelledError('The sign-in was called off.')), { once: true })
    })
    const answered = options
      .ask(
        options.extensionId,
        { url: start.authorizationUrl, message: `Sign in to ${options.serverName}: the page opens in your browser; when you are done there, come back here.`, elicitationId: randomUUID() },
        question.signal,
      )
      .then((action) => {
        // Opening the page is not the end: the redirect is. Declining is.
        if (action !== 'accept') throw new SignInCancelledError('You chose not to sign in; press Sign in when you want to.')
        return new Promise<never>(() => {})
      })
    options.onStarted?.()
    // Whichever loses the race settles later with nobody waiting; that is expected.
    answered.catch(() => {})
    ended.catch(() => {})
    const callback = await Promise.race([loopback.callback, answered, ended])
    await session.complete(callback)
  } catch (error) {
    await session.abandon()
    throw error
  } finally {
    clearTimeout(timer)
    question.abort() // Closes the question if the redirect came before the person answered it.
    await loopback.close()
  }
}
