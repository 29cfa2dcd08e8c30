/**
 * A turn in a long conversation costs what the part after its last summary costs (issue 43 item 1):
 * the model's history read from the last summary on gives what a pass over the whole file gives, the
 * token counts kept with the loaded messages equal a fresh count after every commit, and the history
 * payload extended on each commit equals one built anew.
 */
import { describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { activeMessages, extendHistoryPayload, historyPayload, type StoredMessage } from '../../../src/main/agent'
import { modelHistory, toModelMessages } from '../../../src/main/agent/modelMessages'
import { requestFigures } from '../../../src/main/agent/toolSearch'

let clock = 0
const base = () => ({ v: 1 as const, id: randomUUID(), at: new Date(++clock * 1000).toISOString(), turnId: 't' })
const user = (text: string): StoredMessage => ({ ...base(), kind: 'user', text })
const reply = (text: string, calls: string[] = []): StoredMessage => ({ ...base(), kind: 'assistant', step: 1, text, end: 'complete', toolCalls: calls.map((callId) => ({ callId, name: 'echo', arguments: { callId } })) })
const result = (callId: string): StoredMessage => ({ ...base(), kind: 'tool-result', callId, name: 'echo', status: 'ok', content: [{ type: 'text', text: `result of ${callId}` }] })
const summary = (upTo: StoredMessage): StoredMessage => ({ ...base(), kind: 'summary', text: 'SUMMARY', upTo: upTo.id, covered: 2, tokensBefore: 10, tokensAfter: 2 })
const rewind = (from: StoredMessage): StoredMessage => ({ ...base(), kind: 'rewind', from: from.id, reason: 'regenerate' })

/** modelHistory as it was: one pass over the whole file. */
function wholeFileHistory(history: readonly StoredMessage[]): StoredMessage[] {
  const active = activeMessages(history)
  const last = active.findLast((message) => message.kind === 'summary')
  if (!last || last.kind !== 'summary') return active
  const upTo = active.findIndex((message) => message.id === last.upTo)
  return [last, ...active.slice(upTo + 1).filter((message) => message.kind !== 'summary')]
}

describe('a turn in a long conversation', () => {
  it('reads the model’s history from the last summary on, as a pass over the whole file would', () => {
    const a = user('first')
    const b = reply('one')
    const c = user('second')
    const cases: StoredMessage[][] = []
    const withSummary = [a, b, c, summary(b), reply('two')]
    cases.push(withSummary)
    // A regenerate after the summary, within what is read.
    const two = withSummary.at(-1)!
    cases.push([...withSummary, rewind(two), reply('two again')])
    // An edit of the message before the summary: the summary is set aside with it.
    cases.push([...withSummary, rewind(c), user('second, edited')])
    // A second summary standing for the first.
    const d = user('third')
    cases.push([...withSummary, d, summary(two), reply('three')])
    // No summary at all.
    cases.push([a, b, c])
    for (const history of cases) expect(modelHistory(history)).toEqual(wholeFileHistory(history))
  })

  it('keeps each message’s token count with the loaded messages; after every commit the figure equals a fresh count', () => {
    const loaded: StoredMessage[] = [user('What is in the folder?'), reply('Let me look.', ['c1', 'c2']), result('c1')]
    const counts: number[] = []
    const more = [result('c2'), reply('Two files.'), user('And the other folder?'), reply('', ['c3']), result('c3'), reply('Three files, listed above.')]
    for (const message of more) {
      loaded.push(message)
      const kept = requestFigures({ definitions: 0, system: 'sys', messages: toModelMessages(loaded) }).request
      // The same conversation as new objects, as a fresh load of the file gives it.
      const fresh = requestFigures({ definitions: 0, system: 'sys', messages: toModelMessages(structuredClone(loaded)) }).request
      expect(kept).toBe(fresh)
      counts.push(kept)
    }
    // A result committed after its call changes what the reply's turn weighs: the count followed it.
    expect(counts[0]).not.toBe(requestFigures({ definitions: 0, system: 'sys', messages: toModelMessages(loaded.slice(0, 3)) }).request)
  })

  it('extends the history payload on each commit to what a payload built anew shows, and asks for a rebuild after a rewind', () => {
    const all: StoredMessage[] = [user('hello')]
    const payload = historyPayload('s', { messages: all, problems: [] })
    const later = [reply('calling', ['c1', 'c2']), result('c2'), result('c1'), reply('done'), user('again'), reply('sure')]
    for (const message of later) {
      all.push(message)
      expect(extendHistoryPayload(payload, message)).toBe(true)
      expect(payload.messages).toEqual(historyPayload('s', { messages: all, problems: [] }).messages)
    }
    const back = rewind(all.at(-1)!)
    all.push(back)
    expect(extendHistoryPayload(payload, back)).toBe(false)
  })
})
