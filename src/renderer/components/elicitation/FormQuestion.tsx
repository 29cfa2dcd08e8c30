/**
 * A form question from an extension, in the approval modal: fields generated from main's reading of
 * the server's schema, defaults prefilled, problems shown before anything is sent. Enter in a field
 * sends (once the dialog is armed), Escape cancels; main checks the answer again.
 */
import { useState, type FormEvent } from 'react'
import type { FormElicitation } from '../../../shared/hostApi'
import { primaryButton } from '../ui'
import { QuestionField } from './QuestionField'
import { QuestionModal } from './QuestionModal'
import { answerOf, initialDrafts, type Draft, type Drafts } from './questionFormModel'
import { useQuestionAnswer } from './useQuestionAnswer'

interface Props {
  question: FormElicitation
  /** How many questions wait (this one included). */
  waiting: number
  onAnswered: (id: string) => void
}

export function FormQuestion({ question, waiting, onAnswered }: Props) {
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(question.fields))
  // Problems are shown once the person tried to send, then follow each change.
  const [tried, setTried] = useState(false)
  const answering = useQuestionAnswer(question.id, onAnswered)
  const { answer, busy } = answering
  const { content, errors } = answerOf(question.fields, drafts)
  const formId = `question-form-${question.id}`
  const problems = Object.keys(errors).length

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTried(true)
    if (problems > 0) {
      const first = question.fields.find((field) => errors[field.name])
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${CSS.escape(first?.name ?? '')}"] input, [data-field="${CSS.escape(first?.name ?? '')}"] select`)?.focus()
      return
    }
    void answer('accept', content)
  }
  const change = (name: string, draft: Draft) => setDrafts((before) => ({ ...before, [name]: draft }))

  return (
    <QuestionModal
      question={question}
      waiting={waiting}
      title={<>{question.origin.extensionName} has a question</>}
      subtitle={
        <>
          Question from extension <code className="font-mono">{question.origin.extensionId}</code> · your answer goes only to this extension
        </>
      }
      answering={answering}
      answerButton={(armed) => (
        <button type="submit" form={formId} className={primaryButton} disabled={busy || !armed}>
          {busy ? 'Sending…' : 'Send answer'}
        </button>
      )}
    >
      <form id={formId} noValidate onSubmit={submit} aria-label="Answer" className="space-y-4">
        {question.fields.map((field) => (
          <QuestionField
            key={field.name}
            field={field}
            idPrefix={formId}
            draft={drafts[field.name]}
            error={tried ? errors[field.name] : undefined}
            onChange={(draft) => change(field.name, draft)}
          />
        ))}
        {question.fields.some((field) => field.required) && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <span className="text-red-600 dark:text-red-400" aria-hidden="true">
              *
            </span>{' '}
            required
          </p>
        )}
      </form>
      {tried && problems > 0 && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {problems === 1 ? 'One answer needs a look' : `${problems} answers need a look`} before it can be sent.
        </p>
      )}
    </QuestionModal>
  )
}
