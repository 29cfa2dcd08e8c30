/**
 * A tool's effective decision for Settings → Permissions → Tools: runs / asks / never and why, as a
 * model's call would be decided, in words for the person (not the model's "do not call it again").
 */
import { describe, expect, it } from 'vitest'
import { effectiveDecision, type EffectiveFacts } from '../../../src/main/permissions/effectiveDecision'

const HASH = 'a'.repeat(64)
const base: EffectiveFacts = {
  toolName: 'everything__echo',
  extensionId: 'everything',
  names: { tool: '“Echo”', extension: 'Everything' },
  mode: 'smart',
  trust: 'untrusted',
  annotations: { readOnlyHint: true },
  toolPolicy: undefined,
  extensionPolicy: undefined,
  definitionHash: HASH,
  definition: 'unchanged',
}
const decide = (facts: Partial<EffectiveFacts>, rules = 0) => effectiveDecision({ ...base, ...facts }, rules)

describe('effectiveDecision', () => {
  it('follows the mode, and says why in names', () => {
    expect(decide({})).toEqual({ decision: 'asks', reason: 'Smart mode asks: “Echo” says it is read-only, but Everything is not a trusted extension, so that is not relied on.', rules: 0 })
    expect(decide({ trust: 'trusted' })).toMatchObject({ decision: 'runs', reason: 'Smart mode runs read-only tools of trusted extensions; “Echo” says it is read-only.' })
    expect(decide({ mode: 'autonomous' }).decision).toBe('runs')
    expect(decide({ mode: 'ask', trust: 'trusted' }).decision).toBe('asks')
    expect(decide({ mode: 'chat-only' })).toMatchObject({ decision: 'never', reason: 'Tools are off: the permission mode is Chat only.' })
  })

  it('says where a policy comes from, and that a changed or lapsed tool asks', () => {
    expect(decide({ toolPolicy: { policy: 'never' } })).toMatchObject({ decision: 'never', reason: 'Set to “never” for this tool.' })
    expect(decide({ extensionPolicy: 'never' })).toMatchObject({ decision: 'never', reason: 'Set to “never” for its extension, Everything.' })
    expect(decide({ extensionPolicy: 'ask', mode: 'autonomous' })).toMatchObject({ decision: 'asks', reason: 'Set to “ask every time” for its extension, Everything.' })
    expect(decide({ toolPolicy: { policy: 'always', hash: HASH, grantedAt: '2026-01-01T00:00:00.000Z' } })).toMatchObject({ decision: 'runs', reason: 'You chose “always allow” for this tool.' })
    expect(decide({ toolPolicy: { policy: 'always', hash: 'b'.repeat(64), grantedAt: '2026-01-01T00:00:00.000Z' } })).toMatchObject({ decision: 'asks', reason: expect.stringContaining('earlier definition') })
    expect(decide({ definition: 'changed', mode: 'autonomous' })).toMatchObject({ decision: 'asks', reason: expect.stringContaining('definition changed') })
  })

  it('passes on how many argument rules name the tool', () => {
    expect(decide({ mode: 'autonomous' }, 2)).toMatchObject({ decision: 'runs', rules: 2 })
  })
})
