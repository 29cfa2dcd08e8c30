/** The App of a tool run by hand (extension page → Run): the same App as in a chat tool card, fed this run's arguments and result. */
import { useMemo } from 'react'
import type { ToolCallView } from '../../shared/hostApi'
import { AppSlot } from './AppSlot'

interface Props {
  /** One id per run: a new run starts the App afresh. */
  runId: string
  toolName: string
  args: Record<string, unknown>
  content: readonly unknown[]
  isError: boolean
}

export function RunApp({ runId, toolName, args, content, isError }: Props) {
  const call = useMemo<ToolCallView>(
    () => ({ callId: runId, toolName, arguments: args, state: isError ? 'error' : 'done', result: { content: content as Record<string, unknown>[], isError } }),
    [runId, toolName, args, content, isError],
  )
  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-700/80">
      <AppSlot key={runId} call={call} />
    </div>
  )
}
