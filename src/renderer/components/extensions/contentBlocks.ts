/**
 * The content blocks of a tool result, checked before they are shown: tool results are untrusted,
 * so each block is parsed into a known shape and anything else is shown as plain JSON text.
 */
import { z } from 'zod'

const base64 = z.string().regex(/^[A-Za-z0-9+/=\s]*$/)

const TextBlock = z.object({ type: z.literal('text'), text: z.string() })
const ImageBlock = z.object({ type: z.literal('image'), data: base64, mimeType: z.string().regex(/^image\/[a-z0-9.+-]+$/i) })
const AudioBlock = z.object({ type: z.literal('audio'), data: z.string(), mimeType: z.string() })
const ResourceLinkBlock = z.object({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
})
const EmbeddedResourceBlock = z.object({
  type: z.literal('resource'),
  resource: z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() }),
})

const KnownBlock = z.discriminatedUnion('type', [TextBlock, ImageBlock, AudioBlock, ResourceLinkBlock, EmbeddedResourceBlock])

export type ContentBlock = z.infer<typeof KnownBlock> | { type: 'unknown'; json: string }

export function parseContentBlocks(content: readonly unknown[]): ContentBlock[] {
  return content.map((block) => {
    const parsed = KnownBlock.safeParse(block)
    if (parsed.success) return parsed.data
    let json: string
    try {
      json = JSON.stringify(block, null, 2) ?? String(block)
    } catch {
      json = String(block)
    }
    return { type: 'unknown', json }
  })
}

/** Approximate decoded size of base64 data, for "audio, 12 KB". */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '')
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0)
}
