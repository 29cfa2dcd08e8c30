/**
 * Provenance in a conversation (issue 37, shared/provenanceApi.ts): what each stored message records
 * about where its content came from, and which outside content the model's context holds — the
 * guard's input (permissions/inspectors/guardInspector.ts).
 *
 * The context is worked out from the stored history, never kept only in memory: every active message
 * counts (a rewind's set-aside ones do not), including the ones a summary stands for, since the
 * summary carries what they said. Every kind is read the same way — a user message (and who wrote it),
 * its attachments, a summary and what it carries, a tool result (and what a sub-agent's answer
 * carries): the stored provenance says *where* the content came from, and today's settings
 * (`TodaySettings`) say whether that source is outside content now. So a line written before
 * provenance existed is read with today's settings (no migration pass: its source is worked out from
 * the tool's name or the attachment's extension), an extension marked *Brings outside content* later
 * counts for older lines too, and one the person marked as not bringing it stops counting. What is
 * not a setting stays as recorded: a tool that declared `openWorldHint: true`, a connected app, and
 * any source today's settings no longer know (an extension that was removed).
 */
import type { Provenance, ProvenanceSource } from '../../shared/provenanceApi'
import { uniqueSources } from '../../shared/provenanceText'
import { activeMessages } from './setAside'
import type { StoredMessage } from './session/storedMessage'

/** The person wrote it. */
export const PERSON_PROVENANCE: Provenance = { from: { kind: 'person', name: 'you' } }

/**
 * A source as today's settings see it: the same source with `outside` as it would be recorded now;
 * the source unchanged when today's settings do not know it (then the record stands). It may look a
 * tool up by `source.tool` and an extension by `source.extensionId` (chatService.ts).
 */
export type TodaySettings = (source: ProvenanceSource) => ProvenanceSource

/** Every source one stored message records, outside or not (its own, what it carries, its attachments'); worked out from the line for old lines. */
export function messageSources(message: StoredMessage): ProvenanceSource[] {
  const of = (provenance: Provenance | undefined, fallback: ProvenanceSource | undefined) => (provenance ? [provenance.from, ...(provenance.carries ?? [])] : fallback ? [fallback] : [])
  switch (message.kind) {
    case 'user':
      if (message.refusedBy) return []
      return [
        ...of(message.provenance, undefined),
        ...(message.attachments ?? []).flatMap((attachment) => of(attachment.provenance, { kind: 'extension', name: attachment.extensionId, extensionId: attachment.extensionId })),
      ]
    case 'tool-result':
      return of(message.provenance, { kind: 'extension', name: message.name, tool: message.name })
    case 'summary':
      return of(message.provenance, undefined)
    case 'assistant':
    case 'notice':
    case 'rewind':
      return []
    default:
      return message satisfies never
  }
}

/** The outside sources one stored message brings into the model's context: as recorded, or as today's settings see its sources when given. */
export function messageOutside(message: StoredMessage, today?: TodaySettings): ProvenanceSource[] {
  const sources = messageSources(message)
  return uniqueSources((today ? sources.map(today) : sources).filter((source) => source.outside !== undefined))
}

/** A provenance read with today's settings (its source and what it carries): what a message records when it is written. */
export function provenanceToday(provenance: Provenance, today: TodaySettings): Provenance {
  const carries = uniqueSources((provenance.carries ?? []).map(today).filter((source) => source.outside !== undefined))
  return { from: today(provenance.from), ...(carries.length > 0 ? { carries } : {}) }
}

/** The outside sources the model's context holds: every active message's (setAside.ts), each source once. */
export function contextOutside(history: readonly StoredMessage[], today?: TodaySettings): ProvenanceSource[] {
  return uniqueSources(activeMessages(history).flatMap((message) => messageOutside(message, today)))
}

/** What a summary records: the model wrote it, and it carries the outside content of the messages it stands for. */
export function summaryProvenance(covered: readonly StoredMessage[], model: string): { provenance: Provenance } {
  const carries = uniqueSources(covered.flatMap((message) => messageOutside(message)))
  return { provenance: { from: { kind: 'model', name: model }, ...(carries.length > 0 ? { carries } : {}) } }
}

/** One active message as the tally keeps it: its id and the keys of the sources it records. */
interface TalliedMessage {
  id: string
  sources: readonly string[]
}

/**
 * contextOutside kept with a loaded session and brought up to date with the messages committed since
 * (issue 43): a turn at 50,000 messages reads the turn's new messages, not the whole history. It keeps
 * the active messages as a stack (a rewind line cuts it back, as activeMessages does) and a count of
 * every source they record, outside or not (messageSources). Today's settings are asked about each
 * distinct source once per turn, so an extension marked as bringing outside content later counts for
 * its older lines too, and one marked back stops counting, exactly as contextOutside reads them. The
 * result holds the same sources as contextOutside over the same history (test/main/agent/provenanceTally.test.ts).
 */
export class ContextTally {
  /** How many stored messages the tally has read, in all (what a test counts instead of timing). */
  examined = 0
  private read = 0
  private readonly active: TalliedMessage[] = []
  private readonly position = new Map<string, number>()
  private readonly sources = new Map<string, { source: ProvenanceSource; count: number }>()

  /** Reads the messages of `history` (append-only, the same array or a longer copy) it has not read yet. */
  follow(history: readonly StoredMessage[]): void {
    for (; this.read < history.length; this.read++) this.add(history[this.read]!)
  }

  /** The outside sources in the context (as recorded, or as `today` sees them); with `before`, as if a rewind from that message were made first. */
  outside(today?: TodaySettings, before?: string): ProvenanceSource[] {
    const counts = new Map([...this.sources].map(([key, { count }]) => [key, count]))
    const at = before === undefined ? undefined : this.position.get(before)
    if (at !== undefined) {
      // Only the messages the rewind would set aside are read: usually the last exchange or two.
      for (const message of this.active.slice(at)) for (const key of message.sources) counts.set(key, counts.get(key)! - 1)
    }
    const outside: ProvenanceSource[] = []
    for (const [key, count] of counts) {
      if (count <= 0) continue
      const recorded = this.sources.get(key)!.source
      const seen = today ? today(recorded) : recorded
      if (seen.outside !== undefined) outside.push(seen)
    }
    return uniqueSources(outside)
  }

  private add(message: StoredMessage): void {
    this.examined++
    if (message.kind === 'rewind') {
      const at = this.position.get(message.from)
      // A rewind naming a message already set aside (or unknown) changes nothing.
      if (at !== undefined) while (this.active.length > at) this.remove(this.active.pop()!)
      return
    }
    const keys = messageSources(message).map((source) => {
      const key = JSON.stringify(source)
      const entry = this.sources.get(key)
      if (entry) entry.count++
      else this.sources.set(key, { source, count: 1 })
      return key
    })
    // The first message with an id is the one a rewind names (activeMessages' findIndex).
    if (!this.position.has(message.id)) this.position.set(message.id, this.active.length)
    this.active.push({ id: message.id, sources: keys })
  }

  private remove(message: TalliedMessage): void {
    if (this.position.get(message.id) === this.active.length) this.position.delete(message.id)
    for (const key of message.sources) {
      const entry = this.sources.get(key)!
      if (--entry.count === 0) this.sources.delete(key)
    }
  }
}
