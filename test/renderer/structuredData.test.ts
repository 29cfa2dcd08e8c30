/** How structured results are laid out for reading: table, name/value rows, or tree. */
import { describe, expect, it } from 'vitest'
import { MAX_COLUMNS, MAX_ROWS, rawJson, scalarText, structuredShape } from '../../src/renderer/components/extensions/structuredData'

describe('structuredShape', () => {
  it('server-everything’s get-structured-content (one flat record) reads as name/value rows', () => {
    expect(structuredShape({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 })).toEqual({
      kind: 'record',
      rows: [['temperature', 36], ['conditions', 'Light rain / drizzle'], ['humidity', 82]],
    })
  })

  it('a list of flat records, bare or under one key, is a table whose columns are the union of keys', () => {
    const rows = [{ hour: 9, celsius: 3.5 }, { hour: 12, celsius: 6, note: 'sunny' }]
    const expected = { kind: 'table', columns: ['hour', 'celsius', 'note'], rows: [[9, 3.5, null], [12, 6, 'sunny']], hiddenRows: 0 }
    expect(structuredShape(rows)).toEqual(expected)
    expect(structuredShape({ readings: rows })).toEqual(expected)
  })

  it('caps rows and falls back to the tree for nesting, too many columns or nothing to tabulate', () => {
    const many = Array.from({ length: MAX_ROWS + 5 }, (_, i) => ({ i }))
    const table = structuredShape(many)
    expect(table.kind === 'table' && [table.rows.length, table.hiddenRows]).toEqual([MAX_ROWS, 5])
    expect(structuredShape({ city: 'Oslo', readings: [{ hour: 9 }] }).kind).toBe('tree')
    expect(structuredShape([{ nested: { a: 1 } }]).kind).toBe('tree')
    expect(structuredShape([Object.fromEntries(Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => [`c${i}`, i]))]).kind).toBe('tree')
    expect(structuredShape([]).kind).toBe('tree')
    expect(structuredShape({}).kind).toBe('tree')
    expect(structuredShape('text').kind).toBe('tree')
  })

  it('shows scalars plainly and raw JSON pretty-printed', () => {
    expect([scalarText('a'), scalarText(1.5), scalarText(true), scalarText(null)]).toEqual(['a', '1.5', 'true', 'null'])
    expect(rawJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(rawJson(loop)).toBe('[object Object]')
  })
})
