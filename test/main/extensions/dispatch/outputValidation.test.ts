/**
 * Structured output (spec: outputSchema → validate structuredContent): the validator on its own,
 * then through real dispatch against the stdio fixture server (good, bad, missing) and against
 * server-everything's get-structured-content.
 */
import type { CallToolResult } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { OutputValidator } from '../../../../src/main/extensions/dispatch/outputValidation'
import { toModelResult } from '../../../../src/main/extensions/dispatch/toolDispatch'
import { everythingPath, fixture, npmServer, stopAllManagers, testCore, until, untilStatus } from '../harness'

afterEach(stopAllManagers)

const weatherSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { temperature: { type: 'number' }, when: { type: 'string', format: 'date-time' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['temperature'],
  additionalProperties: false,
}
const ok = (structuredContent: Record<string, unknown>): CallToolResult => ({ content: [{ type: 'text', text: 'x' }], structuredContent })
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text

describe('OutputValidator', () => {
  it('passes a matching result through unchanged and names the failing paths of one that does not match', () => {
    const validator = new OutputValidator()
    const tool = { toolName: 'weather', outputSchema: weatherSchema }
    const good = ok({ temperature: 21.5, when: '2026-11-30T12:00:00Z', tags: ['mild'] })
    expect(validator.check(tool, good)).toBe(good)

    const bad = validator.check(tool, ok({ temperature: 'warm', when: 'yesterday', tags: [1], extra: true }))
    expect(bad.isError).toBe(true)
    expect(text(bad)).toMatch(/^"weather" returned structured content that does not match its outputSchema: /)
    expect(text(bad)).toContain('structuredContent/temperature must be number')
    expect(text(bad)).toMatch(/\(and \d+ more\)/)

    const formats = validator.check(tool, ok({ temperature: 1, when: 'yesterday' }))
    expect(text(formats)).toContain('structuredContent/when must match format "date-time"')
    const extra = validator.check(tool, ok({ temperature: 1, extra: true }))
    expect(text(extra)).toContain('structuredContent must NOT have additional properties ("extra")')
  })

  it('requires structuredContent when an outputSchema is declared, but leaves tool errors and schemaless tools alone', () => {
    const validator = new OutputValidator()
    const missing = validator.check({ toolName: 'weather', outputSchema: weatherSchema }, { content: [{ type: 'text', text: '{}' }] })
    expect(text(missing)).toMatch(/declares an outputSchema but returned no structuredContent/)
    const failed: CallToolResult = { isError: true, content: [{ type: 'text', text: 'no' }] }
    expect(validator.check({ toolName: 'weather', outputSchema: weatherSchema }, failed)).toBe(failed)
    const plain = ok({ anything: 1 })
    expect(validator.check({ toolName: 'plain' }, plain)).toBe(plain)
  })

  it('compiles once per schema hash (a changed definition compiles again), and handles draft-07 and broken schemas', () => {
    const validator = new OutputValidator()
    const tool = { toolName: 'weather', outputSchema: weatherSchema }
    for (let i = 0; i < 5; i++) validator.check(tool, ok({ temperature: i }))
    validator.check({ toolName: 'weather', outputSchema: { ...weatherSchema } }, ok({ temperature: 1 }))
    expect(validator.compileCount).toBe(1)
    validator.check({ toolName: 'weather', outputSchema: { ...weatherSchema, required: [] } }, ok({ temperature: 1 }))
    expect(validator.compileCount).toBe(2)

    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } } }
    expect(validator.check({ toolName: 'old', outputSchema: draft7 }, ok({ pair: ['a', 1] })).isError).toBeUndefined()
    expect(text(validator.check({ toolName: 'old', outputSchema: draft7 }, ok({ pair: [1, 'a'] })))).toContain('structuredContent/pair/0 must be string')

    const broken = validator.check({ toolName: 'broken', outputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } } }, ok({ a: 1 }))
    expect(text(broken)).toMatch(/has an outputSchema that cannot be used/)
  })
})

describe('structured output through dispatch', () => {
  it('the fixture server: good output passes, bad output and missing output become errors the model can fix', async () => {
    const core = testCore([fixture('fixture', 'normal', ['--structured'])])
    await untilStatus(core.manager, 'fixture', 'ready')
    await until(() => core.cache.lookup('fixture__structured') !== undefined, 'the structured tool')

    const good = await core.dispatcher.call({ name: 'fixture__structured', arguments: { shape: 'good' } })
    expect(good.status === 'ok' && good.result.structuredContent).toEqual({ city: 'Oslo', readings: [{ hour: 9, celsius: 3.5 }, { hour: 12, celsius: 6 }] })

    const bad = toModelResult(await core.dispatcher.call({ name: 'fixture__structured', arguments: { shape: 'bad' } }))
    expect(bad.isError).toBe(true)
    expect(text(bad)).toContain('structuredContent/city must be string')
    expect(text(bad)).toContain('structuredContent/readings/0/celsius must be number')
    expect(bad.structuredContent).toBeUndefined()

    const missing = toModelResult(await core.dispatcher.call({ name: 'fixture__structured', arguments: { shape: 'missing' } }))
    expect(text(missing)).toMatch(/declares an outputSchema but returned no structuredContent/)
    expect(core.dispatcher.outputs.compileCount).toBe(1)
  })

  it('server-everything: get-structured-content is validated against its declared outputSchema', async () => {
    const core = testCore([npmServer('everything', everythingPath, ['stdio'])])
    await untilStatus(core.manager, 'everything', 'ready')
    await until(() => core.cache.lookup('everything__get-structured-content') !== undefined, 'get-structured-content')
    expect(core.cache.lookup('everything__get-structured-content')?.outputSchema).toBeDefined()
    const outcome = await core.dispatcher.call({ name: 'everything__get-structured-content', arguments: { location: 'Chicago' } })
    expect(outcome.status).toBe('ok')
    const result = toModelResult(outcome)
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 })
    expect(core.dispatcher.outputs.compileCount).toBe(1)
  })
})
