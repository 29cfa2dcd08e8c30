/** The approval dialog shows assisted review's rating as it arrives, and offers "Allow for this session" when main does. */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ReviewView, ToolCallSubject } from '../../src/shared/hostApi'
import type { ToolCallApproval } from '../../src/renderer/components/consent/approvalQueue'
import { toolCallView } from '../../src/renderer/components/consent/toolCallView'

const subject: ToolCallSubject = {
  type: 'tool-call',
  callId: 'c1',
  toolName: 'files__read_file',
  arguments: { path: '~/Notes/a.md' },
  hints: { readOnly: true, destructive: false, openWorld: false },
  trust: 'untrusted',
  reasons: ['Smart mode asks.'],
  findings: [],
  expiresAt: '2099-01-01T00:00:00.000Z',
}

function view(review: ReviewView | undefined, decisions: ToolCallApproval['decisions'] = ['allow_once', 'allow_session', 'allow_always', 'deny']) {
  const approval: ToolCallApproval = {
    kind: 'approval',
    id: 'a1',
    created: 1,
    origin: { extensionId: 'files', extensionName: 'Files', tool: 'files__read_file', caller: { kind: 'model' } },
    message: '',
    subject: { ...subject, ...(review ? { review } : {}) },
    decisions,
  }
  return toolCallView({ approval, position: { index: 1, total: 1 }, busy: false, onAnswer: () => undefined, sameTurn: [], onReviewAll: () => undefined })
}

const text = (node: ReactNode) =>
  renderToStaticMarkup(createElement('div', null, node))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('assisted review in the approval dialog', () => {
  it('says the model is rating, then shows the risk and its sentence, or that it could not rate', () => {
    expect(text(view({ status: 'rating', provider: 'ollama', model: 'llama3.2' }).body)).toContain('Assisted review: llama3.2 (ollama) is rating this call…')
    const rated = text(view({ status: 'rated', risk: 'high', reason: 'It could send the file elsewhere.', provider: 'ollama', model: 'llama3.2' }).body)
    expect(rated).toContain('High risk')
    expect(rated).toContain('It could send the file elsewhere.')
    expect(text(view({ status: 'failed', error: 'timed out', provider: 'ollama', model: 'llama3.2' }).body)).toContain('could not rate this call (timed out). Decide as usual.')
    expect(text(view(undefined).body)).not.toContain('Assisted review')
  })

  it('offers "Allow for this session" beside Allow once and Always allow, only when main offers it', () => {
    expect(text(view(undefined).actions(true))).toMatch(/Deny.*Allow once.*Allow for this session.*Always allow/)
    expect(text(view(undefined, ['allow_once', 'deny']).actions(true))).not.toContain('Allow for this session')
  })
})
