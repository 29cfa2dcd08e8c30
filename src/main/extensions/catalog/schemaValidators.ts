/**
 * The one way the app compiles a server's JSON Schemas (a tool's inputSchema and outputSchema): ajv
 * with the same options everywhere, formats checked by ajv-formats, each schema compiled once per
 * definition hash.
 *
 * Dialect: draft 2020-12, MCP's default, unless the schema names draft-04…07 in `$schema`. A schema
 * that names no dialect and only draft-07 can read (array-form `items`) is read as draft-07 rather
 * than refused: servers written before 2020-12 became the default still work.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { Ajv, ValidateFunction } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type addFormats from 'ajv-formats'
import { canonicalJson } from '../../../shared/canonicalJson'
import { errorText } from '../text'

/**
 * Lenient where a server's schema is merely unusual: unknown keywords and formats are ignored
 * (strict: false), the schema is not checked against its meta-schema, and a compiled schema is not
 * registered under its `$id` (two tools may declare the same one).
 */
const options = { strict: false, allErrors: true, validateSchema: false, addUsedSchema: false, logger: false } as const

/** Beyond this many distinct definitions the cache starts over, so a long session cannot grow it without bound. */
const MAX_COMPILED = 2000

/**
 * ajv and its formats load with the first schema compiled, not at start. Compiling is synchronous,
 * so they are required (createRequire; ajv ships CommonJS) rather than imported with import().
 */
const newDraft07 = () => withFormats(new (createRequire(import.meta.url)('ajv') as { Ajv: typeof Ajv }).Ajv(options))
const newDraft2020 = () => withFormats(new (createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020(options))

export interface SchemaValidators {
  /**
   * The validator for `schema`, compiled on first use per `hash` (the tool's definition hash; by
   * default a hash of the schema itself). An Error when the schema cannot be compiled.
   */
  validatorFor(schema: object, hash?: string): ValidateFunction | Error
  /** How many schemas were compiled (tests check that it happens once per definition). */
  readonly compileCount: number
}

export function createSchemaValidators(): SchemaValidators {
  let draft2020: Ajv2020 | undefined
  let draft07: Ajv | undefined
  const compiled = new Map<string, ValidateFunction | Error>()
  const hashes = new WeakMap<object, string>()
  let compileCount = 0

  const compile = (schema: object): ValidateFunction | Error => {
    compileCount++
    const dialect = (schema as { $schema?: unknown }).$schema
    if (typeof dialect === 'string' && /draft-0[4-7]/.test(dialect)) return attempt(() => (draft07 ??= newDraft07()).compile(schema))
    const modern = attempt(() => (draft2020 ??= newDraft2020()).compile(schema))
    if (!(modern instanceof Error) || dialect !== undefined) return modern
    const older = attempt(() => (draft07 ??= newDraft07()).compile(schema))
    return older instanceof Error ? modern : older
  }

  return {
    get compileCount() {
      return compileCount
    },
    validatorFor(schema, hash = hashOf(schema, hashes)) {
      const known = compiled.get(hash)
      if (known) return known
      if (compiled.size >= MAX_COMPILED) {
        // ajv keeps every schema it compiled: dropping the instances frees them too.
        compiled.clear()
        draft2020 = undefined
        draft07 = undefined
      }
      const made = compile(schema)
      compiled.set(hash, made)
      return made
    },
  }
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  const formats = createRequire(import.meta.url)('ajv-formats') as { default: typeof addFormats }
  formats.default(ajv)
  return ajv
}

function attempt(make: () => ValidateFunction): ValidateFunction | Error {
  try {
    return make()
  } catch (error) {
    return new Error(errorText(error))
  }
}

/** The schema's own hash, remembered per object so a cached tool definition is hashed once. */
function hashOf(schema: object, hashes: WeakMap<object, string>): string {
  let hash = hashes.get(schema)
  if (hash === undefined) {
    hash = createHash('sha256').update(canonicalJson(schema)).digest('hex')
    hashes.set(schema, hash)
  }
  return hash
}
