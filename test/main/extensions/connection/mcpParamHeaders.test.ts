import { describe, expect, it } from 'vitest'
import { withoutInvalidHeaderTools, xMcpHeaderProblem } from '../../../../src/main/extensions/connection/mcpParamHeaders'

const tool = (name: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object', properties, ...extra } })

describe('SEP-2243 x-mcp-header rules', () => {
  it('keeps annotations on string, integer and boolean properties, at any depth of properties', () => {
    expect(xMcpHeaderProblem(tool('ok', { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' }, nested: { type: 'object', properties: { flag: { type: 'boolean', 'x-mcp-header': 'Flag' } } } }).inputSchema)).toBeUndefined()
    expect(xMcpHeaderProblem({ type: 'object' })).toBeUndefined()
  })

  it.each([
    ['an empty name', { a: { type: 'string', 'x-mcp-header': '' } }, /non-empty/],
    ['a space in the name', { a: { type: 'string', 'x-mcp-header': 'My Header' } }, /RFC 9110 token/],
    ['a CR/LF in the name', { a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }, /RFC 9110 token/],
    ['a number property', { a: { type: 'number', 'x-mcp-header': 'A' } }, /string, integer or boolean property, not number/],
    ['an object property', { a: { type: 'object', 'x-mcp-header': 'A' } }, /not object/],
    ['a name used twice in other case', { a: { type: 'string', 'x-mcp-header': 'Tenant' }, b: { type: 'string', 'x-mcp-header': 'tenant' } }, /used twice/],
    ['an array item', { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }, /reached through "properties" alone/],
    ['an anyOf branch', { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } }, /reached through "properties" alone/],
  ])('names the rule for %s', (_what, properties, rule) => {
    expect(xMcpHeaderProblem(tool('bad', properties).inputSchema)).toMatch(rule)
  })

  it('leaves out only the invalid tools, with a warning naming the tool and the rule', () => {
    const { kept, warnings } = withoutInvalidHeaderTools([tool('good', { a: { type: 'string', 'x-mcp-header': 'A' } }), tool('invalid_number_header', { n: { type: 'number', 'x-mcp-header': 'N' } })])
    expect(kept.map((entry) => (entry as { name: string }).name)).toEqual(['good'])
    expect(warnings).toEqual([expect.stringMatching(/^left tool "invalid_number_header" out of the catalog: .*SEP-2243.*property "n".*not number/)])
  })
})
