/** Arguments checked against the tool's inputSchema with messages that name the field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createArgumentValidator } from '../../../../src/main/agent/turn/argumentValidation'
import { setLogSink } from '../../../../src/main/log/log'

const logLines: string[] = []
let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink((line) => logLines.push(line), 'debug')
})
afterAll(() => restoreLog())

const weather = {
  name: 'wx__forecast',
  definitionHash: 'h1',
  inputSchema: {
    type: 'object' as const,
    properties: {
      city: { type: 'string' },
      days: { type: 'integer', minimum: 1 },
      units: { enum: ['metric', 'imperial'] },
      options: { type: 'object', properties: { detail: { type: 'boolean' } }, additionalProperties: false },
    },
    required: ['city'],
  },
}

describe('argument validation', () => {
  const validator = createArgumentValidator()

  it('passes valid arguments through', () => {
    expect(validator.check(weather, { city: 'Oslo', days: 2 })).toEqual({ ok: true, arguments: { city: 'Oslo', days: 2 } })
  })

  it.each([
    [{}, 'missing required field "city"'],
    [{ city: 3 }, '"city" must be string'],
    [{ city: 'Oslo', days: 0 }, '"days" must be >= 1'],
    [{ city: 'Oslo', units: 'kelvin' }, '"units" must be one of: "metric", "imperial"'],
    [{ city: 'Oslo', options: { detail: true, extra: 1 } }, 'unknown field "options.extra"'],
    ['{"city": "Osl', 'must be a JSON object, not the text'],
    [[1, 2], 'must be a JSON object, not an array'],
  ])('%j → names the problem', (input, expected) => {
    const result = validator.check(weather, input)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.message).toContain(expected)
      expect(result.message).toMatch(/^Invalid arguments for wx__forecast: /)
    }
  })

  it('understands draft 2020-12 schemas', () => {
    const tool = { name: 'x__t', definitionHash: 'h2', inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' as const, properties: { list: { type: 'array', prefixItems: [{ type: 'string' }] } } } }
    expect(validator.check(tool, { list: [1] }).ok).toBe(false)
    expect(validator.check(tool, { list: ['a'] }).ok).toBe(true)
  })

  it('reads a schema without $schema as 2020-12 and checks formats, as the output check does', () => {
    const tool = { name: 'x__t', definitionHash: 'h4', inputSchema: { type: 'object' as const, properties: { list: { type: 'array', prefixItems: [{ type: 'string' }] }, email: { type: 'string', format: 'email' } } } }
    expect(validator.check(tool, { list: [1] }).ok).toBe(false)
    const badEmail = validator.check(tool, { email: 'not an address' })
    expect(badEmail.ok).toBe(false)
    if (!badEmail.ok) expect(badEmail.message).toContain('"email" must match format "email"')
    expect(validator.check(tool, { list: ['a'], email: 'ann@example.org' }).ok).toBe(true)
  })

  it('does not block a tool whose schema cannot be compiled (the server still validates)', () => {
    const tool = { name: 'x__broken', definitionHash: 'h3', inputSchema: { type: 'object' as const, properties: { a: { $ref: '#/nowhere' } } } }
    expect(validator.check(tool, { a: 1 })).toEqual({ ok: true, arguments: { a: 1 } })
    expect(logLines.filter((line) => line.includes('x__broken cannot be compiled'))).toHaveLength(1)
    // Compiled (and failed) once per definition hash: no second warning.
    validator.check(tool, { a: 2 })
    expect(logLines.filter((line) => line.includes('x__broken cannot be compiled'))).toHaveLength(1)
  })
})
