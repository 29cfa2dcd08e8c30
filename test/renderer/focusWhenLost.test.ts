import { describe, expect, it } from 'vitest'
import { focusWhenLost } from '../../src/renderer/components/focusWhenLost'

function target() {
  const calls: string[] = []
  return { calls, element: { focus: () => calls.push('focus') } }
}

describe('focusWhenLost', () => {
  const body = { tag: 'body' }

  it('focuses the target when the focused element was removed (the focus fell back to body)', () => {
    const { calls, element } = target()
    focusWhenLost(element, { activeElement: body, body })
    expect(calls).toEqual(['focus'])
  })

  it('focuses the target when nothing is focused', () => {
    const { calls, element } = target()
    focusWhenLost(element, { activeElement: null, body })
    expect(calls).toEqual(['focus'])
  })

  it('leaves the focus where the person put it in the meantime (a confirm step opened elsewhere)', () => {
    const { calls, element } = target()
    focusWhenLost(element, { activeElement: { tag: 'button', text: 'Cancel' }, body })
    expect(calls).toEqual([])
  })

  it('does nothing without a target (the list is gone too)', () => {
    expect(() => focusWhenLost(null, { activeElement: body, body })).not.toThrow()
  })
})
