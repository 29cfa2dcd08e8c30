/**
 * The guard's view of a session's context, kept with the loaded session (ContextTally, provenance.ts):
 * the same sources as contextOutside over the whole history, through rewinds and with today's
 * settings, while a turn reads only the messages committed since the last one — counted, not timed.
 */
import { describe, expect, it } from 'vitest'
import { ContextTally, contextOutside, type TodaySettings } from '../../../src/main/agent/provenance'
import { activeMessages } from '../../../src/main/agent/setAside'
import { STORED_MESSAGE_VERSION, type StoredMessage } from '../../../src/main/agent/session/storedMessage'
import type { ProvenanceSource } from '../../../src/shared/provenanceApi'

const at = '2026-01-01T00:00:00.000Z'
const web: ProvenanceSource = { kind: 'extension', name: 'Web', extensionId: 'web', outside: 'open-world' }
const mail: ProvenanceSource = { kind: 'extension', name: 'Mail', extensionId: 'mail', outside: 'open-world' }
const notes: ProvenanceSource = { kind: 'extension', name: 'Notes', extensionId: 'notes' }

let next = 0
const user = (text = 'hi', provenance?: { from: ProvenanceSource }): StoredMessage => ({ v: STORED_MESSAGE_VERSION, id: `m${next++}`, at, kind: 'user', turnId: 't', text, ...(provenance ? { provenance } : {}) })
const reply = (): StoredMessage => ({ v: STORED_MESSAGE_VERSION, id: `m${next++}`, at, kind: 'assistant', turnId: 't', step: 1, text: 'ok', toolCalls: [], end: 'complete' })
const result = (name: string, from?: ProvenanceSource): StoredMessage => ({ v: STORED_MESSAGE_VERSION, id: `m${next++}`, at, kind: 'tool-result', turnId: 't', callId: `c${next}`, name, status: 'ok', content: [], ...(from ? { provenance: { from } } : {}) })
const rewind = (from: string): StoredMessage => ({ v: STORED_MESSAGE_VERSION, id: `m${next++}`, at, kind: 'rewind', turnId: 't', from, reason: 'regenerate' })

/** Sources compared as a set (the tally's order of first appearance may differ from a full pass's). */
const names = (sources: readonly ProvenanceSource[]) => sources.map((source) => `${source.kind}:${source.name}:${source.outside ?? ''}`).sort()

describe('ContextTally', () => {
  it('holds what contextOutside says of the same history, after every message, through rewinds and with today’s settings', () => {
    // Today Notes counts as outside (a source marked as outside later counts for older lines too) and
    // Mail no longer does (marked back: its older lines stop counting).
    const today: TodaySettings = (source) =>
      source.extensionId === 'notes' ? { ...source, outside: 'marked' } : source.extensionId === 'mail' ? { kind: source.kind, name: source.name, extensionId: 'mail' } : source
    const history: StoredMessage[] = []
    const tally = new ContextTally()
    const steps: (() => StoredMessage)[] = [
      () => user('hello'),
      () => result('web__fetch', web),
      () => reply(),
      () => user('from mail', { from: mail }),
      () => result('notes__read', notes),
      () => rewind(history[3]!.id), // sets aside the mail message and the notes result
      () => user('again'),
      () => result('web__fetch', web),
      () => rewind(history[1]!.id), // sets aside everything from the first web result on
      () => result('notes__read', notes),
      () => rewind('no-such-message'),
    ]
    for (const step of steps) {
      history.push(step())
      tally.follow(history)
      expect(names(tally.outside(today))).toEqual(names(contextOutside(history, today)))
      // As a turn that starts with a rewind sees it: the messages from `before` on left out.
      const active = activeMessages(history)
      for (const [index, message] of active.entries()) {
        expect(names(tally.outside(today, message.id))).toEqual(names(contextOutside(active.slice(0, index), today)))
      }
    }
  })

  it('reads only the messages committed since the last turn: a turn at 50,000 messages reads its own, not all', () => {
    const history: StoredMessage[] = []
    for (let i = 0; i < 25_000; i++) history.push(i % 1000 === 0 ? result('web__fetch', web) : user(), reply())
    const tally = new ContextTally()
    tally.follow(history)
    expect(tally.examined).toBe(50_000)
    let asked = 0
    const today: TodaySettings = (source) => {
      asked++
      return source
    }
    expect(names(tally.outside(today))).toEqual(names([web]))
    // Today's settings are asked once per source in the context, not once per message.
    expect(asked).toBe(1)

    // The next turn: the person's message and a reply, then a regenerate of that reply.
    history.push(user('one more'), reply())
    tally.follow(history)
    expect(tally.examined).toBe(50_002)
    expect(names(tally.outside(today, history.at(-1)!.id))).toEqual(names([web]))
    expect(tally.examined).toBe(50_002)
    // The same history read again (a copy, as a turn gets it) costs nothing more.
    tally.follow(history.slice())
    expect(tally.examined).toBe(50_002)
  })
})
