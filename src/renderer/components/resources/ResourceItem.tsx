/**
 * A resource in a tool result — a `resource_link` or an embedded `resource` — as an item that opens:
 * a link is read from its extension and previewed in a dialog (from where it can be attached to the
 * message); an embedded resource shows the content that came with the result.
 */
import { useState } from 'react'
import type { ContentBlock } from '../extensions/contentBlocks'
import { base64Bytes } from '../extensions/contentBlocks'
import { smallSecondaryButton } from '../ui'
import { AttachButton } from './AttachButton'
import { ResourceDialog } from './ResourceDialog'
import { ResourceContentView, ResourcePreview } from './ResourcePreview'
import { VisibleText } from '../VisibleText'

type ResourceBlock = Extract<ContentBlock, { type: 'resource_link' | 'resource' }>

export function ResourceItem({ block, extensionId }: { block: ResourceBlock; extensionId?: string }) {
  const [open, setOpen] = useState(false)
  const isLink = block.type === 'resource_link'
  const uri = isLink ? block.uri : block.resource.uri
  const name = isLink ? (block.title ?? block.name ?? block.uri) : block.resource.uri
  const mimeType = isLink ? block.mimeType : block.resource.mimeType
  const canOpen = !isLink || extensionId !== undefined

  return (
    <div className="flex items-start gap-3 rounded-md border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium wrap-anywhere">{name}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {isLink ? 'Link to a resource' : 'Embedded resource'}
            {mimeType ? ` · ${mimeType}` : ''}
          </span>
        </p>
        {name !== uri && <p className="font-mono text-xs wrap-anywhere text-indigo-700 dark:text-indigo-300">{uri}</p>}
        {isLink && block.description && (
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            <VisibleText text={block.description} />
          </p>
        )}
      </div>
      <button type="button" className={smallSecondaryButton} disabled={!canOpen} title={canOpen ? undefined : 'The extension that sent it is unknown'} onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ResourceDialog title={name} onClose={() => setOpen(false)}>
          {isLink ? (
            <ResourcePreview extensionId={extensionId!} uri={uri} name={name} />
          ) : (
            <div className="space-y-3">
              {extensionId && (
                <div className="flex justify-end">
                  <AttachButton reference={{ extensionId, uri }} />
                </div>
              )}
              <ResourceContentView
                content={{
                  uri,
                  mimeType,
                  text: block.resource.text,
                  blob: block.resource.blob,
                  size: block.resource.text !== undefined ? block.resource.text.length : base64Bytes(block.resource.blob ?? ''),
                }}
              />
            </div>
          )}
        </ResourceDialog>
      )}
    </div>
  )
}
