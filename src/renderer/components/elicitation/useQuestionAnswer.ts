/**
 * Sends the person's answer to a question with `elicitation_respond`. A refusal from main (it checks
 * every answer again) stays in the dialog next to the form instead of going to the page's banner,
 * which the modal would cover; nothing the person typed is lost.
 */
import { useState } from 'react'
import type { HostToolArgs } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'

type Respond = HostToolArgs<'elicitation_respond'>

export function useQuestionAnswer(id: string, onAnswered: (id: string) => void) {
  const client = useHostClient()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  /** Runs `before` (e.g. opening the link) and then answers; false when either failed. */
  const answer = async (action: Respond['action'], content?: Respond['content'], before?: () => Promise<void>): Promise<boolean> => {
    if (busy) return false
    setBusy(true)
    setFailure(null)
    try {
      await before?.()
      await client.call('elicitation_respond', { id, action, ...(content ? { content } : {}) })
      onAnswered(id)
      return true
    } catch (error) {
      setFailure(errorMessage(error))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { answer, busy, failure, client }
}
