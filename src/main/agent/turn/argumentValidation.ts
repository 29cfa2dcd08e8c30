/**
 * Checks a tool call's arguments against the tool's inputSchema before anything else happens, so a
 * mistake goes straight back to the model as an error it can fix, naming the field, instead of
 * costing an approval prompt or a round trip to the server. Schemas are compiled by the shared
 * validators (2020-12 by default, formats checked), once per definition hash.
 *
 * A schema ajv cannot compile does not block the call: the server validates its own input anyway,
 * and refusing every call of a tool because of our validator would make the tool unusable.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import { createSchemaValidators, type CatalogTool } from '../../extensions'
import { log } from '../../log/log'

export type ArgumentCheck = { ok: true; arguments: Record<string, unknown> } | { ok: false; message: string }

export interface ArgumentValidator {
  check(tool: Pick<CatalogTool, 'name' | 'inputSchema' | 'definitionHash'>, input: unknown): ArgumentCheck
  /** What of `input` (an object) the tool's inputSchema does not accept, in words; empty when it fits (or the schema cannot be used). */
  problems(tool: Pick<CatalogTool, 'name' | 'inputSchema' | 'definitionHash'>, input: Record<string, unknown>): string[]
}

const MAX_LISTED_ERRORS = 5

export function createArgumentValidator(): ArgumentValidator {
  const validators = createSchemaValidators()

  const validatorFor = (tool: Pick<CatalogTool, 'name' | 'inputSchema' | 'definitionHash'>): ValidateFunction | 'unusable' => {
    const compiledBefore = validators.compileCount
    const validate = validators.validatorFor(tool.inputSchema, tool.definitionHash)
    if (!(validate instanceof Error)) return validate
    // Warned once per definition: only when this call compiled it.
    if (validators.compileCount > compiledBefore) log('warn', 'agent', `the inputSchema of ${tool.name} cannot be compiled, so its arguments are not checked here: ${validate.message}`)
    return 'unusable'
  }

  const problems: ArgumentValidator['problems'] = (tool, input) => {
    const validate = validatorFor(tool)
    if (validate === 'unusable' || validate(input)) return []
    const errors = validate.errors ?? []
    const listed = [...new Set(errors.slice(0, MAX_LISTED_ERRORS).map(describeError))]
    if (errors.length > MAX_LISTED_ERRORS) listed.push(`${listed.pop()} (and ${errors.length - MAX_LISTED_ERRORS} more)`)
    return listed
  }

  return {
    check(tool, input) {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return { ok: false, message: `Invalid arguments for ${tool.name}: the arguments must be a JSON object, not ${describeValue(input)}. Call the tool again with an object that matches its input schema.` }
      }
      const found = problems(tool, input as Record<string, unknown>)
      if (found.length === 0) return { ok: true, arguments: input as Record<string, unknown> }
      return { ok: false, message: `Invalid arguments for ${tool.name}: ${found.join('; ')}. Fix the arguments and call the tool again.` }
    },
    problems,
  }
}

/** `"city" must be string`, `missing required field "city"`, `"options.mode" must be one of: a, b`. */
function describeError(error: ErrorObject): string {
  const at = fieldName(error.instancePath)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `missing required field "${joinField(at, String(params.missingProperty))}"`
    case 'additionalProperties':
      return `unknown field "${joinField(at, String(params.additionalProperty))}" (not in the schema)`
    case 'enum':
      return `${at ? `"${at}"` : 'the arguments'} must be one of: ${((params.allowedValues as unknown[]) ?? []).map((value) => JSON.stringify(value)).join(', ')}`
    default:
      return `${at ? `"${at}"` : 'the arguments'} ${error.message ?? 'is invalid'}`
  }
}

/** `/options/mode` → `options.mode`; array indexes stay numbers: `items.0.name`. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')
}

function joinField(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value)} (not valid JSON)`
  return `a ${typeof value}`
}
