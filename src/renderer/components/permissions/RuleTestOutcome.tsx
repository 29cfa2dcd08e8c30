/** What the rule tester found: the decision in words (and colour), the rule that made it, and main's trace. */
import type { ArgumentRule, RuleTestResult } from '../../../shared/hostApi'
import { AlertIcon } from '../icons'
import { chip, decisionTone } from './decisionTones'

export type RuleTestShown = { kind: 'result'; result: RuleTestResult; rule?: ArgumentRule } | { kind: 'failed'; message: string }

const words = { allow: 'Allow', ask: 'Ask', deny: 'Deny', none: 'No rule applies' } as const

export function RuleTestOutcome({ shown, stale }: { shown: RuleTestShown; stale: boolean }) {
  if (shown.kind === 'failed' || !shown.result.ok) {
    const message = shown.kind === 'failed' ? shown.message : (shown.result.error ?? 'The rule could not be tested.')
    return (
      <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
        <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
        <p className="min-w-0 break-words">{message}</p>
      </div>
    )
  }
  const { result } = shown
  const decision = result.decision ?? 'none'
  return (
    <section
      aria-label="Test result"
      data-decision={decision}
      className={`overflow-hidden rounded-md border border-zinc-200 bg-white transition-opacity dark:border-zinc-700 dark:bg-zinc-900 ${stale ? 'opacity-60' : ''}`}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-700">
        <span role="status" className={`${chip} ${decisionTone[decision]} px-2 py-0.5 text-xs`}>
          {words[decision]}
        </span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {decision === 'none'
            ? shown.rule
              ? 'This rule does not apply to the call.'
              : 'No saved rule matches; the policies and the mode decide.'
            : result.ruleId
              ? (
                  <>
                    Decided by <code className="font-mono text-zinc-800 dark:text-zinc-200">{result.ruleId}</code>
                  </>
                )
              : null}
        </span>
        {stale && <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">For the sample before your edit; press Test again.</span>}
      </header>
      {result.trace.length > 0 && (
        <ol aria-label="Trace" className="space-y-1 px-3 py-2 font-mono text-xs leading-relaxed break-words text-zinc-700 dark:text-zinc-300">
          {result.trace.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      )}
    </section>
  )
}
