/** The restricted-schema rules for form questions: which schemas are shown, which answers are accepted, and defaults. */
import { describe, expect, it } from 'vitest'
import { checkAnswer, fieldError, parseRequestedSchema } from '../../src/shared/elicitationForm'
import type { FormField } from '../../src/shared/hostApi'

const form = (properties: Record<string, unknown>, required?: string[]) => ({ type: 'object', properties, ...(required ? { required } : {}) })

function fields(schema: unknown): FormField[] {
  const parsed = parseRequestedSchema(schema)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.fields
}

describe('parseRequestedSchema', () => {
  it('reads every kind of field the spec allows, with titles, descriptions, bounds and defaults', () => {
    const parsed = fields(
      form(
        {
          name: { type: 'string', title: 'Name', description: 'Your name', minLength: 2, maxLength: 40 },
          email: { type: 'string', format: 'email' },
          count: { type: 'integer', minimum: 1, maximum: 9, default: 3 },
          ratio: { type: 'number', default: 0.5 },
          agree: { type: 'boolean', default: false },
          plain: { type: 'string', enum: ['a', 'b'], default: 'b' },
          titled: { type: 'string', oneOf: [{ const: 'x', title: 'Ex' }, { const: 'y', title: 'Why' }] },
          legacy: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
          many: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['g', 'p'] }, default: ['g'] },
          manyTitled: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] } },
        },
        ['name'],
      ),
    )
    expect(parsed.map((field) => [field.name, field.type, field.required])).toEqual([
      ['name', 'string', true],
      ['email', 'string', false],
      ['count', 'number', false],
      ['ratio', 'number', false],
      ['agree', 'boolean', false],
      ['plain', 'select', false],
      ['titled', 'select', false],
      ['legacy', 'select', false],
      ['many', 'multiselect', false],
      ['manyTitled', 'multiselect', false],
    ])
    expect(parsed[0]).toMatchObject({ title: 'Name', description: 'Your name', minLength: 2, maxLength: 40 })
    expect(parsed[2]).toMatchObject({ integer: true, minimum: 1, maximum: 9, default: 3 })
    expect(parsed[6]).toMatchObject({ options: [{ value: 'x', label: 'Ex' }, { value: 'y', label: 'Why' }] })
    expect(parsed[7]).toMatchObject({ options: [{ value: 'p1', label: 'Cats' }, { value: 'p2', label: 'Dogs' }] })
    expect(parsed[8]).toMatchObject({ minItems: 1, maxItems: 2, default: ['g'] })
    expect(parsed[9]).toMatchObject({ options: [{ value: 'f1', label: 'Tuna' }] })
  })

  it.each([
    [form({ nested: { type: 'object' } }), 'field "nested" has the type "object"'],
    [form({ nested: { type: 'object', properties: {} } }), 'field "nested" uses "properties"'],
    [form({ code: { type: 'string', pattern: '^[0-9]+$' } }), 'field "code" uses "pattern"'],
    [form({ host: { type: 'string', format: 'hostname' } }), 'the format "hostname"'],
    [form({ n: { type: 'number', minimum: 5, maximum: 1 } }), 'minimum is above its maximum'],
    [form({ pick: { type: 'string', enum: [] } }), 'non-empty "enum"'],
    [form({ pick: { type: 'string', enum: ['a'], default: 'z' } }), 'default that is not one of its choices'],
    [form({ pick: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } }), '"enumNames" that do not match'],
    [form({ pick: { type: 'string', enum: ['a', 'a'] } }), 'the same choice twice'],
    [form({ list: { type: 'array', items: { type: 'number' } } }), 'list of something other than string choices'],
    [form({ a: { type: 'string' } }, ['b']), '"required" names "b"'],
    [{ type: 'array', items: {} }, 'must be an object schema'],
  ])('refuses an unsupported schema and says why (%#)', (schema, why) => {
    const parsed = parseRequestedSchema(schema)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.reason).toContain(why)
  })
})

describe('checkAnswer', () => {
  const sample = fields(
    form(
      {
        name: { type: 'string', title: 'Name' },
        firstLine: { type: 'string', default: 'It was a dark and stormy night.' },
        count: { type: 'integer', minimum: 1, maximum: 100, default: 42 },
        agree: { type: 'boolean' },
        pet: { type: 'string', enum: ['cat', 'dog'], default: 'cat' },
        tools: { type: 'array', items: { type: 'string', enum: ['saw', 'axe'] }, default: ['saw'] },
      },
      ['name'],
    ),
  )

  it('fills in the default of every omitted field, and only those', () => {
    const checked = checkAnswer(sample, { name: 'Ada' })
    expect(checked).toEqual({ ok: true, content: { name: 'Ada', firstLine: 'It was a dark and stormy night.', count: 42, pet: 'cat', tools: ['saw'] } })
  })

  it('treats empty text as omitted: the field gets its default, or is left out when it has none', () => {
    const checked = checkAnswer(sample, { name: 'Ada', firstLine: '', pet: '', tools: [] })
    expect(checked).toEqual({ ok: true, content: { name: 'Ada', firstLine: 'It was a dark and stormy night.', count: 42, pet: 'cat', tools: [] } })
    expect(checkAnswer(sample, { name: '' })).toEqual({ ok: false, errors: { name: 'Name is required.' } })
    const emptyDefault = fields(form({ note: { type: 'string', default: '' } }))
    expect(checkAnswer(emptyDefault, { note: '' })).toEqual({ ok: true, content: { note: '' } })
  })

  it('keeps what the person gave over the defaults', () => {
    const checked = checkAnswer(sample, { name: 'Ada', count: 7, pet: 'dog', tools: [], agree: true })
    expect(checked).toEqual({ ok: true, content: { name: 'Ada', firstLine: 'It was a dark and stormy night.', count: 7, pet: 'dog', tools: [], agree: true } })
  })

  it('names every problem: a missing required field, wrong types, bounds, choices and unknown keys', () => {
    const checked = checkAnswer(sample, { count: 1.5, pet: 'fish', tools: ['saw', 'saw'], agree: 'yes', extra: 1 })
    expect(checked.ok).toBe(false)
    expect(checked.ok ? {} : checked.errors).toEqual({
      name: 'Name is required.',
      count: 'count must be a whole number.',
      pet: 'Choose one of the listed options for pet.',
      tools: 'tools lists a choice twice.',
      agree: 'agree must be yes or no.',
      extra: '"extra" is not a field of this form.',
    })
  })

  it('checks string formats and lengths', () => {
    const [email, uri, date, dateTime, short] = fields(
      form({
        email: { type: 'string', format: 'email' },
        uri: { type: 'string', format: 'uri' },
        date: { type: 'string', format: 'date' },
        dateTime: { type: 'string', format: 'date-time' },
        short: { type: 'string', maxLength: 3 },
      }),
    ) as [FormField, FormField, FormField, FormField, FormField]
    expect(fieldError(email, 'ada@example.com')).toBeUndefined()
    expect(fieldError(email, 'ada')).toContain('email address')
    expect(fieldError(uri, 'https://example.com/x')).toBeUndefined()
    expect(fieldError(uri, 'example dot com')).toContain('full address')
    expect(fieldError(date, '2024-02-29')).toBeUndefined()
    expect(fieldError(date, '2023-02-29')).toContain('YYYY-MM-DD')
    expect(fieldError(dateTime, '2024-05-01T10:30:00.000Z')).toBeUndefined()
    expect(fieldError(dateTime, '2024-05-01 10:30')).toContain('date and time')
    expect(fieldError(short, 'abcd')).toBe('short takes at most 3 characters.')
  })
})
