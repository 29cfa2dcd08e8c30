/**
 * A tool result as the model reads it. MCP content (text, images, audio, resource links, embedded
 * resources, structured content) becomes the AI SDK's tool output: plain text when the result is
 * only text (every provider takes that as is), otherwise content parts with images as image data.
 * What a provider cannot take in a tool result (audio, binary resources) is described in words.
 * Sizes are already capped (by the dispatcher and the store), markers included. Parts whose
 * `annotations.audience` leaves out the assistant stay with the person.
 */
import type { ToolResultPart } from 'ai'
import type { StoredContentBlock, ToolResultMessage } from './session/storedMessage'
import { formatBytes } from '../../shared/format'

export type ModelToolOutput = ToolResultPart['output']
type OutputPart = Extract<ModelToolOutput, { type: 'content' }>['value'][number]

const EMPTY_RESULT = '(the tool returned no content)'
const FOR_PERSON_ONLY = '(the tool returned content meant only for the person, which was shown to them)'

/**
 * `annotations.audience` decides who a part is for: a part marked for the user alone is shown to
 * the person and never sent to the model; no audience (or both) means everyone.
 */
export function isForModel(block: StoredContentBlock): boolean {
  const audience = (block.annotations as { audience?: unknown } | undefined)?.audience
  return !Array.isArray(audience) || audience.length === 0 || audience.includes('assistant')
}

export function toModelOutput(result: Pick<ToolResultMessage, 'status' | 'content' | 'structuredContent'>): ModelToolOutput {
  const forModel = result.content.filter(isForModel)
  const parts = forModel.flatMap(toOutputParts)
  if (forModel.length < result.content.length && parts.length === 0) parts.push({ type: 'text', text: FOR_PERSON_ONLY })
  const structured = structuredText(result.structuredContent, parts)
  if (structured) parts.push({ type: 'text', text: structured })
  const isError = result.status !== 'ok'
  const onlyText = parts.every((part) => part.type === 'text')
  if (onlyText || isError) {
    const text = parts.map((part) => (part.type === 'text' ? part.text : `[${part.type} omitted from the error]`)).join('\n') || EMPTY_RESULT
    return isError ? { type: 'error-text', value: text } : { type: 'text', value: text }
  }
  return { type: 'content', value: parts }
}

/** The text of a result, for the security inspector's prompt-injection check. */
export function resultText(content: readonly StoredContentBlock[]): string {
  return content
    .filter(isForModel)
    .flatMap((block) => toOutputParts(block))
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n')
}

function toOutputParts(block: StoredContentBlock): OutputPart[] {
  const field = (name: string): string | undefined => (typeof block[name] === 'string' ? (block[name] as string) : undefined)
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: field('text') ?? '' }]
    case 'image': {
      const data = field('data')
      const mediaType = field('mimeType')
      return data && mediaType ? [{ type: 'image-data', data, mediaType }] : [{ type: 'text', text: '[an image without data]' }]
    }
    case 'audio':
      return [{ type: 'text', text: `[audio (${field('mimeType') ?? 'unknown type'}, ${formatBytes(field('data')?.length ?? 0)}) not passed to the model]` }]
    case 'resource_link': {
      const description = field('description')
      return [{ type: 'text', text: `[resource link] ${field('name') ?? ''} ${field('uri') ?? ''}${field('mimeType') ? ` (${field('mimeType')})` : ''}${description ? `: ${description}` : ''}`.replace(/\s+/g, ' ') }]
    }
    case 'resource':
      return embeddedResource(block.resource)
    default:
      return [{ type: 'text', text: `[content of type "${block.type}" not passed to the model]` }]
  }
}

function embeddedResource(resource: unknown): OutputPart[] {
  const { uri, mimeType, text, blob } = (resource ?? {}) as { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown }
  const name = typeof uri === 'string' ? uri : 'an embedded resource'
  if (typeof text === 'string') return [{ type: 'text', text: `[resource ${name}]\n${text}` }]
  if (typeof blob === 'string' && typeof mimeType === 'string' && mimeType.startsWith('image/')) return [{ type: 'image-data', data: blob, mediaType: mimeType }]
  return [{ type: 'text', text: `[resource ${name}${typeof mimeType === 'string' ? ` (${mimeType})` : ''}, ${formatBytes(typeof blob === 'string' ? blob.length : 0)} of binary data not passed to the model]` }]
}

/**
 * Structured content as JSON text, unless a text block already carries the same JSON (the MCP spec
 * asks servers to include it as text too; sending it twice would only cost tokens).
 */
function structuredText(structured: unknown, parts: OutputPart[]): string | undefined {
  if (structured === undefined) return undefined
  const json = JSON.stringify(structured)
  const duplicate = parts.some((part) => {
    if (part.type !== 'text') return false
    try {
      return JSON.stringify(JSON.parse(part.text)) === json
    } catch {
      return false
    }
  })
  return duplicate ? undefined : `structured content: ${json}`
}
