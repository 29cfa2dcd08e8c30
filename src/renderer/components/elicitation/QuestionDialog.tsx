/**
 * Questions from extensions (form and URL mode) from `switchboard://elicitations`, one at a time,
 * oldest first. Approvals come first: while one waits, the approval dialog has the modal and this
 * one waits its turn, so there is never more than one modal. The questions live in main, so a
 * reload shows them again.
 */
import { useState } from 'react'
import type { Elicitation, FormElicitation, UrlElicitation } from '../../../shared/hostApi'
import { useElicitationsStore } from '../../stores/elicitationsStore'
import { FormQuestion } from './FormQuestion'
import { UrlQuestion } from './UrlQuestion'

const isQuestion = (item: Elicitation): item is FormElicitation | UrlElicitation => item.kind === 'form' || item.kind === 'url'

export function QuestionDialog() {
  const elicitations = useElicitationsStore((state) => state.elicitations)
  // Answered here, not yet gone from the host's list (its update follows the answer by a round trip).
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set())
  if (elicitations.some((item) => item.kind === 'approval')) return null
  const questions = elicitations.filter(isQuestion).filter((item) => !answered.has(item.id))
  const current = questions[0]
  if (!current) return null
  const onAnswered = (id: string) => setAnswered((before) => new Set([...before, id]))
  return current.kind === 'form' ? (
    <FormQuestion key={current.id} question={current} waiting={questions.length} onAnswered={onAnswered} />
  ) : (
    <UrlQuestion key={current.id} question={current} waiting={questions.length} onAnswered={onAnswered} />
  )
}
