/**
 * Tool pinning (F15): what a tool looked like when the person (or, on first sight, the app) accepted
 * it, so a server cannot change a tool's description or schema after it was trusted without the
 * person seeing what changed.
 *
 * The hash is SHA-256 over the canonical JSON of `{name, description, inputSchema}` with a missing
 * description hashed as the empty string. Why "missing = empty": the model reads both as no
 * description, so there is nothing to approve in the difference; the catalog already turns a
 * missing description into '' (so the difference is not even visible to callers); and this keeps the
 * pin hash identical to the catalog's `definitionHash` (extensions/catalogValidation.ts), so the app
 * has one hash per definition. A test holds the two functions equal.
 */
import { createHash } from 'node:crypto'
import { canonicalJson } from '../../shared/canonicalJson'
import { diffDefinitions } from './definitionDiff'
import type { PinnedDefinition, ToolPin } from './permissionSchema'
import type { DefinitionChange, ToolDefinition } from './types'

/** The part of a tool definition that pins cover. Title and annotations are not part of it (see the report: a candidate for later). */
export function pinnedDefinition(tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>): PinnedDefinition {
  return tool.description === undefined
    ? { name: tool.name, inputSchema: tool.inputSchema }
    : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }
}

/** SHA-256 (lower-case hex) of the canonical `{name, description ?? '', inputSchema}`. */
export function hashToolDefinition(tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>): string {
  const canonical = canonicalJson({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema })
  return createHash('sha256').update(canonical).digest('hex')
}

/** How a tool's current definition relates to its pin. */
export type PinCheck =
  | { status: 'first-sight'; hash: string; definition: PinnedDefinition }
  | { status: 'unchanged'; hash: string }
  | { status: 'changed'; hash: string; definition: PinnedDefinition; change: DefinitionChange }

/** Compares `tool` (known as `toolName`) with its pin. Pure: recording is up to the caller. */
export function checkPin(toolName: string, pin: ToolPin | undefined, tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>): PinCheck {
  const hash = hashToolDefinition(tool)
  const definition = pinnedDefinition(tool)
  if (pin === undefined) return { status: 'first-sight', hash, definition }
  if (pin.hash === hash) return { status: 'unchanged', hash }
  return {
    status: 'changed',
    hash,
    definition,
    change: diffDefinitions(toolName, { hash: pin.hash, definition: pin.definition }, { hash, definition }),
  }
}
