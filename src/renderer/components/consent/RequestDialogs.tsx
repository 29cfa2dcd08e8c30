/**
 * The dialogs for what main waits on the person for — approvals (ApprovalDialog) and questions from
 * extensions (QuestionDialog) — in one chunk of their own: App.tsx loads it when the first request
 * arrives (and fetches it once the window has drawn, so that request does not wait on it).
 */
import { ApprovalDialog } from './ApprovalDialog'
import { QuestionDialog } from '../elicitation/QuestionDialog'

export default function RequestDialogs() {
  return (
    <>
      <ApprovalDialog />
      <QuestionDialog />
    </>
  )
}
