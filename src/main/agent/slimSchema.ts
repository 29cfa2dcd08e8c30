/**
 * A tool's inputSchema made smaller for the model, with the same meaning: what does not change which
 * arguments validate is left out before the definition is sent (issue 32 item 5).
 * - `$schema`: the dialect matters to our validator, which keeps the server's original schema;
 * - `additionalProperties: true`: the default (kept when `unevaluatedProperties` is anywhere, which it would affect);
 * - a `title` that only repeats its property's (or definition's) name, as generators write "Max Results" for `max_results`;
 * - a `$defs` / `definitions` entry used by exactly one `$ref`: the entry replaces that reference.
 * `additionalProperties: false` and everything else stay. Arguments are still checked against the
 * original schema (argumentValidation.ts); this only changes what the model reads. Pure: the input is
 * not changed.
 */

type Json = unknown
type Schema = Record<string, Json>

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = new Set(['items', 'additionalItems', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'contentSchema'])
/** Keywords whose value is a list of subschemas (`items` too, in draft-07's array form). */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'])
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'])
/** Siblings of a `$ref` that only annotate, so the referenced entry may take the reference's place with them. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'])
/** What makes an entry addressable some other way; such an entry is not moved. */
const ADDRESSING = ['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor']

const isSchema = (value: Json): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

/** "Max Results", "maxResults" and "max_results" are the same name. */
const normalName = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
const repeats = (title: Json, name: string) => typeof title === 'string' && normalName(title) !== '' && normalName(title) === normalName(name)

/** Every subschema position in `schema`, visited depth first (the schema itself first). */
function eachSchema(schema: Json, visit: (node: Schema) => void): void {
  if (!isSchema(schema)) return
  visit(schema)
  for (const [key, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.has(key) && isSchema(value)) eachSchema(value, visit)
    if (SCHEMA_LIST.has(key) && Array.isArray(value)) for (const item of value) eachSchema(item, visit)
    if (SCHEMA_MAP.has(key) && isSchema(value)) for (const item of Object.values(value)) eachSchema(item, visit)
  }
}

/** A copy of `schema` with `edit` applied to every subschema position, children first. */
function mapSchema(schema: Json, edit: (node: Schema) => Schema): Json {
  if (!isSchema(schema)) return schema
  const copy: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.has(key) && isSchema(value)) copy[key] = mapSchema(value, edit)
    else if (SCHEMA_LIST.has(key) && Array.isArray(value)) copy[key] = value.map((item) => mapSchema(item, edit))
    else if (SCHEMA_MAP.has(key) && isSchema(value)) copy[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapSchema(item, edit)]))
    else copy[key] = value
  }
  return edit(copy)
}

/** `#/$defs/Name` or `#/definitions/Name` → [container, name]; anything else (pointers into other places, escapes, other documents) → undefined. */
function localDefinition(ref: string): [string, string] | undefined {
  const match = /^#\/(\$defs|definitions)\/([^/~%]+)$/.exec(ref)
  return match ? [match[1]!, match[2]!] : undefined
}

/** Replaces references used once by the entry they point to, until no more can be (an entry that refers on is moved once what it refers to is settled). */
function inlineSingleUse(root: Schema): Schema {
  let current = root
  for (;;) {
    const refs: string[] = []
    let dynamic = false
    eachSchema(current, (node) => {
      if (typeof node.$ref === 'string') refs.push(node.$ref)
      if ('$dynamicRef' in node || '$recursiveRef' in node) dynamic = true
    })
    // A reference we do not understand might point into an entry we would move: leave all of them.
    if (dynamic || refs.some((ref) => localDefinition(ref) === undefined)) return current
    const uses = new Map<string, number>()
    for (const ref of refs) uses.set(ref, (uses.get(ref) ?? 0) + 1)
    const movable = new Map<string, Schema>()
    for (const [ref, count] of uses) {
      const [container, name] = localDefinition(ref)!
      const entry = (current[container] as Schema | undefined)?.[name]
      if (count !== 1 || !isSchema(entry) || ADDRESSING.some((key) => key in entry)) continue
      // Only entries that refer to nothing move, so a cycle or a chain never loses its target.
      let refersOn = false
      eachSchema(entry, (node) => {
        if (node.$ref !== undefined) refersOn = true
      })
      if (!refersOn) movable.set(ref, entry)
    }
    if (movable.size === 0) return current
    const replaced = mapSchema(current, (node) => {
      const entry = typeof node.$ref === 'string' ? movable.get(node.$ref) : undefined
      if (!entry || !Object.keys(node).every((key) => ANNOTATIONS.has(key))) {
        if (entry) movable.delete(node.$ref as string)
        return node
      }
      const { $ref: _ref, ...annotations } = node
      const [, name] = localDefinition(node.$ref as string)!
      const { title, ...rest } = entry
      return { ...(title !== undefined && !repeats(title, name) ? { title } : {}), ...rest, ...annotations }
    }) as Schema
    for (const ref of movable.keys()) {
      const [container, name] = localDefinition(ref)!
      const entries = { ...(replaced[container] as Schema) }
      delete entries[name]
      if (Object.keys(entries).length === 0) delete replaced[container]
      else replaced[container] = entries
    }
    if (movable.size === 0) return replaced
    current = replaced
  }
}

/** The inputSchema as the model is sent it: same meaning, fewer tokens. Anything that is not an object schema comes back as it is. */
export function slimSchema<T>(schema: T): T {
  if (!isSchema(schema)) return schema
  let keepOpenProperties = false
  eachSchema(schema, (node) => {
    if ('unevaluatedProperties' in node) keepOpenProperties = true
  })
  const trimmed = mapSchema(schema, (node) => {
    const copy = { ...node }
    delete copy.$schema
    if (copy.additionalProperties === true && !keepOpenProperties) delete copy.additionalProperties
    if (isSchema(copy.properties)) {
      copy.properties = Object.fromEntries(
        Object.entries(copy.properties).map(([name, property]) => {
          if (!isSchema(property) || !repeats(property.title, name)) return [name, property]
          const { title: _title, ...rest } = property
          return [name, rest]
        }),
      )
    }
    return copy
  }) as Schema
  return inlineSingleUse(trimmed) as T
}
