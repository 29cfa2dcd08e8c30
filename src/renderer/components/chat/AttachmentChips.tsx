/**
 * The resources attached to the message being written, as chips above the field. They stay after
 * sending (the model gets their current content with every message); × detaches one, and for a
 * conversation that exists the host is told at once, so it stops following the resource.
 */
import type { AttachmentRef } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useAttachments, useAttachmentsStore } from '../../stores/attachmentsStore'
import { NEW_CHAT } from '../../stores/chatViewStore'

export function AttachmentChips({ draftKey }: { draftKey: string }) {
  const attachments = useAttachments(draftKey)
  const detach = useAttachmentsStore((state) => state.detach)
  const act = useHostAction()
  if (attachments.length === 0) return null

  const remove = (ref: AttachmentRef) => {
    detach(draftKey, ref)
    if (draftKey === NEW_CHAT) return
    const rest = useAttachmentsStore.getState().attachments[draftKey] ?? []
    void act('chat_attachments_set', { sessionId: draftKey, attachments: [...rest] })
  }

  return (
    <ul aria-label="Attached resources" className="flex flex-wrap gap-1.5 px-3 pt-2.5">
      {attachments.map((ref) => (
        <li
          key={`${ref.extensionId}\n${ref.uri}`}
          title={`${ref.uri} (from ${ref.extensionId}); the model gets its current content with each message while it is attached`}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-xs text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
        >
          <span className="truncate">{ref.name ?? ref.uri}</span>
          <span className="shrink-0 text-indigo-500 dark:text-indigo-300">· {ref.extensionId}</span>
          <button
            type="button"
            aria-label={`Detach ${ref.name ?? ref.uri}`}
            onClick={() => remove(ref)}
            className="inline-flex size-5 items-center justify-center rounded-full text-indigo-600 hover:bg-indigo-100 hover:text-indigo-900 dark:text-indigo-300 dark:hover:bg-indigo-500/20"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
