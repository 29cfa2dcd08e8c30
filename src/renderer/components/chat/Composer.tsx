/**
 * Where messages are typed: Enter sends, Shift+Enter starts a new line, the field grows with the
 * text. While a reply is being written the button stops it. When nothing can be sent, the field
 * says why and how to fix it. The model picker sits beside the buttons. A `/` at the start lists
 * the extensions' prompts as slash commands (useSlashCommands.ts); attached resources show as chips.
 */
import { useEffect, useId, type FormEvent, type KeyboardEvent } from 'react'
import { useChatViewStore } from '../../stores/chatViewStore'
import { useConnectionStore } from '../../stores/connectionStore'
import { useModelsStore } from '../../stores/modelsStore'
import { useViewStore } from '../../stores/viewStore'
import { InfoIcon, StopIcon } from '../icons'
import { primaryButton, secondaryButton } from '../ui'
import { composerBlock } from './composerBlock'
import { ModelPicker } from './ModelPicker'
import { useAutosize } from './useAutosize'
import { AttachmentChips } from './AttachmentChips'
import { PromptForm } from './PromptForm'
import { SlashMenu, slashOptionId } from './SlashMenu'
import { useSlashCommands } from './useSlashCommands'

interface Props {
  /** Where the draft is kept: the session id, or NEW_CHAT. */
  draftKey: string
  /** A reply is being written (Stop instead of Send). */
  running: boolean
  /** Stop was pressed; waiting for the turn to end. */
  stopping: boolean
  /** Stop cannot be pressed yet (the first message of a conversation has no session id until the host answers). */
  stopDisabled?: boolean
  /** Resolves false when the host refused the message (the draft comes back). */
  onSend: (text: string) => Promise<boolean>
  onStop: () => void
}

export function Composer({ draftKey, running, stopping, stopDisabled = false, onSend, onStop }: Props) {
  const id = useId()
  const draft = useChatViewStore((state) => state.drafts[draftKey] ?? '')
  const setDraft = useChatViewStore((state) => state.setDraft)
  const models = useModelsStore((state) => state.models)
  const connection = useConnectionStore((state) => state.state)
  const showModels = useViewStore((state) => state.showModels)
  const creatingSession = useViewStore((state) => state.creatingSession)
  const block = composerBlock(models, connection, creatingSession)
  const canSend = block === null && !running && draft.trim() !== ''
  const textarea = useAutosize(draft)
  const slash = useSlashCommands(draftKey, draft, (text) => setDraft(draftKey, text), () => textarea.current?.focus(), block === null)
  const menuId = `${id}-slash`

  // A conversation opened (or started) is ready to type into.
  useEffect(() => {
    if (block === null) textarea.current?.focus({ preventScroll: true })
    // Only when the conversation changes, not on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey])

  const send = async () => {
    if (!canSend) return
    const text = draft
    setDraft(draftKey, '')
    if (!(await onSend(text))) setDraft(draftKey, text)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event)) return
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void send()
  }

  return (
    <div className="shrink-0 px-6 pt-1 pb-5">
      {/* The argument form is a form of its own, so it sits beside the composer's form, not in it. */}
      <div className="relative mx-auto max-w-3xl">
        {slash.form && (
          <PromptForm prompt={slash.form.prompt} busy={slash.form.busy} error={slash.form.error} onInsert={slash.insert} onCancel={slash.cancelForm} />
        )}
      </div>
      <form onSubmit={onSubmit} aria-label="Send a message" className="relative mx-auto max-w-3xl">
        {slash.menuOpen && <SlashMenu id={menuId} state={slash.list} items={slash.items} active={slash.active} onChoose={slash.choose} onHover={slash.setActive} />}
        <div
          className={
            'rounded-2xl border bg-white shadow-sm transition-colors focus-within:border-indigo-400 focus-within:ring-3 focus-within:ring-indigo-500/15 ' +
            'border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-indigo-500/70 ' +
            (block ? 'bg-zinc-50 dark:bg-zinc-950/60' : '')
          }
        >
          <AttachmentChips draftKey={draftKey} />
          <label htmlFor={`${id}-text`} className="sr-only">
            Message
          </label>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            rows={1}
            value={draft}
            disabled={block !== null}
            aria-describedby={block ? `${id}-block` : `${id}-keys`}
            // Stays a textbox (it is one); while the slash menu is open it names the highlighted prompt.
            aria-autocomplete="list"
            aria-controls={slash.menuOpen ? menuId : undefined}
            aria-activedescendant={slash.menuOpen && slash.items.length > 0 ? slashOptionId(menuId, slash.active) : undefined}
            placeholder={running ? 'The reply is being written… (type your next message)' : 'Message the model'}
            onChange={(event) => setDraft(draftKey, event.target.value)}
            onKeyDown={onKeyDown}
            className="block max-h-60 min-h-11 w-full resize-none bg-transparent px-4 pt-3 pb-1 text-[14.5px] leading-6 placeholder:text-zinc-400 focus:outline-none disabled:cursor-not-allowed dark:placeholder:text-zinc-500"
          />
          <div className="flex items-center gap-2 px-2 pb-2">
            <div className="mr-auto min-w-0">
              <ModelPicker />
            </div>
            {block === null && !running && (
              <span id={`${id}-keys`} className="hidden text-[11px] text-zinc-400 sm:inline dark:text-zinc-500">
                Enter to send · Shift+Enter for a new line · / for prompts
              </span>
            )}
            {running ? (
              <button type="button" className={`${secondaryButton} h-8 rounded-lg`} onClick={onStop} disabled={stopping || stopDisabled}>
                <StopIcon className="size-3.5" />
                {stopping ? 'Stopping…' : 'Stop'}
              </button>
            ) : (
              <button type="submit" className={`${primaryButton} rounded-lg`} disabled={!canSend}>
                Send
              </button>
            )}
          </div>
        </div>
        {slash.notes.map((note) => (
          <p key={note} role="status" className="mt-2 flex items-center justify-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            <InfoIcon className="size-3.5" />
            {note}
          </p>
        ))}
        {block && (
          <p id={`${id}-block`} className="mt-2 flex items-center justify-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            <InfoIcon className="size-3.5" />
            {block.reason}
            {block.toSettings && (
              <button
                type="button"
                className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-500/50"
                onClick={() => showModels({ page: 'list' })}
              >
                Open Models &amp; keys
              </button>
            )}
          </p>
        )}
      </form>
    </div>
  )
}
