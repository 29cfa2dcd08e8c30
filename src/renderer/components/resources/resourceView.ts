/**
 * Pure helpers for showing resources: who a content part is for (`annotations.audience`), how a
 * read resource is previewed, and the variables of a resource template. Resource and tool content
 * is untrusted: everything here checks shapes instead of assuming them.
 */
import { UriTemplate } from '@modelcontextprotocol/client'
import type { ResourceContent } from '../../../shared/hostApi'

/** Who a content part is for: no audience (or both) is everyone. */
export type Audience = 'everyone' | 'person' | 'model'

export function audienceOf(block: unknown): Audience {
  const audience = (block as { annotations?: { audience?: unknown } } | null)?.annotations?.audience
  if (!Array.isArray(audience) || audience.length === 0) return 'everyone'
  const person = audience.includes('user')
  const model = audience.includes('assistant')
  return person === model ? 'everyone' : person ? 'person' : 'model'
}

/** Parts shown to the person, and parts meant only for the model (shown collapsed). */
export function splitByAudience<T>(content: readonly T[]): { shown: T[]; forModel: T[] } {
  const shown: T[] = []
  const forModel: T[] = []
  for (const block of content) (audienceOf(block) === 'model' ? forModel : shown).push(block)
  return { shown, forModel }
}

export type Preview =
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string }
  | { kind: 'image'; src: string }
  | { kind: 'binary'; mimeType: string; size: number; omitted: boolean }

const isJsonType = (mimeType: string | undefined) => mimeType !== undefined && /^application\/([a-z0-9.+-]+\+)?json\b/i.test(mimeType)

/** How one content item of a read resource is shown: JSON pretty-printed, images drawn, other blobs described. */
export function previewOf(content: ResourceContent): Preview {
  if (content.text !== undefined) {
    if (isJsonType(content.mimeType) && !content.truncated) {
      try {
        return { kind: 'json', text: JSON.stringify(JSON.parse(content.text), null, 2) }
      } catch {
        // Not JSON after all: shown as the text it is.
      }
    }
    return { kind: 'text', text: content.text }
  }
  const mimeType = content.mimeType ?? 'application/octet-stream'
  if (content.blob !== undefined && /^image\/(png|jpeg|gif|webp|bmp|avif)$/i.test(mimeType) && /^[A-Za-z0-9+/=\s]*$/.test(content.blob)) {
    return { kind: 'image', src: `data:${mimeType};base64,${content.blob.replace(/\s/g, '')}` }
  }
  return { kind: 'binary', mimeType, size: content.size, omitted: content.omittedBytes !== undefined }
}

/** The variables of a URI template, or null when it cannot be parsed. */
export function templateVariables(template: string): string[] | null {
  try {
    return new UriTemplate(template).variableNames
  } catch {
    return null
  }
}

/** The URI a template gives with these values, or null when it cannot be expanded. */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string | null {
  try {
    return new UriTemplate(template).expand({ ...values })
  } catch {
    return null
  }
}
