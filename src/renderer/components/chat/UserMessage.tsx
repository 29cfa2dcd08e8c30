/**
 * A message the person sent: their own words, as typed (not markdown), in a bubble on the right, with
 * the resources attached to it below, a copy button, and on the last one a way to edit and resend it.
 */
import { memo, useRef, useState } from 'react'
import type { HookChange, MessageAttachmentView, Provenance } from '../../../shared/hostApi'
import { provenanceLabel } from '../../../shared/provenanceText'
import { CopyButton } from '../CopyButton'
import { PencilIcon } from '../icons'
import { quietButton } from '../ui'
import { HookTrail } from './HookTrail'
import { MessageEditForm } from './MessageEditForm'
import { SentAttachments } from './SentAttachments'

interface Props {
  text: string
  /** Resources attached to it, as recorded in the history. */
  attachments?: readonly MessageAttachmentView[]
  /** Sent, not yet in the saved history. */
  sending?: boolean
  /** Who wrote it when not the person, e.g. "App of Weather" (an MCP App's message). */
  from?: string
  /** Where it came from; hovering a message that is not the person's own says so ("From Cursor — outside content"). */
  provenance?: Provenance
  /** What hooks changed before the model got it; the text is what the model got. */
  hookChanges?: readonly HookChange[]
  refusedBy?: { hook: string; reason: string }
  /** Offered on the person's last message while nothing runs: sends the edited text in its place. */
  onEdit?: (text: string) => Promise<boolean>
  posinset?: number
  setsize?: number
}

export const UserMessage = memo(function UserMessage({ text, attachments, sending = false, from, provenance, hookChanges, refusedBy, onEdit, posinset, setsize }: Props) {
  const bubble = useRef<HTMLDivElement>(null)
  const [editing, setEditing] = useState(false)
  return (
    <article
      aria-label={from ?? 'You'}
      aria-posinset={posinset}
      aria-setsize={setsize}
      data-role="user"
      title={provenance && provenance.from.kind !== 'person' ? provenanceLabel(provenance) : undefined}
      className="group/user flex flex-col items-end gap-1.5"
    >
      {from && <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">From the {from}</span>}
      {editing && onEdit ? (
        <MessageEditForm
          text={text}
          onCancel={() => setEditing(false)}
          onSend={async (edited) => {
            const sent = await onEdit(edited)
            if (sent) setEditing(false)
            return sent
          }}
        />
      ) : (
        <div
          ref={bubble}
          className={
            'max-w-[85%] rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-[14.5px] leading-relaxed break-words whitespace-pre-wrap text-white shadow-sm ' +
            'dark:bg-indigo-500 ' +
            (sending ? 'opacity-70' : '')
          }
        >
          {text}
        </div>
      )}
      {attachments && attachments.length > 0 && <SentAttachments attachments={attachments} />}
      <HookTrail changes={hookChanges} refusedBy={refusedBy} />
      {!sending && !editing && (
        // Icons only (names in tooltips): the message's text stays the only text of its article.
        <div className="flex items-center gap-0.5 text-[11px] text-zinc-500 dark:text-zinc-400">
          <CopyButton text={text} shownIn={bubble} label="Copy message" iconOnly />
          {onEdit && (
            <button type="button" className={quietButton} onClick={() => setEditing(true)} aria-label="Edit message" title="Edit this message and send it again">
              <PencilIcon className="size-3.5" />
            </button>
          )}
        </div>
      )}
    </article>
  )
})
