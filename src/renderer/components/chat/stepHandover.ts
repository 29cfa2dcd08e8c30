/**
 * A model step moves from the progress to the history in two reads that land apart. The host drops
 * the step from the progress once every part of it is committed (its text and calls leave it, or the
 * next step starts empty), and announces the history that holds it at the same time; but each
 * resource is read on its own, and the history (the larger read, after any read of it already under
 * way) often lands a frame or more after the progress. Drawn as they land, the step would vanish in
 * between and its row be drawn anew: every tool card in it remounted, an App's iframe torn down and
 * started again in the middle of the turn. So a progress that drops the step on screen waits until
 * the history holds that step.
 */
import { useEffect, useState } from 'react'
import type { ChatMessageView } from '../../../shared/hostApi'
import type { Turn } from './liveTurn'

/** The progress shows something of its step: text, or tool calls. */
const showsStep = (turn: Turn): boolean => turn.text !== '' || turn.toolCalls.length > 0

/**
 * The history holds the step whole: its message, with a result for every call. While the turn
 * runs, a step whose calls have no results yet is one the history was read too early to hold.
 */
export function historyHoldsStep(messages: readonly ChatMessageView[], turn: Pick<Turn, 'turnId' | 'step'>): boolean {
  const message = messages.findLast((candidate) => candidate.role === 'assistant' && candidate.turnId === turn.turnId && candidate.step === turn.step)
  return message?.role === 'assistant' && message.toolCalls.every((call) => call.result !== undefined)
}

/**
 * Whether `drawn`, the progress on screen, stays drawn instead of `next`: `next` no longer shows the
 * step `drawn` shows and the history read so far does not hold it. A turn that ended (`next` null)
 * is held until the history shows it by useChatSession.
 */
export function waitsForHistory(drawn: Turn | null, next: Turn | null, history: readonly ChatMessageView[] | null): boolean {
  if (!drawn || !next || drawn === next || !showsStep(drawn)) return false
  if (next.turnId === drawn.turnId && next.step === drawn.step && showsStep(next)) return false
  return !historyHoldsStep(history ?? [], drawn)
}

/** How long a progress may wait for a history that does not come (ms): a step the host never commits is not held for good. */
const WAIT_MS = 3000

/** The progress to draw: `next`, or the one drawn before while `next` waits for the history (waitsForHistory). */
export function useStepUntilInHistory(sessionId: string | null, next: Turn | null, history: readonly ChatMessageView[] | null): Turn | null {
  // Adjusting state while rendering (React's documented pattern): what was drawn last, per session.
  const [drawn, setDrawn] = useState<{ sessionId: string | null; turn: Turn | null }>({ sessionId, turn: next })
  const [gaveUpOn, setGaveUpOn] = useState<Turn | null>(null)
  const before = drawn.sessionId === sessionId ? drawn.turn : null
  const waiting = before !== gaveUpOn && waitsForHistory(before, next, history)
  const shown = waiting ? before : next
  if (drawn.sessionId !== sessionId || drawn.turn !== shown) setDrawn({ sessionId, turn: shown })
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setGaveUpOn(before), WAIT_MS)
    return () => clearTimeout(timer)
  }, [waiting, before])
  return shown
}
