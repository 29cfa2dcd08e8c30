/**
 * Namespaced names of extension tools and prompts as the model sees them: `<extension>__<tool>`.
 *
 * Why this cannot shadow: extension ids are slugs without `_` (see `ExtensionIdPattern`), so the
 * first `__` in a name always ends the extension part, and ids are unique. Inside one extension, a
 * tool name that is already legal is used as is; any other name is sanitized and gets a suffix
 * hashed from the exact original name, so it is stable across restarts and independent of what
 * other tools exist.
 */

/** The names every model provider accepts for tools. */
export const ToolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/
export const MaxToolNameLength = 64

/** Extension ids: lower-case slugs without `_`, so `__` can separate them from tool names. */
export const ExtensionIdPattern = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/

const separator = '__'
const hashLength = 8

/** FNV-1a, 32 bit, as 8 hex digits: small, stable, and good enough to tell apart tools of one extension. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(hashLength, '0')
}

/** Replaces every character outside `[a-zA-Z0-9_-]` with `_` and collapses runs of `_`. */
export function sanitizeNamePart(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/_+/g, '_')
}

/**
 * The namespaced name of `toolName` in extension `extensionId` (which must match `ExtensionIdPattern`).
 * Always matches `ToolNamePattern`.
 */
export function namespacedToolName(extensionId: string, toolName: string): string {
  if (!ExtensionIdPattern.test(extensionId)) {
    throw new Error(`Extension id "${extensionId}" is not a slug; ids must match ${String(ExtensionIdPattern)}.`)
  }
  const prefix = extensionId + separator
  const plain = prefix + toolName
  if (toolName.length > 0 && ToolNamePattern.test(plain)) return plain
  const suffix = '_' + stableHash(toolName)
  const room = MaxToolNameLength - prefix.length - suffix.length
  const readable = sanitizeNamePart(toolName).replace(/^_+|_+$/g, '').slice(0, Math.max(room, 0))
  return prefix + readable + suffix
}

/** Splits a namespaced name into its extension id and tool part, or undefined when it is not one. */
export function splitNamespacedName(name: string): { extensionId: string; toolPart: string } | undefined {
  const at = name.indexOf(separator)
  if (at <= 0) return undefined
  const extensionId = name.slice(0, at)
  const toolPart = name.slice(at + separator.length)
  if (!ExtensionIdPattern.test(extensionId) || toolPart.length === 0) return undefined
  return { extensionId, toolPart }
}

/** A free extension id derived from a display name: `My Server!` → `my-server`, then `my-server-2`… */
export function extensionIdFromName(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24)
      .replace(/-+$/, '') || 'extension'
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
