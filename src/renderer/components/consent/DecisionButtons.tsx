/**
 * The answer buttons of one approval, only those main offers, Deny first (it is the first button
 * Tab reaches). The allow buttons wait until the dialog is armed (see ApprovalModal).
 */
import type { ApprovalDecision } from '../../../shared/hostApi'
import { primaryButton, secondaryButton } from '../ui'

const order: ApprovalDecision[] = ['deny', 'allow_once', 'allow_session', 'allow_conversation', 'allow_always']

interface Props {
  offered: readonly ApprovalDecision[]
  /** A label for every decision the view may be offered (the guard's allow_conversation only on tool calls). */
  labels: Partial<Record<ApprovalDecision, string>>
  /** The button drawn as the main one. */
  primary: ApprovalDecision
  titles?: Partial<Record<ApprovalDecision, string>>
  armed: boolean
  busy: boolean
  onAnswer: (decision: ApprovalDecision) => void
}

export function DecisionButtons({ offered, labels, primary, titles = {}, armed, busy, onAnswer }: Props) {
  return order
    .filter((decision) => offered.includes(decision) && labels[decision] !== undefined)
    .map((decision) => (
      <button
        key={decision}
        type="button"
        className={decision === primary ? primaryButton : secondaryButton}
        title={titles[decision]}
        disabled={busy || (decision !== 'deny' && !armed)}
        onClick={() => onAnswer(decision)}
      >
        {labels[decision]}
      </button>
    ))
}
