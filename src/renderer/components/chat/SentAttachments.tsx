/**
 * The resources that were attached to a sent message, as small chips under it. A chip opens the
 * resource's current content in the preview dialog while its extension is installed; otherwise it
 * only says what the resource was and what the model got. Its tooltip says where the content came
 * from ("From Mail — outside content"): shown on hover, and read out on keyboard focus (every chip is
 * focusable), like a tool card's header.
 */
import { useMemo, useState } from 'react'
import type { MessageAttachmentView } from '../../../shared/hostApi'
import { useExtensionsStore } from '../../stores/extensionsStore'
import { ResourceDialog } from '../resources/ResourceDialog'
import { ResourcePreview } from '../resources/ResourcePreview'
import { sentAttachmentChip, type SentAttachmentChip } from './sentAttachments'

const chipClass = 'inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs '

export function SentAttachments({ attachments }: { attachments: readonly MessageAttachmentView[] }) {
  const extensions = useExtensionsStore((state) => state.extensions)
  const installed = useMemo(() => (extensions ? new Set(extensions.map((extension) => extension.id)) : null), [extensions])
  const [open, setOpen] = useState<MessageAttachmentView | null>(null)

  return (
    <>
      <ul aria-label="Resources attached to this message" className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
      {attachments.map((attachment) => (
        <li key={`${attachment.extensionId}\n${attachment.uri}`} className="max-w-full">
          <AttachmentChip attachment={attachment} chip={sentAttachmentChip(attachment, installed)} onOpen={() => setOpen(attachment)} />
        </li>
      ))}
      </ul>
      {open && (
        <ResourceDialog title={open.name ?? open.uri} onClose={() => setOpen(null)}>
          <ResourcePreview extensionId={open.extensionId} uri={open.uri} name={open.name} />
        </ResourceDialog>
      )}
    </>
  )
}

/** One chip: a button that opens the resource, or (its extension gone) a focusable label; either way its tooltip says where it came from and what the model got. */
export function AttachmentChip({ attachment, chip: { label, detail, canOpen }, onOpen }: { attachment: MessageAttachmentView; chip: SentAttachmentChip; onOpen: () => void }) {
  const content = (
    <>
      <span className="truncate">{label}</span>
      <span className="shrink-0 opacity-70">· {attachment.extensionId}</span>
    </>
  )
  if (canOpen) {
    return (
      <button
        type="button"
        title={detail}
        aria-label={`Open attached resource ${label}`}
        onClick={onOpen}
        className={chipClass + 'border-indigo-200 bg-indigo-50 text-indigo-900 hover:bg-indigo-100 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100 dark:hover:bg-indigo-500/20'}
      >
        {content}
      </button>
    )
  }
  // Focusable like the chips that open, so the tooltip is reachable by keyboard too.
  return (
    <span tabIndex={0} title={detail} aria-label={`Attached resource ${label}`} className={chipClass + 'border-zinc-200 bg-zinc-50 text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-400'}>
      {content}
    </span>
  )
}
