/**
 * One content block of a tool result that is not a resource: text, an image, a note for audio, or
 * the JSON of an unknown block. Resources are items that open (resources/ResultBlocks.tsx).
 */
import { base64Bytes, type ContentBlock } from './contentBlocks'
import { formatBytes } from '../../../shared/format'

export type PlainContentBlock = Exclude<ContentBlock, { type: 'resource_link' | 'resource' }>

const pre = 'font-mono text-xs leading-relaxed break-words whitespace-pre-wrap'

export function ContentBlockView({ block }: { block: PlainContentBlock }) {
  switch (block.type) {
    case 'text':
      return <pre className={`${pre} text-zinc-900 dark:text-zinc-100`}>{block.text}</pre>
    case 'image':
      return (
        <figure>
          <img
            src={`data:${block.mimeType};base64,${block.data.replace(/\s/g, '')}`}
            alt={`Image from the tool (${block.mimeType})`}
            className="max-h-80 max-w-full rounded border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800"
          />
          <figcaption className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {block.mimeType} · {formatBytes(base64Bytes(block.data))}
          </figcaption>
        </figure>
      )
    case 'audio':
      return (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Audio ({block.mimeType}, {formatBytes(base64Bytes(block.data))}); audio cannot be played here.
        </p>
      )
    case 'unknown':
      return <pre className={`${pre} text-zinc-600 dark:text-zinc-400`}>{block.json}</pre>
  }
}
