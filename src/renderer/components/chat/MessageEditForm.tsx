/**
 * Editing the person's last message in place: Enter (or "Send") sends the edited text in its place,
 * Shift+Enter adds a line, Escape (or "Cancel") leaves it as it was. The reply to the old text is set
 * aside once the new one is sent.
 */
import { useState, type KeyboardEvent } from 'react'
import { primaryButton, secondaryButton } from '../ui'
import { useAutosize } from './useAutosize'

interface Props {
  text: string
  onCancel: () => void
  /** Resolves false when the host refused (the error is shown); the form stays open then. */
  onSend: (text: string) => Promise<boolean>
}

export function MessageEditForm({ text, onCancel, onSend }: Props) {
  const [draft, setDraft] = useState(text)
  const [busy, setBusy] = useState(false)
  const box = useAutosize(draft)
  const empty = draft.trim() === ''
  const send = async () => {
    if (empty || busy) return
    setBusy(true)
    const sent = await onSend(draft)
    if (!sent) setBusy(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }
  return (
    <form
      aria-label="Edit message"
      className="w-full max-w-[85%] rounded-2xl border border-indigo-300 bg-white p-2 shadow-sm dark:border-indigo-500/60 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <textarea
        ref={box}
        aria-label="Edited message"
        value={draft}
        autoFocus
        rows={1}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-64 w-full resize-none bg-transparent px-2 py-1.5 text-[14.5px] leading-relaxed text-zinc-900 focus-visible:outline-none dark:text-zinc-100"
      />
      <div className="flex justify-end gap-2 pt-1">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={empty || busy}>
          Send
        </button>
      </div>
    </form>
  )
}
