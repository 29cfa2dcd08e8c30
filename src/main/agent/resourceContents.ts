/**
 * What a resources/read answer becomes before it leaves main (to the renderer's preview or the
 * model's context): each content item checked, text cut at MAX_RESOURCE_TEXT with a marker, and
 * blobs larger than MAX_RESOURCE_BLOB left out (their size and type are kept). Resource contents are
 * untrusted like tool results (docs/architecture.md §9 F10).
 */
import type { ImagePart, ModelMessage, TextPart } from 'ai'
import { z } from 'zod'
import { MAX_RESOURCE_BLOB, MAX_RESOURCE_TEXT, type ResourceContent } from '../../shared/hostApi'
import { formatBytes } from '../../shared/format'

const ContentItem = z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() })

/** The marker put after text that was cut. */
export const truncationMarker = (shown: number, size: number): string => `\n[… cut: showing ${shown} of ${size} characters]`

export function capResourceContents(contents: readonly unknown[], limits = { text: MAX_RESOURCE_TEXT, blob: MAX_RESOURCE_BLOB }): ResourceContent[] {
  return contents.flatMap((raw): ResourceContent[] => {
    const parsed = ContentItem.safeParse(raw)
    if (!parsed.success) return []
    const { uri, mimeType, text, blob } = parsed.data
    if (text !== undefined) {
      if (text.length <= limits.text) return [{ uri, mimeType, text, size: text.length }]
      return [{ uri, mimeType, text: text.slice(0, limits.text) + truncationMarker(limits.text, text.length), size: text.length, truncated: true }]
    }
    const bytes = blobBytes(blob ?? '')
    if (blob !== undefined && blob.length <= limits.blob) return [{ uri, mimeType, blob, size: bytes }]
    return [{ uri, mimeType, size: bytes, omittedBytes: bytes }]
  })
}

function blobBytes(base64: string): number {
  const clean = base64.replace(/\s/g, '')
  return Math.max(0, Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0))
}

/** One attached resource as the model reads it, labelled with its URI so the model can tell it from the message. */
export function attachmentParts(extensionId: string, uri: string, contents: readonly ResourceContent[] | undefined, error?: string): (TextPart | ImagePart)[] {
  const label = `[Attached resource ${uri} from extension "${extensionId}"]`
  if (error !== undefined) return [{ type: 'text', text: `${label}\n(could not be read: ${error})` }]
  if (!contents || contents.length === 0) return [{ type: 'text', text: `${label}\n(empty)` }]
  return contents.flatMap((content): (TextPart | ImagePart)[] => {
    const heading = `${label}${content.uri !== uri ? ` ${content.uri}` : ''}${content.mimeType ? ` (${content.mimeType})` : ''}`
    if (content.text !== undefined) return [{ type: 'text', text: `${heading}\n${content.text}` }]
    if (content.blob !== undefined && content.mimeType?.startsWith('image/')) {
      return [{ type: 'text', text: heading }, { type: 'image', image: content.blob, mediaType: content.mimeType }]
    }
    return [{ type: 'text', text: `${heading}\n[${formatBytes(content.size)} of binary data not passed to the model]` }]
  })
}

/** Adds attached resources to the last message (the person's, just committed) as parts after its text. */
export function addAttachedContext(messages: ModelMessage[], parts: readonly (TextPart | ImagePart)[]): void {
  const last = messages.at(-1)
  if (parts.length === 0 || last?.role !== 'user') return
  const own = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content
  messages[messages.length - 1] = { ...last, content: [...own, ...parts] }
}
