/** What *Test* found, in words: the decision and its reason, what the hook changed, warnings, and the payload it passes on. */
import type { HookTestResult } from '../../../shared/hostApi'
import { HookTrail } from '../chat/HookTrail'

const DECISION: Record<HookTestResult['decision'], string> = { allow: 'Goes on', deny: 'Refused', ask: 'Would ask you first' }

const box = 'max-h-80 overflow-auto rounded-md bg-zinc-50 p-2 text-xs dark:bg-zinc-950'

/** `result` is the host's answer, or why there is none (a sample that is not JSON, a failed call). */
export function HookTestResultView({ result }: { result: HookTestResult | string }) {
  if (typeof result === 'string') {
    return (
      <p role="status" aria-label="Test result" className={`${box} text-red-700 dark:text-red-300`}>
        {result}
      </p>
    )
  }
  return (
    <div role="status" aria-label="Test result" className={`${box} grid gap-1.5`}>
      <p>
        <strong className="font-semibold">{DECISION[result.decision]}</strong>
        {result.reason ? `: ${result.reason}` : null}
      </p>
      {result.changes.length > 0 ? <HookTrail changes={result.changes} /> : <p className="text-zinc-500 dark:text-zinc-400">It changed nothing.</p>}
      {result.warnings.length > 0 && (
        <ul aria-label="Warnings" className="list-disc space-y-0.5 pl-4 text-amber-800 dark:text-amber-300">
          {result.warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      )}
      <p className="text-zinc-500 dark:text-zinc-400">{result.changes.length > 0 ? 'What goes on, as the hook left it:' : 'What goes on:'}</p>
      <pre className="font-mono whitespace-pre-wrap">{JSON.stringify(result.payload, null, 2)}</pre>
    </div>
  )
}
