/** The shared JSON Schema validators: one dialect default, formats checked, compiled once per hash. */
import type { ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'
import { createSchemaValidators } from '../../../../src/main/extensions/catalog/schemaValidators'

function compiled(validate: ValidateFunction | Error): ValidateFunction {
  if (validate instanceof Error) throw validate
  return validate
}

describe('schema validators', () => {
  it('read a schema that names no dialect as 2020-12 (MCP default)', () => {
    const validate = compiled(createSchemaValidators().validatorFor({ type: 'array', prefixItems: [{ type: 'string' }] }))
    expect(validate([1])).toBe(false)
    expect(validate(['a', 2])).toBe(true)
  })

  it('read draft-07 when the schema names it, and a dialect-less draft-07 tuple rather than refusing it', () => {
    const validators = createSchemaValidators()
    const named = compiled(validators.validatorFor({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }] }))
    expect(named([1])).toBe(false)
    expect(named(['a'])).toBe(true)
    const unnamed = compiled(validators.validatorFor({ type: 'array', items: [{ type: 'number' }] }))
    expect(unnamed(['a'])).toBe(false)
    expect(unnamed([1])).toBe(true)
  })

  it.each([
    ['email', 'ann@example.org', 'not an address'],
    ['date-time', '2026-11-30T12:00:00Z', 'yesterday'],
    ['date', '2026-11-30', '30.11.2026'],
    ['uri', 'https://example.org/a', 'example org'],
    ['uuid', '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '1234'],
    ['ipv4', '192.168.0.1', '999.1.1.1'],
  ])('check the "%s" format with ajv-formats', (format, good, bad) => {
    const validate = compiled(createSchemaValidators().validatorFor({ type: 'string', format }))
    expect(validate(good)).toBe(true)
    expect(validate(bad)).toBe(false)
  })

  it('ignore a format they do not know', () => {
    expect(compiled(createSchemaValidators().validatorFor({ type: 'string', format: 'shoe-size' }))('42 EU')).toBe(true)
  })

  it('compile once per hash: an equal schema in another object or key order is not compiled again', () => {
    const validators = createSchemaValidators()
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }
    for (let i = 0; i < 3; i++) validators.validatorFor(schema)
    validators.validatorFor({ required: ['a'], properties: { a: { type: 'string' } }, type: 'object' })
    expect(validators.compileCount).toBe(1)
    validators.validatorFor({ ...schema, required: [] })
    expect(validators.compileCount).toBe(2)
    validators.validatorFor(schema, 'definition-2')
    expect(validators.compileCount).toBe(3)
  })

  it('keep two schemas with the same $id apart', () => {
    const validators = createSchemaValidators()
    const text = compiled(validators.validatorFor({ $id: 'https://example.org/s', type: 'string' }))
    const number = compiled(validators.validatorFor({ $id: 'https://example.org/s', type: 'number' }))
    expect([text('a'), number('a'), number(1)]).toEqual([true, false, true])
  })

  it('return an Error for a schema that cannot be compiled', () => {
    expect(createSchemaValidators().validatorFor({ type: 'object', properties: { a: { $ref: '#/nowhere' } } })).toBeInstanceOf(Error)
  })
})
