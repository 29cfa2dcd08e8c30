/** The routine contract's pure parts: the stricter of two permission modes (a routine never runs looser than its agent), and the limits' defaults. */
import { describe, expect, it } from 'vitest'
import { RoutineLimitsSchema, stricterMode } from '../../src/shared/routinesApi'

describe('routine limits', () => {
  it('a run takes the stricter of the routine’s and the agent’s mode, so a stricter global mode makes routines stricter too', () => {
    expect(stricterMode('autonomous', 'ask')).toBe('ask')
    expect(stricterMode('ask', 'autonomous')).toBe('ask')
    expect(stricterMode('smart', 'chat-only')).toBe('chat-only')
    expect(stricterMode('autonomous', 'smart')).toBe('smart')
    expect(stricterMode('ask', 'ask')).toBe('ask')
  })

  it('an unattended run defaults to Ask, the app’s approval time-out, and caps on calls, tokens and time', () => {
    expect(RoutineLimitsSchema.parse({})).toEqual({ mode: 'ask', maxToolCalls: 25, maxTokens: 200_000, maxMinutes: 30, approvalWaitMinutes: 5 })
    expect(() => RoutineLimitsSchema.parse({ maxToolCalls: 0 })).toThrow()
  })
})
