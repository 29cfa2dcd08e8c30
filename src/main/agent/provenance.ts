/**
 * Provenance in a conversation (issue 37, shared/provenanceApi.ts): what each stored message records
 * about where its content came from, and which outside content the model's context holds — the
 * guard's input (permissions/inspectors/guardInspector.ts).
 *
 * The context is worked out from the stored history, never kept only in memory: every active message
 * counts (a rewind's set-aside ones do not), including the ones a summary stands for, since the
 * summary carries what they said. A message's recorded provenance counts, and so does what today's
 * settings say of its source (`todaySource`): lines written before provenance existed are read that
 * way, with no migration pass, and a source marked as outside later counts for older lines too. Both
 * only ever add outside content, never take it away.
 */
import { outsideSourcesOf, uniqueSources, type Provenance, type ProvenanceSource } from '../../shared/provenanceApi'
import { activeMessages } from './setAside'
import type { StoredMessage } from './session/storedMessage'

/** The person wrote it. */
export const PERSON_PROVENANCE: Provenance = { from: { kind: 'person', name: 'you' } }

/** A tool's source as today's settings see it (undefined when the tool is not known now). */
export type TodaySource = (toolName: string) => ProvenanceSource | undefined

/** The outside sources one stored message brings into the model's context. */
export function messageOutside(message: StoredMessage, todaySource?: TodaySource): ProvenanceSource[] {
  switch (message.kind) {
    case 'user':
      if (message.refusedBy) return []
      return [...outsideSourcesOf(message.provenance), ...(message.attachments ?? []).flatMap((attachment) => outsideSourcesOf(attachment.provenance))]
    case 'tool-result': {
      const today = todaySource?.(message.name)
      return [...outsideSourcesOf(message.provenance), ...(today?.outside !== undefined ? [today] : [])]
    }
    case 'summary':
      return outsideSourcesOf(message.provenance)
    case 'assistant':
    case 'notice':
    case 'rewind':
      return []
    default:
      return message satisfies never
  }
}

/** The outside sources the model's context holds: every active message's (setAside.ts), each source once. */
export function contextOutside(history: readonly StoredMessage[], todaySource?: TodaySource): ProvenanceSource[] {
  return uniqueSources(activeMessages(history).flatMap((message) => messageOutside(message, todaySource)))
}

/** What a summary records: the model wrote it, and it carries the outside content of the messages it stands for. */
export function summaryProvenance(covered: readonly StoredMessage[], model: string): { provenance: Provenance } {
  const carries = uniqueSources(covered.flatMap((message) => messageOutside(message)))
  return { provenance: { from: { kind: 'model', name: model }, ...(carries.length > 0 ? { carries } : {}) } }
}

/** One active message as the tally keeps it: its id, the outside sources it records, and the tool whose result it is. */
interface TalliedMessage {
  id: string
  recorded: readonly string[]
  tool?: string
}

/**
 * contextOutside kept with a loaded session and brought up to date with the messages committed since
 * (issue 43): a turn at 50,000 messages reads the turn's new messages, not the whole history. It keeps
 * the active messages as a stack (a rewind line cuts it back, as activeMessages does), a count of each
 * recorded outside source, and a count of each tool whose results are in the context (today's settings
 * are asked about each tool once per turn, so a source marked as outside later still counts). The
 * result holds the same sources as contextOutside over the same history (test/main/agent/provenanceTally.test.ts).
 */
export class ContextTally {
  /** How many stored messages the tally has read, in all (what a test counts instead of timing). */
  examined = 0
  private read = 0
  private readonly active: TalliedMessage[] = []
  private readonly position = new Map<string, number>()
  private readonly recorded = new Map<string, { source: ProvenanceSource; count: number }>()
  private readonly tools = new Map<string, number>()

  /** Reads the messages of `history` (append-only, the same array or a longer copy) it has not read yet. */
  follow(history: readonly StoredMessage[]): void {
    for (; this.read < history.length; this.read++) this.add(history[this.read]!)
  }

  /** The outside sources in the context; with `before`, as if a rewind from that message were made first. */
  outside(todaySource?: TodaySource, before?: string): ProvenanceSource[] {
    const recorded = new Map([...this.recorded].map(([key, { count }]) => [key, count]))
    let tools = this.tools
    const at = before === undefined ? undefined : this.position.get(before)
    if (at !== undefined) {
      // Only the messages the rewind would set aside are read: usually the last exchange or two.
      tools = new Map(tools)
      for (const message of this.active.slice(at)) {
        for (const key of message.recorded) recorded.set(key, recorded.get(key)! - 1)
        if (message.tool !== undefined) tools.set(message.tool, tools.get(message.tool)! - 1)
      }
    }
    const sources = [...recorded].filter(([, count]) => count > 0).map(([key]) => this.recorded.get(key)!.source)
    for (const [tool, count] of tools) {
      const today = count > 0 ? todaySource?.(tool) : undefined
      if (today?.outside !== undefined) sources.push(today)
    }
    return uniqueSources(sources)
  }

  private add(message: StoredMessage): void {
    this.examined++
    if (message.kind === 'rewind') {
      const at = this.position.get(message.from)
      // A rewind naming a message already set aside (or unknown) changes nothing.
      if (at !== undefined) while (this.active.length > at) this.remove(this.active.pop()!)
      return
    }
    const recorded = messageOutside(message).map((source) => {
      const key = JSON.stringify(source)
      const entry = this.recorded.get(key)
      if (entry) entry.count++
      else this.recorded.set(key, { source, count: 1 })
      return key
    })
    const tool = message.kind === 'tool-result' ? message.name : undefined
    if (tool !== undefined) this.tools.set(tool, (this.tools.get(tool) ?? 0) + 1)
    // The first message with an id is the one a rewind names (activeMessages' findIndex).
    if (!this.position.has(message.id)) this.position.set(message.id, this.active.length)
    this.active.push({ id: message.id, recorded, ...(tool !== undefined ? { tool } : {}) })
  }

  private remove(message: TalliedMessage): void {
    if (this.position.get(message.id) === this.active.length) this.position.delete(message.id)
    for (const key of message.recorded) {
      const entry = this.recorded.get(key)!
      if (--entry.count === 0) this.recorded.delete(key)
    }
    if (message.tool !== undefined) {
      const left = this.tools.get(message.tool)! - 1
      if (left === 0) this.tools.delete(message.tool)
      else this.tools.set(message.tool, left)
    }
  }
}
