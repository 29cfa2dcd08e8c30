/**
 * What the security inspector noticed about a call, most severe first: the severity in words (the
 * colour only repeats it), what kind of problem, main's message, the argument it is about and the
 * few characters that matched.
 */
import type { Finding } from '../../../shared/hostApi'
import { AlertIcon } from '../icons'

type Severity = Finding['severity']

const rank: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 }

const severityLabels: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' }

const kindLabels: Record<Finding['kind'], string> = {
  'destructive-command': 'Destructive command',
  'secret-leak': 'A secret in the arguments',
  'prompt-injection': 'Possible prompt injection',
  'incomplete-scan': 'Not fully checked',
  'hidden-text': 'Hidden characters in the tool',
}

const chips: Record<Severity, string> = {
  critical: 'bg-red-600 text-white dark:bg-red-500',
  high: 'bg-red-100 text-red-800 ring-1 ring-red-600/25 ring-inset dark:bg-red-500/15 dark:text-red-200 dark:ring-red-400/30',
  medium: 'bg-amber-100 text-amber-900 ring-1 ring-amber-600/25 ring-inset dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-400/30',
  low: 'bg-zinc-100 text-zinc-700 ring-1 ring-zinc-500/20 ring-inset dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
}

/** The findings, most severe first (a stable sort keeps main's order within one severity). */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => rank[a.severity] - rank[b.severity])
}

export function FindingList({ findings, compact = false }: { findings: readonly Finding[]; compact?: boolean }) {
  if (findings.length === 0) return null
  const sorted = sortFindings(findings)
  const worst = sorted[0]!.severity
  const serious = worst === 'critical' || worst === 'high'
  const frame = serious
    ? 'border-red-300 bg-red-50 dark:border-red-800/70 dark:bg-red-950/40'
    : worst === 'medium'
      ? 'border-amber-300 bg-amber-50 dark:border-amber-700/70 dark:bg-amber-950/40'
      : 'border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/40'
  const heading = serious ? 'text-red-950 dark:text-red-100' : worst === 'medium' ? 'text-amber-950 dark:text-amber-100' : ''
  return (
    <div role="note" aria-label="Findings" className={`rounded-lg border ${compact ? 'p-2.5' : 'p-3'} ${frame}`}>
      {!compact && (
        <p className={`flex items-center gap-2 text-sm font-semibold ${heading}`}>
          <AlertIcon className={`size-4 ${serious ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-400'}`} />
          {findings.length === 1 ? 'Switchboard noticed something in this call' : `Switchboard noticed ${findings.length} things in this call`}
        </p>
      )}
      <ul className={`space-y-2 ${compact ? '' : 'mt-2.5'}`}>
        {sorted.map((finding, index) => (
          <li key={index} data-severity={finding.severity} className="flex items-start gap-2.5">
            <span className={`mt-px w-[4.75rem] shrink-0 rounded px-1.5 py-0.5 text-center text-[11px] font-semibold tracking-wide uppercase ${chips[finding.severity]}`}>
              {severityLabels[finding.severity]}
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-zinc-900 dark:text-zinc-100">{kindLabels[finding.kind]}</p>
              <p className="break-words text-zinc-700 dark:text-zinc-300">{finding.message}</p>
              {(finding.argument !== undefined || finding.excerpt !== undefined) && (
                <p className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
                  {finding.argument !== undefined && (
                    <span>
                      in <code className="font-mono text-zinc-800 dark:text-zinc-200">{finding.argument}</code>
                    </span>
                  )}
                  {finding.excerpt !== undefined && (
                    <code className="rounded bg-white/80 px-1.5 py-0.5 font-mono wrap-anywhere whitespace-pre-wrap text-zinc-900 ring-1 ring-zinc-900/10 ring-inset dark:bg-zinc-950/60 dark:text-zinc-100 dark:ring-white/10">
                      {finding.excerpt}
                    </code>
                  )}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
