/**
 * The question form's view model over main's own reading of a schema: the page prefills the
 * defaults, turns what was typed into the answer, and its answer passes main's check unchanged.
 */
import { describe, expect, it } from 'vitest'
import { checkAnswer, parseRequestedSchema } from '../../src/shared/elicitationForm'
import type { FormField } from '../../src/shared/hostApi'
import { answerOf, constraintHint, initialDrafts } from '../../src/renderer/components/elicitation/questionFormModel'
import { linkParts } from '../../src/renderer/components/elicitation/UrlQuestion'

const parsed = parseRequestedSchema({
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    count: { type: 'integer', minimum: 1, maximum: 9, default: 3 },
    ratio: { type: 'number' },
    agree: { type: 'boolean', default: true },
    pet: { type: 'string', oneOf: [{ const: 'c', title: 'Cat' }, { const: 'd', title: 'Dog' }], default: 'd' },
    tools: { type: 'array', items: { type: 'string', enum: ['saw', 'axe'] }, maxItems: 1 },
    when: { type: 'string', format: 'date-time' },
  },
  required: ['name'],
})
if (!parsed.ok) throw new Error(parsed.reason)
const fields: FormField[] = parsed.fields

describe('question form model', () => {
  it('prefills every default and leaves the rest empty', () => {
    expect(initialDrafts(fields)).toEqual({ name: '', count: '3', ratio: '', agree: true, pet: 'd', tools: [], when: '' })
  })

  it('sends numbers as numbers, a local date-time as a full ISO time, and nothing for what was left empty', () => {
    const drafts = { ...initialDrafts(fields), name: 'Ada', ratio: '0.25', when: '2026-03-01T09:30' }
    const { content, errors } = answerOf(fields, drafts)
    expect(errors).toEqual({})
    expect(content).toEqual({ name: 'Ada', count: 3, ratio: 0.25, agree: true, pet: 'd', tools: [], when: new Date('2026-03-01T09:30').toISOString() })
    // What the page sends is exactly what main accepts.
    expect(checkAnswer(fields, content)).toEqual({ ok: true, content })
  })

  it('says what is wrong before anything is sent', () => {
    const { errors } = answerOf(fields, { ...initialDrafts(fields), name: 'A', count: '12', ratio: 'lots', tools: ['saw', 'axe'] })
    expect(errors).toEqual({
      name: 'Name needs at least 2 characters.',
      count: 'count must be at most 9.',
      ratio: 'ratio must be a number.',
      tools: 'Choose at most 1 for tools.',
    })
  })

  it('puts bounds into words', () => {
    expect(fields.map(constraintHint)).toEqual(['at least 2 characters', '1 to 9, whole number', undefined, undefined, undefined, 'choose up to 1', undefined])
  })

  it('splits a link so that its site stands out', () => {
    expect(linkParts({ url: 'https://auth.example.com/login?x=1', scheme: 'https', host: 'auth.example.com' })).toEqual({ site: 'https://auth.example.com', rest: '/login?x=1' })
  })
})
