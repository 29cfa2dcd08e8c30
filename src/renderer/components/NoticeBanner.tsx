/** Things the host wants the person told once (a damaged settings file moved aside…), until dismissed. */
import { useRef, useState } from 'react'
import type { Notice } from '../../shared/hostApi'
import { useHostAction } from '../hooks/useHostAction'
import { useSettingsStore } from '../stores/settingsStore'
import { CopyButton } from './CopyButton'
import { CloseIcon, InfoIcon } from './icons'

const none: Notice[] = []

export function NoticeBanner() {
  const act = useHostAction()
  const notices = useSettingsStore((state) => state.settings?.notices) ?? none
  // Hidden at once on dismiss; the host's updated list follows a round trip later.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const shown = notices.filter((notice) => !dismissed.has(notice.id))
  if (shown.length === 0) return null

  const dismiss = async (id: string) => {
    setDismissed((before) => new Set(before).add(id))
    if (!(await act('notice_dismiss', { id }))) {
      setDismissed((before) => {
        const after = new Set(before)
        after.delete(id)
        return after
      })
    }
  }

  return (
    <div className="space-y-2 px-4 pt-3">
      {shown.map((notice) => (
        <NoticeCard key={notice.id} notice={notice} onDismiss={() => void dismiss(notice.id)} />
      ))}
    </div>
  )
}

function NoticeCard({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const pathElement = useRef<HTMLElement>(null)
  const { movedTo } = notice
  // The message names the path; set it in code so it reads as one, with a way to copy it.
  const at = movedTo ? notice.message.indexOf(movedTo) : -1
  const path = (
    <code ref={pathElement} className="font-mono text-xs break-all">
      {movedTo}
    </code>
  )
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-md border border-sky-200 bg-sky-50 py-2 pr-2 pl-3 text-sm text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <InfoIcon className="mt-0.5 size-4 text-sky-600 dark:text-sky-400" />
      <div className="min-w-0 flex-1">
        <p className="break-words">
          {movedTo && at >= 0 ? (
            <>
              {notice.message.slice(0, at)}
              {path}
              {notice.message.slice(at + movedTo.length)}
            </>
          ) : (
            notice.message
          )}
        </p>
        {movedTo && at < 0 && <p className="mt-1">{path}</p>}
      </div>
      {movedTo && <CopyButton text={movedTo} shownIn={pathElement} label="Copy the moved file’s path" />}
      <button
        type="button"
        aria-label="Dismiss notice"
        onClick={onDismiss}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded text-sky-700 hover:bg-sky-100 dark:text-sky-300 dark:hover:bg-sky-900/50"
      >
        <CloseIcon className="size-3.5" />
      </button>
    </div>
  )
}
