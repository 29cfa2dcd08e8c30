/** What the one approval modal shows at a time: built by a view function for each kind of request. */
import type { ReactNode } from 'react'
import type { Answer, QueuePosition } from './approvalQueue'

export interface ApprovalView {
  /** Changes when another request is shown: focus and the arming delay start over. */
  requestId: string
  title: ReactNode
  subtitle?: ReactNode
  icon?: ReactNode
  body: ReactNode
  footerNote?: ReactNode
  actions: (armed: boolean) => ReactNode
  onEscape: () => void
}

/** The footer's count: "Request 2 of 3" while a batch is answered, else what Escape does. */
export function queueNote(position: QueuePosition, alone: string): string {
  return position.total > 1 ? `Request ${position.index} of ${position.total}` : alone
}

export interface SingleViewProps<A> {
  approval: A
  position: QueuePosition
  busy: boolean
  onAnswer: (answer: Answer) => void
}
