/**
 * Attaches a resource to the message being written in the conversation open in the chat (a new one
 * when none is): the composer shows it as a chip, and it goes to the model with the next message.
 */
import { useState } from 'react'
import { MAX_ATTACHMENTS, type AttachmentRef } from '../../../shared/hostApi'
import { useAttachmentsStore } from '../../stores/attachmentsStore'
import { NEW_CHAT } from '../../stores/chatViewStore'
import { useViewStore } from '../../stores/viewStore'
import { quietButton, smallSecondaryButton } from '../ui'

export function AttachButton({ reference }: { reference: AttachmentRef }) {
  const selectedId = useViewStore((state) => state.selectedId)
  const selectSession = useViewStore((state) => state.selectSession)
  const screen = useViewStore((state) => state.screen)
  const attach = useAttachmentsStore((state) => state.attach)
  const [outcome, setOutcome] = useState<'attached' | 'full' | null>(null)

  return (
    <div className="flex flex-wrap items-center gap-2">
      {outcome === 'attached' && (
        <span role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          Attached to {selectedId ? 'the open conversation' : 'a new conversation'}.
          {screen !== 'sessions' && (
            <button type="button" className={`${quietButton} ml-1`} onClick={() => selectSession(selectedId)}>
              Go to the conversation
            </button>
          )}
        </span>
      )}
      {outcome === 'full' && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          A message can carry {MAX_ATTACHMENTS} resources; remove one from the composer first.
        </span>
      )}
      <button type="button" className={smallSecondaryButton} onClick={() => setOutcome(attach(selectedId ?? NEW_CHAT, reference) ? 'attached' : 'full')}>
        Attach to message
      </button>
    </div>
  )
}
