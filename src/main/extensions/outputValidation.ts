/**
 * Structured tool output (spec: `outputSchema` → validate `structuredContent`). A result that does
 * not match is turned into an `isError` result naming the failing paths, so the model can correct
 * itself; a tool that declares an outputSchema must return structuredContent. Each schema is
 * compiled once per tool definition version: validators are keyed by the schema object, which
 * the tool cache replaces when the tool list changes.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { errorText } from './text'

/** What the check needs to know about the tool. */
export interface OutputTool {
  toolName: string
  outputSchema?: unknown
}

/** At most this many problems are named; one is usually enough to fix the output. */
const MAX_NAMED_ERRORS = 3

/** Lenient checks for the formats servers commonly declare (ajv knows none of them by itself). */
const formats: Record<string, (value: string) => boolean> = {
  'date-time': (value) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  email: (value) => /^[^\s@]+@[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
}

function newAjv<T extends Ajv>(make: () => T): T {
  const ajv = make()
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate })
  return ajv
}

const options = { strict: false, allErrors: true, validateSchema: false, logger: false } as const

/** Where the problem is, as a path into structuredContent, and what is wrong there. */
export function describeOutputErrors(errors: readonly ErrorObject[]): string {
  const named = errors.slice(0, MAX_NAMED_ERRORS).map((error) => {
    const path = `structuredContent${error.instancePath}`
    const extra = error.keyword === 'additionalProperties' ? ` ("${String((error.params as { additionalProperty?: unknown }).additionalProperty)}")` : ''
    return `${path} ${error.message ?? 'is invalid'}${extra}`
  })
  const more = errors.length > MAX_NAMED_ERRORS ? ` (and ${errors.length - MAX_NAMED_ERRORS} more)` : ''
  return named.join('; ') + more
}

export class OutputValidator {
  // Draft 2020-12 is MCP's default dialect; schemas that name an older draft get the draft-07 validator.
  private readonly ajv2020 = newAjv(() => new Ajv2020(options))
  private readonly ajv07 = newAjv(() => new Ajv(options))
  private readonly compiled = new WeakMap<object, ValidateFunction | Error>()
  /** How many schemas were compiled (tests check that it happens once per definition). */
  compileCount = 0

  /** The result unchanged when it is fine; otherwise an `isError` result the model can act on. */
  check(tool: OutputTool, result: CallToolResult): CallToolResult {
    const schema = tool.outputSchema
    if (!schema || typeof schema !== 'object' || result.isError) return result
    if (result.structuredContent === undefined) {
      return toolError(`"${tool.toolName}" declares an outputSchema but returned no structuredContent; the tool must return structured content matching its schema.`)
    }
    const validate = this.validatorFor(schema)
    if (validate instanceof Error) return toolError(`"${tool.toolName}" has an outputSchema that cannot be used: ${validate.message}`)
    if (validate(result.structuredContent)) return result
    return toolError(`"${tool.toolName}" returned structured content that does not match its outputSchema: ${describeOutputErrors(validate.errors ?? [])}.`)
  }

  private validatorFor(schema: object): ValidateFunction | Error {
    const known = this.compiled.get(schema)
    if (known) return known
    let made: ValidateFunction | Error
    try {
      const dialect = (schema as { $schema?: unknown }).$schema
      const older = typeof dialect === 'string' && /draft-0[4-7]/.test(dialect)
      // Without the $id a second schema with the same $id would clash inside ajv's own cache.
      const { $id: _id, ...body } = schema as Record<string, unknown>
      made = (older ? this.ajv07 : this.ajv2020).compile(body)
      this.compileCount++
    } catch (error) {
      made = new Error(errorText(error))
    }
    this.compiled.set(schema, made)
    return made
  }
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] }
}
