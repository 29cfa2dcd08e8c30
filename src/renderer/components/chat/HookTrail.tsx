/** The mutation trail under a message or in a tool card: "Changed by hook Redact PII: text — removed an e-mail address". */
import type { HookChange } from '../../../shared/hostApi'

const FIELD: Record<string, string> = { text: 'the message', arguments: 'the arguments', result: 'the result', tools: 'the tools offered', messages: 'the conversation sent', system: 'the system prompt', extensions: 'the extensions offered this turn', context: 'context added for the model' }

export function HookTrail({ changes, refusedBy }: { changes?: readonly HookChange[]; refusedBy?: { hook: string; reason: string } }) {
  if (!refusedBy && (!changes || changes.length === 0)) return null
  return (
    <ul aria-label="Changed by hooks" className="space-y-0.5 text-xs text-amber-800 dark:text-amber-300">
      {refusedBy && (
        <li>
          Refused by hook <em className="font-medium">{refusedBy.hook}</em>: {refusedBy.reason} — not sent to the model.
        </li>
      )}
      {changes?.map((change, index) => (
        <li key={index}>
          Changed by hook <em className="font-medium">{change.hook}</em>: {FIELD[change.field] ?? change.field}
          {change.reason ? ` — ${change.reason}` : ''}
        </li>
      ))}
    </ul>
  )
}
