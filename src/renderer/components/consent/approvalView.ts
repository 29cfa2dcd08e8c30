/** What the one approval modal shows at a time: built by a view function for each kind of request. */
import type { ReactNode } from 'react'
import type { Answer } from './approvalQueue'

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

/** Where the shown request stands in the queue (1-based). */
export interface QueuePosition {
  index: number
  total: number
}

export interface SingleViewProps<A> {
  approval: A
  position: QueuePosition
  busy: boolean
  onAnswer: (answer: Answer) => void
}
