/**
 * Smaller definitions, same meaning (issue 32 item 5): what slimSchema leaves out, what it keeps, and
 * on the 327 real definitions of bench/fixtures/toolCatalog.json that every sample argument validates
 * the same against the slim schema as against the server's original, and how many tokens that saves.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { slimSchema } from '../../../src/main/agent/slimSchema'
import { createSchemaValidators } from '../../../src/main/extensions'
import { definitionTokens } from '../../../src/main/agent/toolSearch'
import { stripInvisibleProse } from '../../../src/shared/invisibleText'

type Schema = Record<string, unknown>

describe('slimSchema', () => {
  it('drops $schema, additionalProperties: true and titles that repeat the property name', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      title: 'search_toolArguments',
      properties: {
        max_results: { type: 'integer', title: 'Max Results' },
        query: { type: 'string', title: 'Query' },
        sort: { type: 'string', title: 'Order of the results' },
        filter: { type: 'object', additionalProperties: true },
        strict: { type: 'object', additionalProperties: false },
      },
      required: ['query'],
      additionalProperties: true,
    }
    expect(slimSchema(schema)).toEqual({
      type: 'object',
      title: 'search_toolArguments',
      properties: {
        max_results: { type: 'integer' },
        query: { type: 'string' },
        sort: { type: 'string', title: 'Order of the results' },
        filter: { type: 'object' },
        strict: { type: 'object', additionalProperties: false },
      },
      required: ['query'],
    })
  })

  it('leaves properties that are named like keywords alone', () => {
    const schema = {
      type: 'object',
      properties: { title: { type: 'string', title: 'Title' }, additionalProperties: true, $schema: { type: 'string' } },
      additionalProperties: false,
    }
    expect(slimSchema(schema)).toEqual({
      type: 'object',
      properties: { title: { type: 'string' }, additionalProperties: true, $schema: { type: 'string' } },
      additionalProperties: false,
    })
  })

  it('keeps additionalProperties: true where unevaluatedProperties would see it', () => {
    const schema = { type: 'object', allOf: [{ properties: { a: { type: 'string' } }, additionalProperties: true }], unevaluatedProperties: false }
    expect(slimSchema(schema)).toEqual(schema)
  })

  it('inlines a $defs entry used once, keeps one used twice, and drops the emptied $defs', () => {
    const schema = {
      type: 'object',
      properties: {
        parent: { $ref: '#/$defs/Parent', description: 'Where it goes' },
        a: { $ref: '#/$defs/Text' },
        b: { $ref: '#/$defs/Text' },
      },
      $defs: {
        Parent: { title: 'Parent', type: 'object', properties: { id: { $ref: '#/$defs/Id' } }, required: ['id'] },
        Id: { type: 'string', minLength: 1 },
        Text: { type: 'string' },
      },
    }
    expect(slimSchema(schema)).toEqual({
      type: 'object',
      properties: {
        parent: { type: 'object', properties: { id: { type: 'string', minLength: 1 } }, required: ['id'], description: 'Where it goes' },
        a: { $ref: '#/$defs/Text' },
        b: { $ref: '#/$defs/Text' },
      },
      $defs: { Text: { type: 'string' } },
    })
  })

  it('leaves recursive entries, references with validating siblings and unknown pointers where they are', () => {
    const recursive = { type: 'object', properties: { node: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } } }
    expect(slimSchema(recursive)).toEqual(recursive)
    const sibling = { type: 'object', properties: { a: { $ref: '#/definitions/A', maxLength: 3 } }, definitions: { A: { type: 'string' } } }
    expect(slimSchema(sibling)).toEqual(sibling)
    const pointer = { type: 'object', properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A/properties/x' } }, $defs: { A: { type: 'object', properties: { x: { type: 'string' } } } } }
    expect(slimSchema(pointer)).toEqual(pointer)
  })

  it('does not change its input', () => {
    const schema = { $schema: 'x', type: 'object', properties: { q: { title: 'Q', $ref: '#/$defs/Q' } }, $defs: { Q: { type: 'string' } }, additionalProperties: true }
    const before = structuredClone(schema)
    slimSchema(schema)
    expect(schema).toEqual(before)
  })
})

// ── The 327 real definitions ──────────────────────────────────────────────────────────────────

interface FixtureTool {
  server: string
  name: string
  description: string
  inputSchema: Schema
}
const fixture = JSON.parse(readFileSync(new URL('../../../bench/fixtures/toolCatalog.json', import.meta.url), 'utf8')) as FixtureTool[]

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The entry a local `$ref` points to (`#/...`), or the schema itself. */
function resolve(schema: Schema, root: Schema): Schema {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema
  let target: unknown = root
  for (const part of schema.$ref.slice(2).split('/')) target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  return isObject(target) ? target : schema
}

/** A value meant to fit `schema` (every property filled in), so the samples reach deep into it. */
function sample(schema: unknown, root: Schema, depth = 0): unknown {
  if (!isObject(schema) || depth > 6) return 'x'
  const node = resolve(schema, root)
  if ('const' in node) return node.const
  if (Array.isArray(node.enum)) return node.enum[0]
  if ('default' in node) return node.default
  const choice = (node.anyOf ?? node.oneOf) as unknown[] | undefined
  if (Array.isArray(choice)) return sample(choice[0], root, depth + 1)
  if (Array.isArray(node.allOf)) return Object.assign({}, ...node.allOf.map((part) => sample(part, root, depth + 1)).filter(isObject))
  const type = Array.isArray(node.type) ? node.type[0] : node.type
  if (type === 'object' || isObject(node.properties)) {
    return Object.fromEntries(Object.entries((node.properties as Schema | undefined) ?? {}).map(([name, property]) => [name, sample(property, root, depth + 1)]))
  }
  if (type === 'array') return [sample(Array.isArray(node.items) ? node.items[0] : node.items, root, depth + 1)]
  if (type === 'integer' || type === 'number') return typeof node.minimum === 'number' ? node.minimum : 1
  if (type === 'boolean') return true
  if (type === 'null') return null
  if (node.format === 'date-time') return '2026-01-02T03:04:05Z'
  if (node.format === 'date') return '2026-01-02'
  if (node.format === 'uri' || node.format === 'url') return 'https://example.com/a'
  if (node.format === 'email') return 'a@example.com'
  return 'x'.repeat(typeof node.minLength === 'number' ? Math.max(1, node.minLength) : 1)
}

/** The sample, and variations of it that should fail somewhere: each property left out, given a wrong type, or an unknown one added. */
function argumentsFor(schema: Schema): unknown[] {
  const full = sample(schema, schema)
  const variants: unknown[] = [{}, full, 'not an object']
  if (isObject(full)) {
    variants.push({ ...full, unknown_extra: 1 })
    for (const name of Object.keys(full)) {
      const { [name]: _left, ...rest } = full
      variants.push(rest)
      for (const wrong of [null, 7, 'text', [], {}, true]) variants.push({ ...full, [name]: wrong })
    }
  }
  return variants
}

describe('slimSchema on the 327-definition catalog', () => {
  it('validates every sample argument the same as the original schema', () => {
    expect(fixture).toHaveLength(327)
    const validators = createSchemaValidators()
    let checked = 0
    let valid = 0
    const differences: string[] = []
    for (const tool of fixture) {
      const original = tool.inputSchema
      const slim = slimSchema(original)
      // The dialect is the server's (its $schema); the model only reads the slim form, so it is compiled in the same one.
      const slimInDialect = original.$schema === undefined ? slim : { $schema: original.$schema, ...slim }
      const before = validators.validatorFor(original)
      const after = validators.validatorFor(slimInDialect)
      if (before instanceof Error || after instanceof Error) {
        expect(after instanceof Error, `${tool.server}/${tool.name} compiles the same`).toBe(before instanceof Error)
        continue
      }
      for (const args of argumentsFor(original)) {
        checked++
        const expected = before(args)
        if (expected) valid++
        if (after(args) !== expected) differences.push(`${tool.server}/${tool.name}: ${JSON.stringify(args).slice(0, 200)}`)
      }
    }
    expect(differences).toEqual([])
    // The samples are not trivial: thousands of them, a fair part valid and the rest not.
    expect(checked).toBeGreaterThan(5000)
    expect(valid).toBeGreaterThan(300)
    expect(checked - valid).toBeGreaterThan(3000)
  })

  it('sends fewer tokens for the whole catalog', () => {
    const sum = (schemaOf: (tool: FixtureTool) => unknown) =>
      fixture.reduce((total, tool) => total + definitionTokens({ name: `${tool.server}__${tool.name}`, description: tool.description, inputSchema: schemaOf(tool) }), 0)
    const original = sum((tool) => stripInvisibleProse(tool.inputSchema))
    const slim = sum((tool) => slimSchema(stripInvisibleProse(tool.inputSchema)))
    console.log(`327 definitions: ${original} → ${slim} tokens (o200k), ${original - slim} fewer (${(((original - slim) / original) * 100).toFixed(1)} %)`)
    expect(slim).toBeLessThan(original)
  })
})
