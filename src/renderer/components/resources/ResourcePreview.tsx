/**
 * A read resource: each content item as what it is (text, pretty JSON, an image, or the size and
 * type of binary data), with a note when the host cut it, and a button to attach it to the message
 * being written. Reading shows progress; a failure says why and offers to try again.
 */
import { useState } from 'react'
import type { ResourceContent } from '../../../shared/hostApi'
import { AlertIcon } from '../icons'
import { smallSecondaryButton } from '../ui'
import { AttachButton } from './AttachButton'
import { previewOf } from './resourceView'
import { useResourceRead } from './useResourceRead'
import { formatBytes } from '../../../shared/format'

const pre = 'max-h-96 overflow-auto rounded-md bg-zinc-50 px-3 py-2 font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200'

export function ResourceContentView({ content }: { content: ResourceContent }) {
  const preview = previewOf(content)
  return (
    <figure className="space-y-1">
      <figcaption className="flex flex-wrap gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-mono wrap-anywhere">{content.uri}</span>
        {content.mimeType && <span>{content.mimeType}</span>}
        <span>{content.text !== undefined ? `${content.size.toLocaleString()} characters` : formatBytes(content.size)}</span>
      </figcaption>
      {preview.kind === 'text' && <pre className={pre}>{preview.text}</pre>}
      {preview.kind === 'json' && <pre className={pre}>{preview.text}</pre>}
      {preview.kind === 'image' && (
        <img src={preview.src} alt={`Image resource ${content.uri}`} className="max-h-80 max-w-full rounded border border-zinc-200 bg-white dark:border-zinc-700" />
      )}
      {preview.kind === 'binary' && (
        <p className="rounded-md border border-dashed border-zinc-300 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          Binary data: {preview.mimeType}, {formatBytes(preview.size)}
          {preview.omitted ? ' (too large to show here).' : '.'}
        </p>
      )}
      {content.truncated && <p className="text-xs text-amber-700 dark:text-amber-300">The text was cut to keep the window responsive; the model gets the same shortened text.</p>}
    </figure>
  )
}

interface Props {
  extensionId: string
  uri: string
  name?: string
}

export function ResourcePreview({ extensionId, uri, name }: Props) {
  const [attempt, setAttempt] = useState(0)
  const state = useResourceRead(extensionId, uri, attempt)
  return (
    <section aria-label={`Preview of ${name ?? uri}`} aria-busy={state.status === 'loading'} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="min-w-0 text-sm font-semibold wrap-anywhere">{name ?? uri}</h4>
        <AttachButton reference={{ extensionId, uri, ...(name ? { name } : {}) }} />
      </div>
      {state.status === 'loading' && (
        <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
          Reading the resource…
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
          <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
          <p className="min-w-0 flex-1 break-words">Could not read it: {state.message}</p>
          <button type="button" className={smallSecondaryButton} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'done' &&
        (state.contents.length === 0 ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">The resource is empty.</p>
        ) : (
          state.contents.map((content, index) => <ResourceContentView key={index} content={content} />)
        ))}
    </section>
  )
}
