/** A message the person sent: their own words, as typed (not markdown), in a bubble on the right, with the resources attached to it below. */
import { memo } from 'react'
import type { HookChange, MessageAttachmentView } from '../../../shared/hostApi'
import { HookTrail } from './HookTrail'
import { SentAttachments } from './SentAttachments'

interface Props {
  text: string
  /** Resources attached to it, as recorded in the history. */
  attachments?: readonly MessageAttachmentView[]
  /** Sent, not yet in the saved history. */
  sending?: boolean
  /** Who wrote it when not the person, e.g. "App of Weather" (an MCP App's message). */
  from?: string
  /** What hooks changed before the model got it; the text is what the model got. */
  hookChanges?: readonly HookChange[]
  refusedBy?: { hook: string; reason: string }
  posinset?: number
  setsize?: number
}

export const UserMessage = memo(function UserMessage({ text, attachments, sending = false, from, hookChanges, refusedBy, posinset, setsize }: Props) {
  return (
    <article aria-label={from ?? 'You'} aria-posinset={posinset} aria-setsize={setsize} data-role="user" className="flex flex-col items-end gap-1.5">
      {from && <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">From the {from}</span>}
      <div
        className={
          'max-w-[85%] rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-[14.5px] leading-relaxed break-words whitespace-pre-wrap text-white shadow-sm ' +
          'dark:bg-indigo-500 ' +
          (sending ? 'opacity-70' : '')
        }
      >
        {text}
      </div>
      {attachments && attachments.length > 0 && <SentAttachments attachments={attachments} />}
      <HookTrail changes={hookChanges} refusedBy={refusedBy} />
    </article>
  )
})
