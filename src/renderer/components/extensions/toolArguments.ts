/**
 * The arguments form of "Run tool": a JSON template from the tool's input schema (its required
 * properties, with a placeholder of the right type), and what is wrong with the text before it is sent.
 */

type Schema = Record<string, unknown>

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

function firstType(schema: Schema): string | undefined {
  const { type } = schema
  if (typeof type === 'string') return type
  if (Array.isArray(type)) return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null')
  if (isObject(schema.properties)) return 'object'
  return undefined
}

/** A value of the schema's type: its default, first example or enum value, else an empty one. */
function placeholder(schema: unknown, depth: number): unknown {
  if (!isObject(schema)) return ''
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options) && options.length > 0) return placeholder(options.find((option) => isObject(option) && option.type !== 'null') ?? options[0], depth)
  }
  switch (firstType(schema)) {
    case 'string':
      return ''
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0
    case 'boolean':
      return false
    case 'array':
      return []
    case 'object':
      return depth < 4 ? requiredObject(schema, depth + 1) : {}
    case 'null':
      return null
    default:
      return ''
  }
}

function requiredObject(schema: Schema, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []
  return Object.fromEntries(required.map((name) => [name, placeholder(properties[name], depth)]))
}

/** The starting text of the arguments field: every required property, pretty-printed. */
export function argumentsTemplate(inputSchema: Schema): string {
  const value = requiredObject(inputSchema, 0)
  return Object.keys(value).length === 0 ? '{}' : JSON.stringify(value, null, 2)
}

/** One line per property for the hint under the field: name, type, whether required. */
export function propertySummary(inputSchema: Schema): { name: string; type: string; required: boolean; description?: string }[] {
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {}
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : [])
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    type: (isObject(schema) && firstType(schema)) || 'any',
    required: required.has(name),
    ...(isObject(schema) && typeof schema.description === 'string' ? { description: schema.description } : {}),
  }))
}

export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string }

/** The arguments as an object, or what is wrong with the text (JSON syntax, or not an object). */
export function parseArguments(text: string): ParsedArguments {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, value: {} }
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, problem: `This is not valid JSON: ${detail}` }
  }
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`
    return { ok: false, problem: `The arguments must be a JSON object like {"name": "value"}, not ${what}.` }
  }
  return { ok: true, value }
}
