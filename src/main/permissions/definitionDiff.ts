/**
 * A readable difference between two tool definitions, for the approval dialog and the pins list:
 * the description before and after, the title and annotation hints that changed, and the
 * input-schema paths that were added, removed or changed.
 */
import { canonicalJson } from '../../shared/canonicalJson'
import type { PinnedDefinition } from './permissionSchema'
import type { DefinitionChange, SchemaDiff } from './types'

/** Enough entries to see what happened; a schema rewrite beyond this is summarised as "and N more". */
const MAX_ENTRIES = 40
const MAX_VALUE_LENGTH = 160

const render = (value: unknown): string => {
  const text = canonicalJson(value)
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text
}

const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1')

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Differences between two JSON values, as JSON pointers below `path`. */
export function diffJson(before: unknown, after: unknown): SchemaDiff {
  const diff: SchemaDiff = { added: [], removed: [], changed: [], omitted: 0 }
  const count = () => diff.added.length + diff.removed.length + diff.changed.length
  const push = (list: 'added' | 'removed', path: string, value: unknown) => {
    if (count() >= MAX_ENTRIES) diff.omitted++
    else diff[list].push({ path, value: render(value) })
  }
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (isPlainObject(a) && isPlainObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
      for (const key of keys) {
        const child = `${path}/${pointerSegment(key)}`
        if (!(key in b) || b[key] === undefined) push('removed', child, a[key])
        else if (!(key in a) || a[key] === undefined) push('added', child, b[key])
        else walk(a[key], b[key], child)
      }
      return
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= b.length) push('removed', `${path}/${i}`, a[i])
        else if (i >= a.length) push('added', `${path}/${i}`, b[i])
        else walk(a[i], b[i], `${path}/${i}`)
      }
      return
    }
    if (canonicalJson(a) === canonicalJson(b)) return
    if (count() >= MAX_ENTRIES) diff.omitted++
    else diff.changed.push({ path: path || '/', before: render(a), after: render(b) })
  }
  walk(before, after, '')
  return diff
}

const quote = (text: string | null): string => (text === null || text === '' ? '(none)' : `"${text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text}"`)

/** The change from `before` to `after` of tool `toolName`, with summary lines a person can read. */
export function diffDefinitions(
  toolName: string,
  before: { hash: string; definition: PinnedDefinition },
  after: { hash: string; definition: PinnedDefinition },
): DefinitionChange {
  const summary: string[] = []
  if (before.definition.name !== after.definition.name) summary.push(`The server's name for the tool changed from "${before.definition.name}" to "${after.definition.name}".`)
  // Missing and empty descriptions are the same to the model (and to the hash); show both as "(none)".
  const descriptionBefore = before.definition.description ?? ''
  const descriptionAfter = after.definition.description ?? ''
  const description =
    descriptionBefore === descriptionAfter
      ? undefined
      : { before: before.definition.description ?? null, after: after.definition.description ?? null }
  if (description) summary.push(`The description changed from ${quote(description.before)} to ${quote(description.after)}.`)
  const titleBefore = before.definition.title ?? null
  const titleAfter = after.definition.title ?? null
  if (titleBefore !== titleAfter) summary.push(`The title changed from ${quote(titleBefore)} to ${quote(titleAfter)}.`)
  // The hints decide whether Smart mode asks (readOnlyHint), so each flip is named.
  const hints = diffJson(before.definition.annotations ?? {}, after.definition.annotations ?? {})
  for (const { path, value } of hints.added) summary.push(`Annotation ${path.slice(1)} added: ${value}`)
  for (const { path, value } of hints.removed) summary.push(`Annotation ${path.slice(1)} removed (was ${value})`)
  for (const { path, before: was, after: now } of hints.changed) summary.push(`Annotation ${path.slice(1)} changed from ${was} to ${now}`)
  const schema = diffJson(before.definition.inputSchema, after.definition.inputSchema)
  for (const { path, value } of schema.added) summary.push(`Input schema: added ${path} = ${value}`)
  for (const { path, value } of schema.removed) summary.push(`Input schema: removed ${path} (was ${value})`)
  for (const { path, before: was, after: now } of schema.changed) summary.push(`Input schema: ${path} changed from ${was} to ${now}`)
  if (schema.omitted > 0) summary.push(`…and ${schema.omitted} more input-schema changes.`)
  if (summary.length === 0) summary.push('The definition changed, but no difference in name, title, description, input schema or annotations could be shown.')
  return { toolName, previousHash: before.hash, currentHash: after.hash, ...(description ? { description } : {}), schema, summary }
}
