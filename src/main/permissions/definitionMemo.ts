/**
 * A value worked out from a tool's definition once per definition, not on every call checked against
 * it (the pin's hash, hidden text in the definition). The catalog makes new definition objects at every
 * listing and never changes one in place (as its own hashes, extensions/catalog/catalogBuild.ts), so an
 * input schema object with the same name, title, description and annotations beside it is the
 * definition seen before.
 */
import type { ToolDefinition } from './types'

export type DefinitionFields = Pick<ToolDefinition, 'name' | 'title' | 'description' | 'inputSchema' | 'annotations'>

export function perDefinition<T>(compute: (tool: DefinitionFields) => T): (tool: DefinitionFields) => T {
  const kept = new WeakMap<object, { tool: DefinitionFields; value: T }>()
  return (tool) => {
    const seen = kept.get(tool.inputSchema)
    if (seen && seen.tool.name === tool.name && seen.tool.title === tool.title && seen.tool.description === tool.description && seen.tool.annotations === tool.annotations) return seen.value
    const value = compute(tool)
    kept.set(tool.inputSchema, { tool: { name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations }, value })
    return value
  }
}
