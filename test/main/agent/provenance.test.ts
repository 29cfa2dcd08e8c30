/**
 * The guard's view of a conversation (agent/provenance.ts): every kind of stored message — a user
 * message and who wrote it, its attachments, a summary and what it carries, a tool result and what a
 * sub-agent's answer carries — is read from its stored provenance with today's settings, also lines
 * written before provenance existed. The settings here are a plain table standing in for the
 * extensions' *Brings outside content* marks (the host's version is tested in test/main/host/guard.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { contextOutside, messageOutside, provenanceToday, type TodaySettings } from '../../../src/main/agent/provenance'
import type { StoredMessage } from '../../../src/main/agent/session/storedMessage'
import type { ProvenanceSource } from '../../../src/shared/provenanceApi'

const at = '2026-01-01T00:00:00.000Z'
const common = (id: string) => ({ v: 1 as const, id, at, turnId: 't1' })

const mail: ProvenanceSource = { kind: 'extension', name: 'Mail', extensionId: 'mail' }
const web: ProvenanceSource = { kind: 'extension', name: 'Web', extensionId: 'web', tool: 'web__fetch', outside: 'open-world' }
const cursor: ProvenanceSource = { kind: 'connected-app', name: 'Cursor', outside: 'connected-app' }

/** Today's settings: which extensions bring outside content now (the person's mark), and the tools' extensions. */
function settings(outside: Record<string, boolean>): TodaySettings {
  const names: Record<string, string> = { mail: 'Mail', web: 'Web', notes: 'Notes' }
  return (source) => {
    if (source.kind !== 'extension' && source.kind !== 'mcp-app' && source.kind !== 'sub-agent') return source
    const extensionId = source.extensionId ?? source.tool?.split('__')[0]
    if (extensionId === undefined || !(extensionId in names)) return source
    const { outside: recorded, ...rest } = source
    const why = outside[extensionId] ? ('marked' as const) : recorded === 'open-world' ? ('open-world' as const) : undefined
    return { ...rest, extensionId, ...(source.kind === 'extension' ? { name: names[extensionId]! } : {}), ...(why ? { outside: why } : {}) }
  }
}

const user = (id: string, extra: Partial<Extract<StoredMessage, { kind: 'user' }>> = {}): StoredMessage => ({ ...common(id), kind: 'user', text: 'hi', ...extra })
const attachment = (extensionId: string, provenance?: { from: ProvenanceSource }) => ({ extensionId, uri: `${extensionId}://x`, size: 1, ...(provenance ? { provenance } : {}) })
const toolResult = (id: string, name: string, provenance?: { from: ProvenanceSource; carries?: ProvenanceSource[] }): StoredMessage => ({ ...common(id), kind: 'tool-result', callId: id, name, status: 'ok', content: [], ...(provenance ? { provenance } : {}) })
const summary = (id: string, carries: ProvenanceSource[]): StoredMessage => ({ ...common(id), kind: 'summary', text: 's', upTo: 'x', covered: 2, tokensBefore: 10, tokensAfter: 5, provenance: { from: { kind: 'model', name: 'm' }, carries } }) as StoredMessage

describe("the guard's view of a conversation, read with today's settings", () => {
  it("an earlier message's attachment counts once its extension is marked as bringing outside content, and stops counting when marked back", () => {
    const message = user('u1', { attachments: [attachment('mail', { from: mail })] })
    expect(messageOutside(message)).toEqual([])
    expect(messageOutside(message, settings({ mail: true }))).toEqual([{ ...mail, outside: 'marked' }])
    // Recorded as outside then, marked "No" now: today's setting decides.
    const recorded = user('u2', { attachments: [attachment('mail', { from: { ...mail, outside: 'marked' } })] })
    expect(messageOutside(recorded)).toEqual([{ ...mail, outside: 'marked' }])
    expect(messageOutside(recorded, settings({}))).toEqual([])
  })

  it('old lines without provenance are read from what they name: an attachment by its extension, a tool result by its tool', () => {
    expect(messageOutside(user('u1', { attachments: [attachment('mail')] }), settings({ mail: true }))).toEqual([{ kind: 'extension', name: 'Mail', extensionId: 'mail', outside: 'marked' }])
    expect(messageOutside(toolResult('r1', 'mail__read'), settings({ mail: true }))).toEqual([{ kind: 'extension', name: 'Mail', extensionId: 'mail', tool: 'mail__read', outside: 'marked' }])
    expect(messageOutside(toolResult('r1', 'mail__read'), settings({}))).toEqual([])
  })

  it("a user message's own source and what it carries (an App, a sub-agent's prompt) are read again too; a refused message never counts", () => {
    const app = user('u1', { from: 'App of Mail', provenance: { from: { kind: 'mcp-app', name: 'the App of Mail', extensionId: 'mail' } } })
    expect(messageOutside(app, settings({ mail: true }))).toEqual([{ kind: 'mcp-app', name: 'the App of Mail', extensionId: 'mail', outside: 'marked' }])
    const prompt = user('u2', { provenance: { from: { kind: 'sub-agent', name: 'Assistant', sessionId: 's0' }, carries: [{ ...mail, outside: 'marked' }] } })
    expect(messageOutside(prompt, settings({ mail: true })).map((s) => s.name)).toEqual(['Mail'])
    expect(messageOutside(prompt, settings({}))).toEqual([])
    expect(messageOutside(user('u3', { refusedBy: { hook: 'h', reason: 'r' }, attachments: [attachment('mail')] }), settings({ mail: true }))).toEqual([])
  })

  it('a summary carries what it stands for, each source read again; what is not a setting stays as recorded', () => {
    const note = summary('s1', [{ ...mail, outside: 'marked' }, web, cursor])
    expect(messageOutside(note).map((s) => s.name)).toEqual(['Mail', 'Web', 'Cursor'])
    // Mail marked back: gone. Web's tool declared the open world and Cursor is a connected app: neither is a setting.
    expect(messageOutside(note, settings({}))).toEqual([web, cursor])
    // An extension today's settings do not know (removed since): the record stands.
    const gone = { kind: 'extension' as const, name: 'Old', extensionId: 'old', outside: 'remote' as const }
    expect(messageOutside(summary('s2', [gone]), settings({}))).toEqual([gone])
  })

  it("a sub-agent's answer carries what it read; the whole context counts each source once, without set-aside messages", () => {
    const answer = toolResult('r1', 'agent-researcher__chat', { from: { kind: 'sub-agent', name: 'Researcher', extensionId: 'agent-researcher', tool: 'agent-researcher__chat' }, carries: [mail] })
    expect(messageOutside(answer, settings({ mail: true })).map((s) => [s.name, s.outside])).toEqual([['Mail', 'marked']])
    const history: StoredMessage[] = [user('u1', { attachments: [attachment('mail', { from: mail })] }), answer, user('u2'), { ...common('rw'), kind: 'rewind', from: 'u2', reason: 'edit' } as StoredMessage]
    expect(contextOutside(history, settings({ mail: true })).map((s) => s.name)).toEqual(['Mail'])
    expect(contextOutside(history.slice(0, 1).concat({ ...common('rw'), kind: 'rewind', from: 'u1', reason: 'edit' } as StoredMessage), settings({ mail: true }))).toEqual([])
  })

  it('what a new message records is its provenance read with today’s settings', () => {
    expect(provenanceToday({ from: { kind: 'mcp-app', name: 'the App of Mail', extensionId: 'mail' } }, settings({ mail: true }))).toEqual({ from: { kind: 'mcp-app', name: 'the App of Mail', extensionId: 'mail', outside: 'marked' } })
    expect(provenanceToday({ from: { kind: 'routine', name: 'Daily' }, carries: [{ ...mail, outside: 'marked' }] }, settings({}))).toEqual({ from: { kind: 'routine', name: 'Daily' } })
  })
})
