/**
 * Reads a session's progress as deltas: each read names what this window already holds of the
 * step's text (progressSinceUri), the host sends only what follows, and the reader puts the whole
 * text back together — so a long reply costs its length once, not on every update.
 */
import { progressSinceUri, progressUri, type ProgressResource } from '../../../shared/hostApi'

export class ProgressReader {
  private last: ProgressResource | null = null
  /** A reply did not fit what is held: the next read asks for the whole text. */
  private lost = false

  constructor(private readonly sessionId: string) {}

  /** What the next read asks for. */
  readUri(): string {
    const turn = this.last?.turn
    if (!turn || this.lost) return progressUri(this.sessionId)
    return progressSinceUri(this.sessionId, { turnId: turn.turnId, step: turn.step, length: turn.text.length })
  }

  /** The whole progress from what the host sent, or null when a partial text does not continue what is held. */
  accept(next: ProgressResource): ProgressResource | null {
    const turn = next.turn
    if (turn?.textFrom === undefined) {
      this.lost = false
      this.last = next
      return next
    }
    const held = this.last?.turn
    if (!held || held.turnId !== turn.turnId || held.step !== turn.step || held.text.length !== turn.textFrom) {
      // Reads are answered in order, so this should not happen; if it does, skip it and read everything next time.
      this.lost = true
      return null
    }
    const whole: ProgressResource = { ...next, turn: { ...turn, text: held.text + turn.text, textFrom: undefined } }
    this.last = whole
    return whole
  }
}
