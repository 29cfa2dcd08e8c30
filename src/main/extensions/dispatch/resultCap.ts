/**
 * Caps a tool result before it reaches the model or the renderer (F10). A huge but legal result
 * (MBs of text, big images) is cut to a budget with a marker saying so; the caller keeps the full
 * result for the person to open.
 */
import type { CallToolResult } from '@modelcontextprotocol/client'
import { formatBytes } from '../../../shared/format'

type ContentBlock = CallToolResult['content'][number]

export interface CappedResult {
  result: CallToolResult
  truncated: boolean
  /** Size of the original content (characters of text, base64 characters of binary data). */
  originalSize: number
}

function blockSize(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length
    case 'image':
    case 'audio':
      return block.data.length
    case 'resource': {
      const resource = block.resource as { text?: string; blob?: string }
      return (resource.text ?? resource.blob ?? '').length
    }
    case 'resource_link':
      return JSON.stringify(block).length
    default:
      return JSON.stringify(block satisfies never).length
  }
}

/** Cuts one block to `budget`, or replaces it by a short note when it cannot be cut. */
function shrink(block: ContentBlock, budget: number, size: number): ContentBlock {
  if (block.type === 'text') return { ...block, text: block.text.slice(0, budget) }
  if (block.type === 'resource') {
    const resource = block.resource as { uri: string; text?: string }
    if (resource.text !== undefined && budget > 0) return { ...block, resource: { ...block.resource, text: resource.text.slice(0, budget) } } as ContentBlock
    return { type: 'text', text: `[embedded resource ${resource.uri} omitted: ${formatBytes(size)}]` }
  }
  return { type: 'text', text: `[${block.type} omitted: ${formatBytes(size)}]` }
}

/** The result within `maxSize`; unchanged (same object) when it already fits. */
export function capResult(result: CallToolResult, maxSize: number): CappedResult {
  const content = result.content ?? []
  const sizes = content.map(blockSize)
  const structuredSize = result.structuredContent === undefined ? 0 : JSON.stringify(result.structuredContent).length
  const originalSize = sizes.reduce((sum, size) => sum + size, 0) + structuredSize
  if (originalSize <= maxSize) return { result, truncated: false, originalSize }

  let budget = maxSize
  const kept: ContentBlock[] = []
  content.forEach((block, index) => {
    const size = sizes[index] ?? 0
    if (size <= budget) {
      kept.push(block)
      budget -= size
    } else if (block.type === 'text' && budget === 0) {
      // Nothing of it fits; the marker below accounts for it.
    } else {
      kept.push(shrink(block, budget, size))
      budget = 0
    }
  })
  const capped: CallToolResult = { ...result, content: kept }
  if (structuredSize > budget) delete capped.structuredContent
  kept.push({
    type: 'text',
    text: `[truncated: the full result is ${formatBytes(originalSize)}, more than the ${formatBytes(maxSize)} shown here; the person can open the full result]`,
  })
  return { result: capped, truncated: true, originalSize }
}
