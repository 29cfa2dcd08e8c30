/** `annotations.audience` in tool results: parts only for the person never reach the model. */
import { describe, expect, it } from 'vitest'
import { isForModel, resultText, toModelOutput } from '../../../src/main/agent/toolResultContent'

describe('audience annotations in what the model reads', () => {
  it('drops parts marked only for the user and keeps the rest', () => {
    const content = [
      { type: 'text', text: 'for everyone' },
      { type: 'text', text: 'secret for the person', annotations: { audience: ['user'] } },
      { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
      { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
    ]
    expect(content.map(isForModel)).toEqual([true, false, true, true])
    const output = toModelOutput({ status: 'ok', content })
    expect(output).toEqual({ type: 'text', value: 'for everyone\nfor the model\nfor both' })
    expect(resultText(content)).not.toContain('secret for the person')
  })

  it('says so when every part was for the person', () => {
    const output = toModelOutput({ status: 'ok', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png', annotations: { audience: ['user'] } }] })
    expect(output).toEqual({ type: 'text', value: '(the tool returned content meant only for the person, which was shown to them)' })
    expect(toModelOutput({ status: 'ok', content: [] })).toEqual({ type: 'text', value: '(the tool returned no content)' })
  })
})
