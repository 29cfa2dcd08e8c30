/**
 * SEP-2243 (2026-07-28, streamable HTTP): a tool's `inputSchema` may name a property's header with
 * `"x-mcp-header": "<Name>"`; the client then sends that argument as `Mcp-Param-<Name>` (the SDK
 * does so when `callTool` gets the tool's definition). A tool whose annotations break the rules
 * MUST be left out of the tool list, with a warning naming the tool and the rule.
 *
 * Our own check because SDK 2.4 keeps its scan (`scanXMcpHeaderDeclarations`) internal: it is not
 * among the package's exports. The rules are the revision's "Schema Extension" section.
 */

/** RFC 9110 §5.6.2 `token`: no spaces, control characters (CR/LF included) or delimiters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const HEADER_TYPES = new Set(['string', 'integer', 'boolean'])
/** Keywords whose subschemas are not reachable through a chain of `properties` alone. */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const
const MAP_VALUED = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions'])

/** The first rule a tool's `x-mcp-header` annotations break, in words naming the property; undefined when they keep them all. */
export function xMcpHeaderProblem(inputSchema: unknown): string | undefined {
  const seen = new Map<string, string>()
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined
    const schema = node as Record<string, unknown>
    const where = path.length > 0 ? `property "${path.join('.')}"` : 'the schema root'
    if ('x-mcp-header' in schema) {
      const name = schema['x-mcp-header']
      if (!reachable || path.length === 0) return `${where}: x-mcp-header is allowed only on a property reached through "properties" alone (not items, additionalProperties, oneOf/anyOf/allOf/not, if/then/else or $ref)`
      if (typeof name !== 'string' || name.length === 0) return `${where}: x-mcp-header must be a non-empty header name`
      if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name.slice(0, 80)}" is not a valid header name (RFC 9110 token: no spaces, control characters or delimiters)`
      const type = schema.type
      if (typeof type !== 'string' || !HEADER_TYPES.has(type)) return `${where}: x-mcp-header is allowed only on a string, integer or boolean property, not ${typeof type === 'string' ? type : 'an untyped one'}`
      const earlier = seen.get(name.toLowerCase())
      if (earlier !== undefined) return `${where}: x-mcp-header "${name}" is used twice (also as "${earlier}"; names are compared without case)`
      seen.set(name.toLowerCase(), name)
    }
    const properties = schema.properties
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const problem = visit(child, [...path, key], reachable)
        if (problem) return problem
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = schema[keyword]
      if (sub === undefined) continue
      const branches = Array.isArray(sub) ? sub : MAP_VALUED.has(keyword) && sub && typeof sub === 'object' ? Object.values(sub) : [sub]
      for (const branch of branches) {
        const problem = visit(branch, [...path, `<${keyword}>`], false)
        if (problem) return problem
      }
    }
    return undefined
  }
  return visit(inputSchema, [], true)
}

/** Splits a tools/list page into the tools kept and a warning for each tool left out. */
export function withoutInvalidHeaderTools(tools: unknown[]): { kept: unknown[]; warnings: string[] } {
  const kept: unknown[] = []
  const warnings: string[] = []
  for (const tool of tools) {
    const problem = xMcpHeaderProblem((tool as { inputSchema?: unknown } | null)?.inputSchema)
    if (!problem) {
      kept.push(tool)
      continue
    }
    const name = String((tool as { name?: unknown } | null)?.name ?? '(unnamed)').slice(0, 128)
    warnings.push(`left tool "${name}" out of the catalog: its x-mcp-header annotation breaks a rule of MCP 2026-07-28 (SEP-2243): ${problem}`)
  }
  return { kept, warnings }
}
