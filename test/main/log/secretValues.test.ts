/**
 * stringifyMasked / maskSecretValuesIn: every registered secret value is masked in strings and keys,
 * as it is and JSON-escaped; JSON with none of them in it is the plain JSON, made without walking the
 * value a second time (issue 33: every history read and every commit goes through here).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { REDACTED, createRedactor } from '../../../src/main/log/redact'
import { forgetSecretValue, maskSecretValuesIn, registerSecretValue, stringifyMasked } from '../../../src/main/log/secretValues'

const registered: string[] = []
const secret = (value: string) => {
  registerSecretValue(value)
  registered.push(value)
  return value
}
afterEach(() => registered.splice(0).forEach(forgetSecretValue))

/** `value` behind a proxy that counts how often its own keys are listed (JSON.stringify lists them once a walk). */
function counted<T extends object>(value: T): { value: T; walks: () => number } {
  let walks = 0
  const value_ = new Proxy(value, {
    ownKeys(target) {
      walks++
      return Reflect.ownKeys(target)
    },
  })
  return { value: value_, walks: () => walks }
}

describe('stringifyMasked', () => {
  it('masks a registered value in strings and keys, nested, and in its JSON-escaped form', () => {
    const plain = secret('plain-secret-0001')
    const quoted = secret('q"uo\\ted-secret')
    const value = { text: `before ${plain} after`, nested: [{ [plain]: 1, note: `say ${quoted}` }], at: new Date(0) }
    const masked = stringifyMasked(value)
    expect(masked).not.toContain(plain)
    expect(masked).not.toContain(JSON.stringify(quoted).slice(1, -1))
    expect(JSON.parse(masked)).toEqual({ text: `before ${REDACTED} after`, nested: [{ [REDACTED]: 1, note: `say ${REDACTED}` }], at: '1970-01-01T00:00:00.000Z' })
    expect(maskSecretValuesIn(value)).toEqual(JSON.parse(masked))
  })

  it('gives the plain JSON, walking the value once, when no registered value is in it', () => {
    secret('not-in-this-value-42')
    const { value, walks } = counted({ kind: 'assistant', text: 'hello', toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] })
    expect(stringifyMasked(value)).toBe(JSON.stringify({ kind: 'assistant', text: 'hello', toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }))
    // One walk: JSON.stringify's own (before: a second one, the replacer's Object.entries on every object).
    expect(walks()).toBe(1)
  })

  it('is undefined for undefined, as JSON.stringify is', () => {
    expect(stringifyMasked(undefined)).toBeUndefined()
  })
})

describe('Redactor.mayOccurIn', () => {
  it('is true where a registered value or its escaped form occurs, false elsewhere and with none registered', () => {
    const redactor = createRedactor()
    expect(redactor.mayOccurIn('anything at all')).toBe(false)
    redactor.register('line\nbreak-secret')
    expect(redactor.mayOccurIn(JSON.stringify({ a: 'x line\nbreak-secret y' }))).toBe(true)
    expect(redactor.mayOccurIn('x line\nbreak-secret y')).toBe(true)
    expect(redactor.mayOccurIn(JSON.stringify({ a: 'line break-secret' }))).toBe(false)
    // Repeated calls do not carry a global regex's position over.
    expect(redactor.mayOccurIn('line\nbreak-secret')).toBe(true)
    expect(redactor.mayOccurIn('line\nbreak-secret')).toBe(true)
    redactor.forget('line\nbreak-secret')
    expect(redactor.mayOccurIn('line\nbreak-secret')).toBe(false)
  })

  it('is always true while a value with a surrogate code unit is registered (its escaped form depends on its neighbour)', () => {
    const redactor = createRedactor()
    redactor.register('half-\uD83D')
    expect(redactor.mayOccurIn('nothing like it')).toBe(true)
  })
})
