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
