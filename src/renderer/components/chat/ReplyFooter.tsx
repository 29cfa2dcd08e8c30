/**
 * Under a committed reply: which model wrote it and when, what the provider counted (tokens, and the
 * cost when the model's prices are known), and the actions on it: copy its Markdown, and on the last
 * reply, write it again.
 */
import type { RefObject } from 'react'
import { formatUsage } from '../../../shared/format'
import { CopyButton } from '../CopyButton'
import { RefreshIcon } from '../icons'
import { quietButton } from '../ui'
import type { AssistantView } from './liveTurn'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' })

interface Props {
  message: AssistantView
  /** The element showing the reply's text (selected when the clipboard refuses). */
  textRef: RefObject<HTMLElement | null>
  /** Offered on the last reply while nothing runs. */
  onRegenerate?: () => void
}

export function ReplyFooter({ message, textRef, onRegenerate }: Props) {
  const created = new Date(message.created)
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-[11px] text-zinc-500 dark:text-zinc-400">
      {message.model && <span className="font-medium text-zinc-600 dark:text-zinc-300">{message.model}</span>}
      <time dateTime={message.created} title={dateTimeFormat.format(created)}>
        {timeFormat.format(created)}
      </time>
      {message.usage && <span title="As counted by the provider; the cost follows the prices in Settings → Models & keys">{formatUsage(message.usage)}</span>}
      <span className="ml-auto flex items-center gap-0.5">
        {message.text !== '' && <CopyButton text={message.text} shownIn={textRef} label="Copy reply as Markdown" />}
        {onRegenerate && (
          <button type="button" className={quietButton} onClick={onRegenerate} aria-label="Regenerate reply" title="Write this reply again">
            <RefreshIcon className="size-3.5" />
            <span aria-hidden="true">Regenerate</span>
          </button>
        )}
      </span>
    </div>
  )
}
