/**
 * Structured tool output (spec: `outputSchema` → validate `structuredContent`). A result that does
 * not match is turned into an `isError` result naming the failing paths, so the model can correct
 * itself; a tool that declares an outputSchema must return structuredContent. Schemas are compiled
 * by the shared validators (schemaValidators.ts): 2020-12 by default, once per schema hash.
 */
import type { CallToolResult } from '@modelcontextprotocol/client'
import type { ErrorObject } from 'ajv'
import { createSchemaValidators } from '../catalog/schemaValidators'

/** What the check needs to know about the tool. */
export interface OutputTool {
  toolName: string
  outputSchema?: unknown
}

/** At most this many problems are named; one is usually enough to fix the output. */
const MAX_NAMED_ERRORS = 3

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
  private readonly validators = createSchemaValidators()

  /** How many schemas were compiled (tests check that it happens once per definition). */
  get compileCount(): number {
    return this.validators.compileCount
  }

  /** The result unchanged when it is fine; otherwise an `isError` result the model can act on. */
  check(tool: OutputTool, result: CallToolResult): CallToolResult {
    const schema = tool.outputSchema
    if (!schema || typeof schema !== 'object' || result.isError) return result
    if (result.structuredContent === undefined) {
      return toolError(`"${tool.toolName}" declares an outputSchema but returned no structuredContent; the tool must return structured content matching its schema.`)
    }
    const validate = this.validators.validatorFor(schema)
    if (validate instanceof Error) return toolError(`"${tool.toolName}" has an outputSchema that cannot be used: ${validate.message}`)
    if (validate(result.structuredContent)) return result
    return toolError(`"${tool.toolName}" returned structured content that does not match its outputSchema: ${describeOutputErrors(validate.errors ?? [])}.`)
  }
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] }
}
