/** The chain only tightens; the repetition inspector stops loops with a message the model can act on. */
import { describe, expect, it } from 'vitest'
import { runInspectors, type Inspector } from '../../../../src/main/permissions/inspectors/inspectorChain'
import { createRepetitionInspector, repetitionRefusal } from '../../../../src/main/permissions/inspectors/repetitionInspector'
import { checkPin } from '../../../../src/main/permissions/toolPins'
import type { InspectorName, ToolCallRequest, Verdict } from '../../../../src/main/permissions/types'
import { call } from '../callFixtures'

const context = (c: ToolCallRequest) => ({ pin: checkPin(c.toolName, undefined, c.tool) })

function fixed(name: InspectorName, verdict: Verdict, seen?: string[]): Inspector {
  return {
    name,
    inspect: () => {
      seen?.push(name)
      return { verdict, reasons: [`${name} says ${verdict}`], findings: [] }
    },
  }
}

describe('inspector chain', () => {
  const verdicts: Verdict[] = ['allow', 'ask', 'deny']
  const combos = verdicts.flatMap((a) => verdicts.flatMap((b) => verdicts.map((c) => [a, b, c] as const)))
  const rank = (v: Verdict) => verdicts.indexOf(v)

  it.each(combos)('security %s → repetition %s → permission %s: the strictest wins', (a, b, c) => {
    const c1 = call()
    const decision = runInspectors([fixed('security', a), fixed('repetition', b), fixed('permission', c)], c1, context(c1))
    const strictest = [a, b, c].reduce((x, y) => (rank(y) > rank(x) ? y : x))
    expect(decision.verdict).toBe(strictest)
    // Reasons come from the inspectors that reached the final verdict, in chain order.
    expect(decision.reasons).toEqual(
      (
        [
          ['security', a],
          ['repetition', b],
          ['permission', c],
        ] as const
      )
        .filter(([, v]) => v === strictest)
        .map(([n, v]) => `${n} says ${v}`),
    )
  })

  it('a later "allow" never loosens an earlier deny or ask, and every inspector still runs', () => {
    const seen: string[] = []
    const c1 = call()
    expect(runInspectors([fixed('security', 'deny', seen), fixed('repetition', 'allow', seen), fixed('permission', 'allow', seen)], c1, context(c1)).verdict).toBe('deny')
    expect(runInspectors([fixed('security', 'ask', seen), fixed('repetition', 'allow', seen), fixed('permission', 'allow', seen)], c1, context(c1)).verdict).toBe('ask')
    expect(seen).toEqual(['security', 'repetition', 'permission', 'security', 'repetition', 'permission'])
  })

  it('carries the definition hash and the change into the decision', () => {
    const c1 = call()
    const decision = runInspectors([], c1, context(c1))
    expect(decision).toMatchObject({ verdict: 'allow', definitionHash: expect.stringMatching(/^[0-9a-f]{64}$/), steps: [] })
    expect(decision.changed).toBeUndefined()
  })
})

describe('repetition inspector', () => {
  const run = (inspector: Inspector, c: ToolCallRequest) => inspector.inspect(c, context(c)).verdict

  it('denies the 5th identical call in a row, and keeps denying while the model insists', () => {
    const inspector = createRepetitionInspector()
    const same = () => call({ arguments: { path: '/a', options: { x: 1, y: 2 } } })
    expect([1, 2, 3, 4].map(() => run(inspector, same()))).toEqual(['allow', 'allow', 'allow', 'allow'])
    const fifth = inspector.inspect(same(), context(same()))
    expect(fifth.verdict).toBe('deny')
    expect(fifth.reasons[0]).toMatch(/^Not run: this is call number 5 in a row to files__read_file with exactly the same arguments\. .*change the arguments/)
    // The rule itself is explained where it triggers: which call, that always-allow does not lift it, and what resets it.
    expect(fifth.reasons[0]).toContain('Switchboard refuses the 5th identical call in a row in a conversation, even for tools that are always allowed')
    expect(fifth.reasons[0]).toContain('a call with other arguments or to another tool, or a new message from the person, starts the count again')
    expect(run(inspector, same())).toBe('deny')
    expect(['2', '3', '11', '21', '22'].map((n) => repetitionRefusal('t', Number(n), Number(n)).match(/refuses the (\w+) identical/)?.[1])).toEqual(['2nd', '3rd', '11th', '21st', '22nd'])
  })

  it('compares arguments canonically: key order does not make a call different', () => {
    const inspector = createRepetitionInspector(3)
    expect(run(inspector, call({ arguments: { a: 1, b: { c: 2, d: 3 } } }))).toBe('allow')
    expect(run(inspector, call({ arguments: { b: { d: 3, c: 2 }, a: 1 } }))).toBe('allow')
    expect(run(inspector, call({ arguments: { a: 1, b: { c: 2, d: 3 } } }))).toBe('deny')
  })

  it.each([
    ['different arguments', call({ arguments: { path: '/b' } })],
    ['another tool', call({ toolName: 'files__stat', arguments: { path: '/a' } })],
  ])('resets the count on %s', (_what, other) => {
    const inspector = createRepetitionInspector(3)
    const same = () => call({ arguments: { path: '/a' } })
    run(inspector, same())
    run(inspector, same())
    expect(run(inspector, other)).toBe('allow')
    expect(run(inspector, same())).toBe('allow')
    expect(run(inspector, same())).toBe('allow')
    expect(run(inspector, same())).toBe('deny')
  })

  it('counts per session, ignores calls the person makes, and forgets deleted sessions', () => {
    const inspector = createRepetitionInspector(2)
    expect(run(inspector, call({ sessionId: 'a' }))).toBe('allow')
    expect(run(inspector, call({ sessionId: 'b' }))).toBe('allow')
    expect(run(inspector, call({ origin: 'person' }))).toBe('allow')
    expect(run(inspector, call({ origin: 'person' }))).toBe('allow')
    inspector.forgetSession('a')
    expect(run(inspector, call({ sessionId: 'a' }))).toBe('allow')
    expect(run(inspector, call({ sessionId: 'a' }))).toBe('deny')
  })

  it('refuses a limit that would deny every call', () => {
    expect(() => createRepetitionInspector(1)).toThrow(/at least 2/)
  })
})
