/**
 * The composer's slash commands: whether the menu is open, which option is highlighted, the keys
 * that drive it, the argument form of a chosen prompt, and putting the got prompt in the composer
 * (text as the draft, resources as attachments, what cannot be inserted as notes).
 */
import { useState, type KeyboardEvent } from 'react'
import type { PromptEntry } from '../../../shared/hostApi'
import { errorMessage } from '../../mcp/errorText'
import { useHostClient } from '../../mcp/hostContext'
import { useAttachmentsStore } from '../../stores/attachmentsStore'
import { SKILL_COMMAND, filterPrompts, promptToDraft, slashQuery } from './slashCommands'
import { usePromptList, type PromptListState } from './usePromptList'

export interface SlashCommands {
  menuOpen: boolean
  list: PromptListState
  items: PromptEntry[]
  active: number
  setActive: (index: number) => void
  choose: (prompt: PromptEntry) => void
  /** The prompt whose arguments are being filled in. */
  form: { prompt: PromptEntry; busy: boolean; error: string | null } | null
  insert: (values: Record<string, string>) => void
  cancelForm: () => void
  /** Notes about the last inserted prompt (parts that could not be inserted). */
  notes: string[]
  /** Handles the key when the menu uses it; returns true then. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean
}

export function useSlashCommands(draftKey: string, draft: string, setDraft: (text: string) => void, focusField: () => void, enabled: boolean): SlashCommands {
  const client = useHostClient()
  const attach = useAttachmentsStore((state) => state.attach)
  const [dismissedFor, setDismissedFor] = useState<string | null>(null)
  const [activeIndex, setActive] = useState(0)
  const [form, setForm] = useState<SlashCommands['form']>(null)
  const [notes, setNotes] = useState<string[]>([])
  // Escape closes the menu for this text only; typing on opens it again (adjusting state while rendering).
  if (dismissedFor !== null && dismissedFor !== draft) setDismissedFor(null)
  const query = slashQuery(draft)
  const menuOpen = enabled && query !== null && form === null && dismissedFor !== draft
  const list = usePromptList(menuOpen)
  const items = menuOpen && list.status === 'done' ? filterPrompts(list.prompts, query ?? '') : []
  const active = Math.min(activeIndex, Math.max(items.length - 1, 0))

  const get = async (prompt: PromptEntry, values: Record<string, string>) => {
    setForm({ prompt, busy: true, error: null })
    try {
      const got = await client.call('prompt_get', { name: prompt.name, arguments: values })
      const inserted = promptToDraft(prompt.extensionId, got.messages)
      setDraft(inserted.text)
      for (const ref of inserted.attachments) attach(draftKey, ref)
      setNotes(inserted.notes)
      setForm(null)
      focusField()
    } catch (error) {
      setForm({ prompt, busy: false, error: `The prompt could not be got: ${errorMessage(error)}` })
    }
  }
  const choose = (prompt: PromptEntry) => {
    setNotes([])
    setActive(0)
    // A skill is loaded when the message is sent (the host reads and checks it): the command goes in the draft.
    if (prompt.name.startsWith(SKILL_COMMAND)) {
      setDraft(`/${prompt.name} `)
      focusField()
    } else if (prompt.arguments.length > 0) setForm({ prompt, busy: false, error: null })
    else void get(prompt, {})
  }

  return {
    menuOpen,
    list,
    items,
    active,
    setActive,
    choose,
    form,
    insert: (values) => form && void get(form.prompt, values),
    cancelForm: () => {
      setForm(null)
      focusField()
    },
    notes,
    onKeyDown: (event) => {
      if (!menuOpen) return false
      if (event.key === 'Escape') {
        setDismissedFor(draft)
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && items.length > 0) {
        setActive((active + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length)
      } else if ((event.key === 'Enter' || event.key === 'Tab') && items[active] && !event.shiftKey) {
        choose(items[active])
      } else return false
      event.preventDefault()
      return true
    },
  }
}
