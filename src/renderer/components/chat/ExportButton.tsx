/**
 * The chat header's "Export": the conversation as Markdown or JSON. In the app, main asks where to
 * save it in the system dialog and writes the file; in browser mode (no dialog) the page downloads
 * the text main sent (chat_export).
 */
import { useState } from 'react'
import type { ExportFormat, HostToolResult } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { DownloadIcon } from '../icons'
import { quietButton } from '../ui'
import { HeaderPopover } from './HeaderPopover'

/** Hands the text to the browser as a file download (browser mode). */
function download(exported: HostToolResult<'chat_export'>): void {
  const url = URL.createObjectURL(new Blob([exported.text], { type: exported.mimeType }))
  const link = document.createElement('a')
  link.href = url
  link.download = exported.fileName
  link.click()
  // The download has its own copy by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function ExportButton({ sessionId }: { sessionId: string }) {
  const act = useHostAction()
  const [open, setOpen] = useState(false)
  const [outcome, setOutcome] = useState<string | null>(null)
  const run = async (format: ExportFormat) => {
    setOutcome(null)
    const exported = await act('chat_export', { sessionId, format, save: true })
    if (!exported) return
    if (exported.saved && 'path' in exported.saved) setOutcome(`Saved to ${exported.saved.path}`)
    else if (exported.saved && 'unavailable' in exported.saved) {
      download(exported)
      setOutcome(`Downloaded as ${exported.fileName}`)
    } else return
    setOpen(false)
  }
  return (
    <>
      <HeaderPopover
        label={
          // Icon only: the header is crowded, and the session's title must keep its room.
          <span title="Export this conversation" className="inline-flex items-center">
            <DownloadIcon className="size-4" />
            <span className="sr-only">Export</span>
          </span>
        }
        title="Export this conversation"
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        width="w-72"
      >
        <p className="mt-1 mb-3 text-xs text-zinc-500 dark:text-zinc-400">The messages as shown here, with tool calls and their results; what was regenerated or edited away is left out.</p>
        <div className="flex gap-2">
          <button type="button" className={quietButton} onClick={() => void run('markdown')}>
            Markdown (.md)
          </button>
          <button type="button" className={quietButton} onClick={() => void run('json')}>
            JSON (.json)
          </button>
        </div>
      </HeaderPopover>
      <span role="status" className="sr-only">
        {outcome ?? ''}
      </span>
    </>
  )
}
