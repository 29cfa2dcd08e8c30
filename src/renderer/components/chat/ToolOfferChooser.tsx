/**
 * How this session offers tools to the model (`session_set_tool_offer`): "Auto" (the default: all at
 * once while they fit the model's budget, else found by search), found by search as needed, or all
 * tools at once up to the limit, with the extension chooser for the rest.
 */
import { useState } from 'react'
import type { SessionSummary, ToolOffer } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useCatalogStore } from '../../stores/catalogStore'
import { HeaderPopover } from './HeaderPopover'
import { TOOL_LIMIT } from './ExtensionChooser'

const OPTIONS: { offer: ToolOffer; label: string; detail: string }[] = [
  {
    offer: 'auto',
    label: 'Auto',
    detail: `Every tool at once while their definitions fit 10 % of the model's context window (at most 8,000 tokens) and there are at most ${TOOL_LIMIT}; else find tools as needed. A note in the conversation says when it changes.`,
  },
  {
    offer: 'search',
    label: 'Find tools as needed',
    detail: 'The model gets the tools you marked "Always offer", the ones it used recently here, and find_tools to look up the rest.',
  },
  { offer: 'all', label: 'Offer all tools', detail: `Every tool at once, at most ${TOOL_LIMIT}; choose the extensions when there are more.` },
]

const LABELS: Record<ToolOffer, string> = { auto: 'Tools: auto', search: 'Tools: found as needed', all: 'Tools: all' }

export function ToolOfferChooser({ session }: { session: SessionSummary }) {
  const act = useHostAction()
  const toolCount = useCatalogStore((state) => state.catalog?.tools.length ?? 0)
  const [open, setOpen] = useState(false)
  // Sessions saved before "auto" existed have none stored; the host reads them as "auto".
  const saved: ToolOffer = session.toolOffer ?? 'auto'
  /** The choice being saved, shown at once, until the session list reports any change of the saved one. */
  const [pending, setPending] = useState<{ offer: ToolOffer; over: ToolOffer } | null>(null)
  const current = pending && pending.over === saved ? pending.offer : saved
  const found = session.foundTools?.length ?? 0

  const choose = async (offer: ToolOffer) => {
    if (offer === current) return
    setPending({ offer, over: saved })
    if (!(await act('session_set_tool_offer', { id: session.id, offer }))) setPending(null)
  }

  return (
    <HeaderPopover label={LABELS[saved]} title="Tools for this session" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} width="w-80">
      {/* Never disabled while saving: that would take the focus out of the panel, and Escape with it. */}
      <fieldset className="mt-2 space-y-2" aria-busy={current !== saved || undefined}>
        <legend className="sr-only">How this session offers tools</legend>
        {OPTIONS.map((option) => (
          <label key={option.offer} className="flex items-start gap-2 text-sm">
            <input type="radio" name={`tool-offer-${session.id}`} className="mt-1" checked={current === option.offer} onChange={() => void choose(option.offer)} />
            <span>
              <span className="font-medium">{option.label}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{option.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {toolCount === 1 ? '1 tool is' : `${toolCount} tools are`} installed{current !== 'all' ? `; ${found === 1 ? '1 was' : `${found} were`} found by the model in this session and stay offered.` : '.'}
      </p>
    </HeaderPopover>
  )
}
