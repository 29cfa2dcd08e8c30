/** *Test* in Settings → Hooks: what the hook decided, changed and warned about, as readable text rather than the raw answer. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HookTestResultView } from '../../../src/renderer/components/hooks/HookTestResult'

/** The text a reader sees, tags taken out. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

describe('the result of a hook test', () => {
  it('says the decision, what changed and why, and the warnings in words', () => {
    const text = textOf(
      renderToStaticMarkup(
        createElement(HookTestResultView, {
          result: {
            decision: 'deny',
            reason: 'the hook failed: Input validation error',
            payload: { sessionId: 's', text: 'to [email]' },
            changes: [{ hook: 'Redact PII', field: 'text', reason: 'removed e-mail addresses' }],
            warnings: ['Its tool "hk__strict" cannot take this payload: unknown field "mood" (not in the schema). A turn would fail the same way.'],
          },
        }),
      ),
    )
    expect(text).toContain('Refused : the hook failed: Input validation error')
    expect(text).toContain('Changed by hook Redact PII : the message — removed e-mail addresses')
    expect(text).toContain('Its tool "hk__strict" cannot take this payload: unknown field "mood"')
    expect(text).toContain('What goes on, as the hook left it:')
    expect(text).toContain('"text": "to [email]"')
    // The answer is read out, not dumped: no raw keys of the result.
    expect(text).not.toMatch(/"decision"|"changes"|"warnings"/)
  })

  it('a hook that allowed and changed nothing says so', () => {
    const text = textOf(renderToStaticMarkup(createElement(HookTestResultView, { result: { decision: 'allow', payload: { text: 'hi' }, changes: [], warnings: [] } })))
    expect(text).toContain('Goes on')
    expect(text).toContain('It changed nothing.')
  })
})
