/**
 * The rule tester: a sample call (tool name and JSON arguments) and what one saved rule, or all of
 * them together, would decide for it — with main's trace of every rule it looked at. A shown result
 * is worked out again whenever the saved rules change, so an edit is reflected at once.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { ArgumentRule, CatalogToolView } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { FormField, messageId } from '../extensions/add/FormField'
import { parseArguments } from '../extensions/toolArguments'
import { PlayIcon } from '../icons'
import { secondaryButton, textInput } from '../ui'
import { RuleTestOutcome, type RuleTestShown as Shown } from './RuleTestOutcome'
import { ruleSummary } from './permissionText'

interface Props {
  rules: readonly ArgumentRule[]
  tools: readonly CatalogToolView[]
}

const ALL = '*all'

interface Sample {
  toolName: string
  arguments: Record<string, unknown>
  /** A rule id, or ALL. */
  using: string
  /** The fields as typed, to tell when the result on screen no longer matches them. */
  typed: { toolName: string; argsText: string }
}

const textArea =
  'block w-full resize-y rounded-md border border-zinc-300 bg-white px-2.5 py-2 font-mono text-xs leading-relaxed text-zinc-900 shadow-xs ' +
  'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none aria-[invalid=true]:border-red-500 ' +
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-indigo-400'
const selectClass =
  'min-h-8 py-[5px] leading-5 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 shadow-xs focus:border-indigo-500 focus:ring-2 ' +
  'focus:ring-indigo-500/25 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-indigo-400'

export function RuleTester({ rules, tools }: Props) {
  const id = useId()
  const client = useHostClient()
  const [toolName, setToolName] = useState('')
  const [argsText, setArgsText] = useState('{}')
  const [using, setUsing] = useState(ALL)
  const [problems, setProblems] = useState<{ tool?: string; arguments?: string }>({})
  const [shown, setShown] = useState<Shown | null>(null)
  const [busy, setBusy] = useState(false)
  /** The fields as they were typed for the result on screen. */
  const [shownFor, setShownFor] = useState<Sample['typed'] | null>(null)
  /** The sample of the result on screen, run again when the rules change. */
  const lastSample = useRef<Sample | null>(null)
  const rulesRef = useRef(rules)
  const selected = using === ALL ? undefined : rules.find((rule) => rule.id === using)
  const stale = shownFor !== null && (shownFor.toolName !== toolName || shownFor.argsText !== argsText)

  const run = async (sample: Sample) => {
    lastSample.current = sample
    const rule = sample.using === ALL ? undefined : rulesRef.current.find((candidate) => candidate.id === sample.using)
    setBusy(true)
    try {
      const result = await client.call('permission_rule_test', { ...(rule ? { rule } : {}), sample: { toolName: sample.toolName, arguments: sample.arguments } })
      if (lastSample.current === sample) setShown({ kind: 'result', result, rule })
    } catch (error) {
      if (lastSample.current === sample) setShown({ kind: 'failed', message: errorMessage(error) })
    } finally {
      if (lastSample.current === sample) setShownFor(sample.typed)
      setBusy(false)
    }
  }

  // Saved rules changed (added, edited, removed): the result on screen is worked out again. A re-read
  // of the permissions that left the rules as they were (a grant, a mode change) is not a change.
  useEffect(() => {
    if (rulesRef.current === rules) return
    const same = JSON.stringify(rulesRef.current) === JSON.stringify(rules)
    rulesRef.current = rules
    if (same) return
    const sample = lastSample.current
    if (!sample) return
    const still = sample.using === ALL || rules.some((rule) => rule.id === sample.using)
    if (!still) setUsing(ALL)
    void run(still ? sample : { ...sample, using: ALL })
    // run only reads refs and stable values; the rules are the trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rules])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const name = toolName.trim()
    const parsed = parseArguments(argsText)
    const next = {
      tool: name === '' ? 'Name the tool the call is for, e.g. files__write_file.' : undefined,
      arguments: parsed.ok ? undefined : parsed.problem,
    }
    setProblems(next)
    if (!parsed.ok || next.tool) return
    void run({ toolName: name, arguments: parsed.value, using, typed: { toolName, argsText } })
  }

  return (
    <form noValidate aria-label="Rule tester" onSubmit={submit} className="space-y-4 rounded-lg border border-zinc-200 bg-zinc-50/70 p-4 dark:border-zinc-800 dark:bg-zinc-950/40">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={`${id}-tool`} label="Tool name" problem={problems.tool}>
          <input
            id={`${id}-tool`}
            list={`${id}-tools`}
            value={toolName}
            placeholder="files__write_file"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            aria-invalid={problems.tool ? true : undefined}
            aria-describedby={messageId(`${id}-tool`)}
            onChange={(event) => setToolName(event.target.value)}
            className={`${textInput} font-mono placeholder:font-sans`}
          />
        </FormField>
        <FormField id={`${id}-using`} label="Test with">
          <select
            id={`${id}-using`}
            value={using}
            onChange={(event) => {
              setUsing(event.target.value)
              // A result on screen follows the choice at once.
              if (lastSample.current) void run({ ...lastSample.current, using: event.target.value })
            }}
            className={selectClass}
          >
            <option value={ALL}>All saved rules</option>
            {rules.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.id}: {ruleSummary(rule)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <datalist id={`${id}-tools`}>
        {tools.map((tool) => (
          <option key={tool.name} value={tool.name} />
        ))}
      </datalist>
      <FormField id={`${id}-arguments`} label="Arguments (JSON)" problem={problems.arguments}>
        <textarea
          id={`${id}-arguments`}
          value={argsText}
          rows={Math.min(10, Math.max(3, argsText.split('\n').length + 1))}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={problems.arguments ? true : undefined}
          aria-describedby={messageId(`${id}-arguments`)}
          onChange={(event) => {
            setArgsText(event.target.value)
            if (problems.arguments) setProblems((before) => ({ ...before, arguments: parseArguments(event.target.value).ok ? undefined : before.arguments }))
          }}
          className={textArea}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={secondaryButton} disabled={busy}>
          <PlayIcon className="size-3.5" />
          {busy ? 'Testing…' : 'Test'}
        </button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {selected ? 'Shows what this rule alone would decide.' : 'Shows what the saved rules together would decide (the strictest match wins).'}
        </span>
      </div>
      {shown && <RuleTestOutcome shown={shown} stale={stale} />}
    </form>
  )
}
