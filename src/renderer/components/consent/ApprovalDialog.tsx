/**
 * Every approval main waits for — an extension start or a tool call — in one queue, shown one at a
 * time (oldest first) with a count that holds across the batch; several calls of one turn can be
 * reviewed together. Everything shown comes from `switchboard://elicitations`; the renderer only
 * relays the person's answers with `elicitation_respond`. One modal stays open while the queue has
 * anything in it, unless a connected app's one-time token is on screen.
 */
import { useState } from 'react'
import { useHostAction } from '../../hooks/useHostAction'
import { useElicitationsStore } from '../../stores/elicitationsStore'
import { ApprovalModal } from './ApprovalModal'
import { answerArgs, batchAfter, batchPosition, isApproval, isExtensionStart, isHook, isSampling, isToolCall, sameTurn, sessionOf, type Answer } from './approvalQueue'
import { hookView } from './hookView'
import type { ApprovalView } from './approvalView'
import { extensionStartView } from './extensionStartView'
import { samplingView } from './samplingView'
import { reviewView } from './reviewView'
import { toolCallView } from './toolCallView'
import { connectedAppApprovalView, isConnectedApp } from '../connectedApps/connectedAppApprovalView'
import { useConnectedAppsStore } from '../../stores/connectedAppsStore'

export function ApprovalDialog() {
  const act = useHostAction()
  const elicitations = useElicitationsStore((state) => state.elicitations)
  // Answered here, not yet gone from the host's list (its update follows the answer by a round trip).
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set())
  const [sending, setSending] = useState(false)
  /** The session whose calls are being reviewed together, and whether the whole list was seen (by its ids). */
  const [review, setReview] = useState<string | null>(null)
  const [seenList, setSeenList] = useState<string | null>(null)
  const showIssued = useConnectedAppsStore((state) => state.show)
  // A token shown once is never covered: the next approval (another app's "Allow …" too) waits until its dialog is closed.
  const showingToken = useConnectedAppsStore((state) => state.issued !== null)
  /** Every approval since the queue was last empty, so the count holds ("2 of 3") as requests are answered. */
  const [batch, setBatch] = useState<readonly string[]>([])

  const pending = elicitations.filter(isApproval).filter((approval) => !answered.has(approval.id))
  const waitingIds = pending.map((approval) => approval.id)
  const nextBatch = batchAfter(batch, waitingIds)
  // Derived from what waits, during render (React's pattern for state that follows props).
  if (nextBatch !== batch) setBatch(nextBatch)
  const current = pending[0]
  if (!current || showingToken) return null

  const respond = async (answers: readonly { id: string; answer: Answer }[]) => {
    if (sending || answers.length === 0) return
    setSending(true)
    const results = await Promise.all(answers.map(({ id, answer }) => act('elicitation_respond', answerArgs(id, answer)).then((done) => (done ? id : null))))
    setSending(false)
    const done = results.filter((id): id is string => id !== null)
    if (done.length > 0) setAnswered((before) => new Set([...before, ...done]))
  }
  const answerCurrent = (answer: Answer) => void respond([{ id: current.id, answer }])
  // Allowing a connected app is its own call: the answer carries the token, shown once (IssuedTokenDialog).
  const allowApp = async (id: string) => {
    setSending(true)
    const issued = await act('connected_app_approve', { requestId: id })
    setSending(false)
    if (!issued) return
    setAnswered((before) => new Set([...before, id]))
    showIssued(issued)
  }

  const reviewItems = review === null ? [] : pending.filter(isToolCall).filter((approval) => sessionOf(approval) === review)
  let view: ApprovalView
  if (review !== null && reviewItems.length > 0) {
    const listKey = reviewItems.map((approval) => approval.id).join(' ')
    view = reviewView({
      session: review,
      items: reviewItems,
      busy: sending,
      reviewed: seenList === listKey,
      onSeenAll: () => setSeenList(listKey),
      onDeny: (approvals, how) => void respond(approvals.map((approval) => ({ id: approval.id, answer: how }))),
      onAllowOnce: (approvals) => {
        void respond(approvals.map((approval) => ({ id: approval.id, answer: 'allow_once' as const })))
        setReview(null)
      },
      onBack: () => setReview(null),
    })
  } else {
    const position = batchPosition(nextBatch, waitingIds)
    if (isToolCall(current)) {
      const turn = sameTurn(pending, current)
      view = toolCallView({
        approval: current,
        position,
        busy: sending,
        onAnswer: answerCurrent,
        sameTurn: turn,
        onReviewAll: () => {
          setSeenList(null)
          setReview(sessionOf(current) ?? null)
        },
      })
    } else if (isExtensionStart(current)) {
      view = extensionStartView({ approval: current, position, busy: sending, onAnswer: answerCurrent })
    } else if (isSampling(current)) {
      view = samplingView({ approval: current, position, busy: sending, onAnswer: answerCurrent })
    } else if (isHook(current)) {
      view = hookView({ approval: current, position, busy: sending, onAnswer: answerCurrent })
    } else if (isConnectedApp(current)) {
      const id = current.id
      view = connectedAppApprovalView({ approval: current, position, busy: sending, onAnswer: (answer) => (answer === 'allow_once' ? void allowApp(id) : answerCurrent(answer)) })
    } else {
      return null
    }
  }

  return (
    <ApprovalModal
      requestId={view.requestId}
      title={view.title}
      subtitle={view.subtitle}
      icon={view.icon}
      onEscape={view.onEscape}
      actions={view.actions}
      footerNote={view.footerNote}
    >
      {view.body}
    </ApprovalModal>
  )
}
