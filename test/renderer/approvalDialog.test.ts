/**
 * The approval dialog names who asks, with its kind, in every approval, and its count holds across
 * the batch being answered. (That a one-time token is never covered: test/e2e/connectedApps.)
 */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Caller, ExtensionStartSubject, HookSubject, SamplingSubject, ToolCallSubject } from '../../src/shared/hostApi'
import { batchAfter, batchPosition, sameTurn, type ToolCallApproval } from '../../src/renderer/components/consent/approvalQueue'
import { reviewView } from '../../src/renderer/components/consent/reviewView'
import { toolCallView } from '../../src/renderer/components/consent/toolCallView'
import { extensionStartView } from '../../src/renderer/components/consent/extensionStartView'
import { samplingView } from '../../src/renderer/components/consent/samplingView'
import { hookView } from '../../src/renderer/components/consent/hookView'
import { connectedAppApprovalView, type ConnectedAppApproval } from '../../src/renderer/components/connectedApps/connectedAppApprovalView'

const expiresAt = '2099-01-01T00:00:00.000Z'
const toolSubject: ToolCallSubject = {
  type: 'tool-call',
  callId: 'c1',
  toolName: 'perm__write_note',
  arguments: { text: 'hi' },
  hints: { readOnly: false, destructive: true, openWorld: false },
  trust: 'untrusted',
  reasons: ['Smart mode asks.'],
  findings: [],
  expiresAt,
}

function toolCall(caller: Caller, id = 'a1'): ToolCallApproval {
  return { kind: 'approval', id, created: 1, origin: { extensionId: 'perm', extensionName: 'perm', tool: 'perm__write_note', caller }, message: '', subject: toolSubject, decisions: ['allow_once', 'deny'] }
}

/** What a heading reads: the markup's text, tags dropped, entities decoded. */
const text = (node: ReactNode) =>
  renderToStaticMarkup(createElement('h2', null, node))
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
const single = { index: 1, total: 1 }
const quiet = { busy: false, onAnswer: () => undefined }
const titleOf = (caller: Caller) => text(toolCallView({ approval: toolCall(caller), position: single, ...quiet, sameTurn: [], onReviewAll: () => undefined }).title)

describe('every approval names who asks', () => {
  it.each<[string, Caller, string]>([
    ['a connected app', { kind: 'connected-app', name: 'Cursor' }, 'Cursor (a connected app) asks to run “write_note” from perm'],
    ['a connected app named like the agent', { kind: 'connected-app', name: 'Assistant' }, 'Assistant (a connected app) asks to run “write_note” from perm'],
    ['the model in a session', { kind: 'model', sessionId: 's1', sessionTitle: 'Notes' }, 'The model in “Notes” asks to run “write_note” from perm'],
    ['a sub-agent', { kind: 'agent-chain', chain: ['Assistant', 'Researcher'] }, 'Agent Researcher (via Assistant → Researcher) asks to run “write_note” from perm'],
    ['an MCP App', { kind: 'mcp-app', app: 'Get Time', extensionName: 'Basic' }, 'The App “Get Time” of extension Basic asks to run “write_note” from perm'],
    ['the person', { kind: 'person' }, 'You asked to run “write_note” from perm'],
  ])('a tool call from %s', (_, caller, title) => {
    expect(titleOf(caller)).toBe(title)
  })

  it("sets the caller's name apart and shows its hidden characters", () => {
    const html = renderToStaticMarkup(createElement('h2', null, toolCallView({ approval: toolCall({ kind: 'connected-app', name: 'Assis\u202Etant' }), position: single, ...quiet, sameTurn: [], onReviewAll: () => undefined }).title))
    expect(html).toContain('<em>Assis<mark')
    expect(html).toContain('⟦U+202E⟧</mark>tant</em> (a connected app) asks')
  })

  it('an extension start, a sampling request, a hook and a connection request name who asks too', () => {
    const base = { kind: 'approval' as const, id: 'x', created: 1, message: '', decisions: ['allow_once' as const, 'deny' as const] }
    const start: ExtensionStartSubject = { type: 'extension-start', extensionType: 'stdio', command: 'node', args: [], warnings: [] }
    const extension = { extensionId: 'everything', extensionName: 'Everything', caller: { kind: 'extension', name: 'Everything' } as const }
    expect(text(extensionStartView({ approval: { ...base, origin: extension, subject: start }, position: single, ...quiet }).title)).toBe('The extension “Everything” asks to run on this computer')
    const remote: ExtensionStartSubject = { type: 'extension-start', extensionType: 'streamable-http', url: 'https://docs.example', warnings: [] }
    expect(text(extensionStartView({ approval: { ...base, origin: extension, subject: remote }, position: single, ...quiet }).title)).toBe('The extension “Everything” asks to connect to its server')
    const sampling: SamplingSubject = { type: 'sampling', messages: [{ role: 'user', text: 'Say hi' }], maxTokens: 20 }
    expect(text(samplingView({ approval: { ...base, origin: extension, subject: sampling }, position: single, ...quiet }).title)).toBe('The extension “Everything” asks to use your model')
    const hook: HookSubject = { type: 'hook', hookName: 'Audit', event: 'tool-call', target: 'log__write', observeOnly: true, sees: "every tool call's name and arguments" }
    const hookOrigin = { extensionId: 'log', extensionName: 'Log', caller: { kind: 'hook', name: 'Audit' } as const }
    expect(text(hookView({ approval: { ...base, origin: hookOrigin, subject: hook }, position: single, ...quiet }).title)).toBe("Hook “Audit” asks to see every tool call's name and arguments")
    const knock: ConnectedAppApproval = { ...base, origin: { extensionId: 'connected-apps', extensionName: 'Cursor', caller: { kind: 'connected-app', name: 'Cursor' } }, subject: { type: 'connected-app', clientName: 'Cursor', agents: [], tools: 'none' } }
    expect(text(connectedAppApprovalView({ approval: knock, position: single, ...quiet }).title)).toBe('Cursor (a connected app) asks to use Switchboard')
  })
})

describe("a turn's calls, reviewed together", () => {
  const inSession = (caller: Caller, id: string): ToolCallApproval => ({ ...toolCall(caller, id), origin: { ...toolCall(caller, id).origin, sessionId: 's1' } })
  const model = { kind: 'model', sessionId: 's1', sessionTitle: 'Notes' } as const

  it("are only the turn's own: an App's call in the same session asks on its own", () => {
    const pending = [inSession(model, 'm1'), inSession({ kind: 'mcp-app', app: 'Get Time', extensionName: 'Basic' }, 'a1'), inSession(model, 'm2')]
    expect(sameTurn(pending, pending[0]!).map((approval) => approval.id)).toEqual(['m1', 'm2'])
    expect(sameTurn(pending, pending[1]!)).toEqual([])
  })

  it('the review names who asks, and so does the note offering it', () => {
    const items = [inSession(model, 'm1'), inSession(model, 'm2')]
    const review = reviewView({ session: 's1', items, busy: false, reviewed: false, onSeenAll: () => undefined, onDeny: () => undefined, onAllowOnce: () => undefined, onBack: () => undefined })
    expect(text(review.title)).toBe('The model in “Notes” asks to run 2 calls in this turn')
    const single = toolCallView({ approval: items[0]!, position: { index: 1, total: 2 }, ...quiet, sameTurn: items, onReviewAll: () => undefined })
    expect(text(single.body)).toContain('The model in “Notes” made 2 calls in this turn that wait for you.')
  })
})

describe('the count of a batch', () => {
  /** The footer note of the first waiting call, after the queue went through `steps` (ids waiting at each step). */
  function counts(steps: string[][]): string[] {
    let batch: readonly string[] = []
    return steps.map((waiting) => {
      batch = batchAfter(batch, waiting)
      if (waiting.length === 0) return '(closed)'
      const view = toolCallView({ approval: toolCall({ kind: 'model' }, waiting[0]), position: batchPosition(batch, waiting), ...quiet, sameTurn: [], onReviewAll: () => undefined })
      return text(view.footerNote).split('·')[0]!.trim()
    })
  }

  it('holds while requests are answered: 1 of 3, 2 of 3, 3 of 3', () => {
    expect(counts([['a', 'b', 'c'], ['b', 'c'], ['c'], []])).toEqual(['Request 1 of 3', 'Request 2 of 3', 'Request 3 of 3', '(closed)'])
  })

  it('grows when more arrive, and starts over once nothing waits', () => {
    expect(counts([['a', 'b'], ['b', 'c'], ['c'], [], ['d']])).toEqual(['Request 1 of 2', 'Request 2 of 3', 'Request 3 of 3', '(closed)', 'Escape denies.'])
  })

  it('gives the same batch back when nothing changed (no needless re-render)', () => {
    const batch = batchAfter([], ['a', 'b'])
    expect(batchAfter(batch, ['b'])).toBe(batch)
    expect(batchAfter(batch, ['a', 'b'])).toBe(batch)
  })
})
