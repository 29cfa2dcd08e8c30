/** The mutation trail as the window shows it: under a sent message, and on the tool card of a changed call. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ToolCallArguments, ToolCallCard } from '../../../src/renderer/components/chat/ToolCallCard'
import { UserMessage } from '../../../src/renderer/components/chat/UserMessage'

describe('the hook trail in the window', () => {
  it('names the hook, what it changed and why under a message; a refused message says so', () => {
    const html = renderToStaticMarkup(
      createElement(UserMessage, { text: 'Mail [email]', hookChanges: [{ hook: 'Redact PII', field: 'text', reason: 'removed e-mail addresses' }], refusedBy: { hook: 'Gate', reason: 'off topic' } }),
    )
    expect(html).toContain('Changed by hook <em class="font-medium">Redact PII</em>: the message — removed e-mail addresses')
    expect(html).toContain('Refused by hook <em class="font-medium">Gate</em>: off topic — not sent to the model.')
  })

  it('shows the trail on the tool card, and nothing when no hook changed the call', () => {
    const call = { callId: 'c1', toolName: 'fx__echo', arguments: { text: 'rewritten' }, state: 'done' as const }
    const changed = renderToStaticMarkup(createElement(ToolCallCard, { call: { ...call, hookChanges: [{ hook: 'Style', field: 'arguments', reason: 'house style' }] } }))
    expect(changed).toContain('Changed by hook <em class="font-medium">Style</em>: the arguments — house style')
    expect(renderToStaticMarkup(createElement(ToolCallCard, { call }))).not.toContain('Changed by hook')
  })

  it('the card shows the arguments the call ran with, which hook changed them, and the model\'s own apart', () => {
    const call = { callId: 'c2', toolName: 'fx__echo', arguments: { text: 'rewritten' }, modelArguments: { text: 'original' }, state: 'done' as const, hookChanges: [{ hook: 'Style', field: 'arguments', reason: 'house style' }] }
    // The closed card's summary is what ran.
    expect(renderToStaticMarkup(createElement(ToolCallCard, { call }))).toContain('text: &quot;rewritten&quot;')
    const html = renderToStaticMarkup(createElement(ToolCallArguments, { call }))
    const [ran, model] = html.split('The model&#x27;s arguments')
    expect(ran).toContain('Changed by hook <em class="font-medium">“Style”</em>: these are the arguments it ran with')
    expect(ran).toContain('&quot;rewritten&quot;')
    expect(ran).not.toContain('original')
    expect(model).toContain('&quot;original&quot;')
    // A call that ran as the model made it shows no such line.
    const plain = renderToStaticMarkup(createElement(ToolCallArguments, { call: { callId: 'c2', toolName: 'fx__echo', arguments: { text: 'original' }, state: 'done' as const } }))
    expect(plain).toContain('&quot;original&quot;')
    expect(plain).not.toContain('ran with')
  })
})
