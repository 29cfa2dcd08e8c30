/**
 * What every question from an extension shows around its own content: the approval modal with who
 * asks, how many questions wait and until when, "Not now" and "Decline", the question's own answer
 * button, and a refused answer from main. Escape is "Not now" (cancel).
 */
import type { ReactNode } from 'react'
import type { FormElicitation, UrlElicitation } from '../../../shared/hostApi'
import { ApprovalModal } from '../consent/ApprovalModal'
import { quietButton, secondaryButton } from '../ui'
import { QuestionCountdown } from './QuestionCountdown'
import { QuestionMessage } from './QuestionMessage'
import type { useQuestionAnswer } from './useQuestionAnswer'

interface Props {
  question: FormElicitation | UrlElicitation
  /** How many questions wait (this one included). */
  waiting: number
  title: ReactNode
  subtitle: ReactNode
  answering: Pick<ReturnType<typeof useQuestionAnswer>, 'answer' | 'busy' | 'failure'>
  /** The button that answers; `armed` is false during the modal's delay. */
  answerButton: (armed: boolean) => ReactNode
  /** Shown under the extension's message. */
  children: ReactNode
}

export function QuestionModal({ question, waiting, title, subtitle, answering: { answer, busy, failure }, answerButton, children }: Props) {
  return (
    <ApprovalModal
      requestId={question.id}
      title={title}
      subtitle={subtitle}
      onEscape={() => void answer('cancel')}
      footerNote={
        <span className="flex flex-col">
          {waiting > 1 && <span>Question 1 of {waiting}</span>}
          <QuestionCountdown expiresAt={question.expiresAt} />
          <span>Escape cancels.</span>
        </span>
      }
      actions={(armed) => (
        <>
          <button type="button" className={quietButton} disabled={busy} onClick={() => void answer('cancel')}>
            Not now
          </button>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void answer('decline')}>
            Decline
          </button>
          {answerButton(armed)}
        </>
      )}
    >
      <QuestionMessage extensionName={question.origin.extensionName} message={question.message} />
      {children}
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </ApprovalModal>
  )
}
