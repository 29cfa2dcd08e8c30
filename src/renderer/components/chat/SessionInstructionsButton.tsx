/**
 * The chat header's "Instructions" control: this session's own instructions for the model
 * (`session_set_instructions`), in place of the default ones from Settings → General.
 */
import { useState } from 'react'
import type { SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { InstructionsEditor } from '../instructions/InstructionsEditor'
import { useSettingsStore } from '../../stores/settingsStore'
import { HeaderPopover } from './HeaderPopover'

export function SessionInstructionsButton({ session }: { session: SessionSummary }) {
  const act = useHostAction()
  const [open, setOpen] = useState(false)
  const defaults = useSettingsStore((state) => state.settings?.defaultInstructions ?? '')
  const own = session.instructions ?? ''
  const save = async (instructions: string) => (await act('session_set_instructions', { id: session.id, instructions })) !== undefined

  return (
    <HeaderPopover
      label={own ? 'Instructions (own)' : 'Instructions'}
      title="Instructions for this session"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      width="w-[28rem]"
    >
      <p className="mt-1 mb-3 text-xs text-zinc-500 dark:text-zinc-400">
        {own
          ? 'The model gets these instead of the default instructions from Settings → General.'
          : defaults
            ? 'This session uses the default instructions from Settings → General. Write its own here to use them instead.'
            : 'No instructions yet. Tell the model how to answer in this session (for example the language, the tone, or what you are working on).'}
      </p>
      <InstructionsEditor
        key={session.id}
        saved={own}
        label="Instructions for this session"
        placeholder={defaults || 'For example: Answer in French, briefly.'}
        onSave={save}
        clearLabel="Use the default instructions"
      />
    </HeaderPopover>
  )
}
