/**
 * `switchboard://elicitations`: every pending approval and question, from every source (extension
 * start consent, tool-call approvals, questions from extensions), answered with `elicitation_respond`.
 * Only the host tool answers: each source resolves exactly the item it created, by its unguessable id.
 */
import type { Elicitation } from '../../shared/hostApi'

export type ElicitationAction = 'accept' | 'decline' | 'cancel'

/** One kind of pending item. `respond` returns false when the id is not one of its own. */
export interface ElicitationSource {
  list(): Elicitation[]
  respond(id: string, action: ElicitationAction, content: Record<string, unknown> | undefined): boolean | Promise<boolean>
  onChange(listener: () => void): () => void
}

export interface ElicitationBoard {
  list(): Elicitation[]
  /** Rejects with an Error the renderer can show when the id is unknown or already answered. */
  respond(id: string, action: ElicitationAction, content?: Record<string, unknown>): Promise<void>
  onChange(listener: () => void): () => void
}

export function createElicitationBoard(sources: readonly ElicitationSource[]): ElicitationBoard {
  return {
    list: () => sources.flatMap((source) => source.list()).sort((a, b) => a.created - b.created),
    async respond(id, action, content) {
      for (const source of sources) {
        if (await source.respond(id, action, content)) return
      }
      throw new Error(`There is no pending question with id "${id}"; it may have been answered or have timed out already.`)
    },
    onChange(listener) {
      const offs = sources.map((source) => source.onChange(listener))
      return () => offs.forEach((off) => off())
    },
  }
}
