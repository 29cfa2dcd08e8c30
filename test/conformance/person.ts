/**
 * What the person does in the conformance scripts, the same through the extension core and through
 * the host API: fills a tool's form (RunToolForm) with the values its schema suggests, submits an
 * extension's form question as it comes (its defaults filled in), and opens sign-in links.
 */

type Schema = Record<string, unknown>

/** A value for one argument: its default, its first example or enum value, else one of its type. */
export function sampleValue(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return 'test'
  const node = schema as Schema
  if ('default' in node) return node.default
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0]
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0]
  if ('const' in node) return node.const
  const type = Array.isArray(node.type) ? node.type.find((entry) => entry !== 'null') : node.type
  switch (type) {
    case 'number':
    case 'integer':
      return typeof node.minimum === 'number' ? node.minimum : 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return sampleArguments(node)
    default:
      return 'test'
  }
}

/**
 * The arguments the person types into a tool's form: every property its schema names. An object
 * argument described as "the inputSchema the client observed for <tool>" gets that tool's schema as
 * the app shows it (json-schema-2020-12-preservation asks the person to paste it back).
 */
export function sampleArguments(schema: unknown, others: { name: string; inputSchema: unknown }[] = []): Record<string, unknown> {
  const properties = (schema as Schema | undefined)?.properties
  if (!properties || typeof properties !== 'object') return {}
  const values: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties as Record<string, Schema>)) {
    const description = typeof property?.description === 'string' ? property.description : ''
    const named = others.find((tool) => description.includes(`observed for ${tool.name}`))
    values[name] = named ? named.inputSchema : sampleValue(property)
  }
  return values
}

/** Submitting a form question as it comes: the defaults the server put in (SEP-1034), else a value per field. */
export function formAnswer(requestedSchema: unknown): Record<string, unknown> {
  const properties = (requestedSchema as Schema | undefined)?.properties
  if (!properties || typeof properties !== 'object') return {}
  return Object.fromEntries(Object.entries(properties as Record<string, Schema>).map(([name, property]) => [name, sampleValue(property)]))
}

/** "Opening" a sign-in page: the suites' authorization servers redirect back at once. */
export function openPage(url: string): void {
  void fetch(url)
    .then((response) => response.body?.cancel())
    .catch((error: unknown) => console.error(`opening the sign-in page failed: ${String(error)}`))
}
