/**
 * The turns in flight, one per session at most, for chat_send / chat_cancel and the progress
 * resource: `begin` starts a turn and returns its id at once, `cancel` aborts it (model stream and
 * running tool calls), `progress` is what `switchboard://sessions/{id}/progress` serves.
 * The last turn's final state stays readable after it ends (the renderer shows its error or
 * warning); `idle` means no turn has run in this session since the app started.
 */
import { randomUUID } from 'node:crypto'
import { DEFAULT_STEP_LIMIT, type TurnResult } from '../agentLoop'
import { startingProgress, type ProgressPayload, type TurnProgress } from './turnProgress'

export class TurnInProgressError extends Error {
  constructor(sessionId: string) {
    super(`A reply is still being written in session ${sessionId}; wait for it or stop it first.`)
    this.name = 'TurnInProgressError'
  }
}

/** What a turn is handed: its id, the signal chat_cancel aborts, and where its progress goes. */
export interface TurnHandle {
  turnId: string
  signal: AbortSignal
  onProgress: (progress: TurnProgress) => void
}

export interface TurnRegistry {
  /** Starts `run` for the session; throws TurnInProgressError while another turn of it runs. */
  begin(sessionId: string, run: (turn: TurnHandle) => Promise<TurnResult>): { turnId: string; done: Promise<TurnResult> }
  /** Aborts the session's turn; false when none is running. */
  cancel(sessionId: string): boolean
  isRunning(sessionId: string): boolean
  /** The running turn's cancel signal (what else waits on the turn, e.g. a hook's approval, stops with it); undefined when none runs. */
  signalOf(sessionId: string): AbortSignal | undefined
  progress(sessionId: string): ProgressPayload
  /** Told the session id whenever its progress changes (at most once per ~30 ms per turn). */
  onProgress(listener: (sessionId: string) => void): () => void
  /** Forgets a deleted session's last progress. */
  forget(sessionId: string): void
  /** Cancels every turn and waits for them to end (on quit). */
  stop(): Promise<void>
}

export function createTurnRegistry(): TurnRegistry {
  const running = new Map<string, { controller: AbortController; done: Promise<TurnResult> }>()
  const latest = new Map<string, TurnProgress>()
  const listeners = new Set<(sessionId: string) => void>()
  const announce = (sessionId: string) => {
    for (const listener of listeners) listener(sessionId)
  }

  return {
    begin(sessionId, run) {
      if (running.has(sessionId)) throw new TurnInProgressError(sessionId)
      const turnId = randomUUID()
      const controller = new AbortController()
      const onProgress = (progress: TurnProgress) => {
        latest.set(sessionId, progress)
        announce(sessionId)
      }
      // Published before begin returns: a reader following chat_send's link must never see the
      // session idle (or the previous turn's end) while this turn is getting ready to ask the model.
      onProgress(startingProgress({ sessionId, turnId, stepLimit: DEFAULT_STEP_LIMIT }))
      const done = Promise.resolve()
        .then(() => run({ turnId, signal: controller.signal, onProgress }))
        .finally(() => running.delete(sessionId))
      running.set(sessionId, { controller, done })
      return { turnId, done }
    },
    cancel(sessionId) {
      const turn = running.get(sessionId)
      turn?.controller.abort()
      return turn !== undefined
    },
    isRunning: (sessionId) => running.has(sessionId),
    signalOf: (sessionId) => running.get(sessionId)?.controller.signal,
    progress: (sessionId) => latest.get(sessionId) ?? { sessionId, status: 'idle' },
    onProgress(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    forget(sessionId) {
      latest.delete(sessionId)
    },
    async stop() {
      const turns = [...running.values()]
      for (const turn of turns) turn.controller.abort()
      await Promise.allSettled(turns.map((turn) => turn.done))
    },
  }
}
