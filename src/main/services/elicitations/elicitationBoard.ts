/**
 * `switchboard://elicitations`: every pending approval and question, from every source (extension
 * start consent, tool-call approvals, questions from extensions), answered with `elicitation_respond`.
 * Only the host tool answers: each source resolves exactly the item it created, by its unguessable id.
 */
import type { Elicitation } from '../../../shared/hostApi'

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

/**
 * Oldest first, taking turns between extensions: each extension's first pending item comes before
 * any extension's second, so one extension's flood never puts another's approval behind it.
 */
export function fairOrder(items: readonly Elicitation[]): Elicitation[] {
  const byAge = [...items].sort((a, b) => a.created - b.created)
  const seen = new Map<string, number>()
  const rank = new Map(
    byAge.map((item) => {
      const place = seen.get(item.origin.extensionId) ?? 0
      seen.set(item.origin.extensionId, place + 1)
      return [item, place] as const
    }),
  )
  return byAge.sort((a, b) => rank.get(a)! - rank.get(b)! || a.created - b.created)
}

/** How many answered ids the board remembers, to tell a replayed answer from an unknown id. */
const REMEMBERED_ANSWERS = 1000

export function createElicitationBoard(sources: readonly ElicitationSource[]): ElicitationBoard {
  const answered = new Set<string>()
  const remember = (id: string) => {
    answered.add(id)
    if (answered.size > REMEMBERED_ANSWERS) answered.delete(answered.values().next().value!)
  }
  return {
    list: () => fairOrder(sources.flatMap((source) => source.list())),
    async respond(id, action, content) {
      for (const source of sources) {
        if (await source.respond(id, action, content)) return remember(id)
      }
      if (answered.has(id)) throw new Error(`The approval or question "${id}" was already answered; that answer stands and nothing was changed.`)
      throw new Error(`There is no approval or question with the id "${id}": Switchboard never issued it (or it ended before the app last started). Read switchboard://elicitations for the pending ones.`)
    },
    onChange(listener) {
      const offs = sources.map((source) => source.onChange(listener))
      return () => offs.forEach((off) => off())
    },
  }
}
