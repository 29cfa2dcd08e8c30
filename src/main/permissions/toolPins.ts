/**
 * Tool pinning (F15): what a tool looked like when the person (or, on first sight, the app) accepted
 * it, so a server cannot change a tool's title, description, schema or annotations after it was
 * trusted without the person seeing what changed. Annotations matter as much as the schema: Smart
 * mode lets a trusted extension's read-only tools run without asking, so a later flip of
 * `readOnlyHint` must be caught like any other change.
 *
 * The hash is SHA-256 over the canonical JSON of `{name, title, description, inputSchema,
 * annotations}`, with a missing description hashed as the empty string and an empty title or empty
 * annotations left out. Why "missing = empty": the model reads both as no description, so there is
 * nothing to approve in the difference; the catalog already turns a missing description into '' (so
 * the difference is not even visible to callers); and this keeps the pin hash identical to the
 * catalog's `definitionHash` (extensions/catalog/catalogValidation.ts), so the app has one hash per
 * definition. A test holds the two functions equal.
 *
 * Pins recorded before title and annotations were covered hash `{name, description, inputSchema}`
 * only (`legacyHashToolDefinition`); one whose name, description and schema still match is
 * re-recorded with today's title and annotations (status `upgraded`) instead of reading as changed.
 */
import { createHash } from 'node:crypto'
import { canonicalJson } from '../../shared/canonicalJson'
import { perDefinition } from './definitionMemo'
import { diffDefinitions } from './definitionDiff'
import type { PinnedDefinition, ToolPin } from './permissionSchema'
import type { DefinitionChange, ToolDefinition } from './types'

type Pinned = Pick<ToolDefinition, 'name' | 'title' | 'description' | 'inputSchema' | 'annotations'>

/** Annotations with a value, or undefined when there are none (`{}` and absent are the same hint-less tool). */
function presentAnnotations(annotations: ToolDefinition['annotations']): Record<string, unknown> | undefined {
  const present = Object.entries(annotations ?? {}).filter(([, value]) => value !== undefined)
  return present.length > 0 ? Object.fromEntries(present) : undefined
}

/** The part of a tool definition that pins cover. */
export function pinnedDefinition(tool: Pinned): PinnedDefinition {
  const annotations = presentAnnotations(tool.annotations)
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema,
    ...(annotations ? { annotations } : {}),
  }
}

const sha256 = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex')

/**
 * SHA-256 (lower-case hex) of the canonical `{name, title, description ?? '', inputSchema, annotations}`;
 * once per definition (definitionMemo.ts): every call is checked against its pin, and hashing canonical
 * JSON each time cost more than the rest of the check.
 */
export const hashToolDefinition = perDefinition((tool: Pinned): string =>
  sha256({ name: tool.name, title: tool.title || undefined, description: tool.description ?? '', inputSchema: tool.inputSchema, annotations: presentAnnotations(tool.annotations) }),
)

/** The hash pins had before title and annotations were covered. */
export function legacyHashToolDefinition(tool: Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>): string {
  return sha256({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema })
}

/** How a tool's current definition relates to its pin. */
export type PinCheck =
  | { status: 'first-sight'; hash: string; definition: PinnedDefinition }
  /** A pin from before title and annotations were covered, still matching what it covered: re-record it. */
  | { status: 'upgraded'; hash: string; definition: PinnedDefinition; previousHash: string }
  | { status: 'unchanged'; hash: string }
  | { status: 'changed'; hash: string; definition: PinnedDefinition; change: DefinitionChange }

/** Compares `tool` (known as `toolName`) with its pin. Pure: recording is up to the caller. */
export function checkPin(toolName: string, pin: ToolPin | undefined, tool: Pinned): PinCheck {
  const hash = hashToolDefinition(tool)
  const definition = pinnedDefinition(tool)
  if (pin === undefined) return { status: 'first-sight', hash, definition }
  if (pin.covers === undefined && (pin.hash === hash || pin.hash === legacyHashToolDefinition(tool))) return { status: 'upgraded', hash, definition, previousHash: pin.hash }
  if (pin.hash === hash) return { status: 'unchanged', hash }
  return {
    status: 'changed',
    hash,
    definition,
    change: diffDefinitions(toolName, { hash: pin.hash, definition: pin.definition }, { hash, definition }),
  }
}
