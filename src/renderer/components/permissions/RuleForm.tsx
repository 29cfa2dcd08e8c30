/**
 * Adds or edits an argument rule: the tool (a namespaced name or a wildcard), the argument (a name
 * or a JSON pointer), a glob or a regular expression, the decision and a note. Obvious gaps are said
 * before sending; main checks the rule again, and its message appears above the buttons.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import type { ArgumentRule, CatalogToolView } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { FormField, messageId } from '../extensions/add/FormField'
import { propertySummary } from '../extensions/toolArguments'
import { AlertIcon } from '../icons'
import { primaryButton, quietButton, textInput } from '../ui'
import { Segmented } from './Segmented'
import { draftOf, draftProblems, emptyDraft, ruleOf, type RuleDraft, type RuleField } from './ruleDraft'

interface Props {
  /** The rule being edited; a new one when absent. */
  rule?: ArgumentRule
  tools: readonly CatalogToolView[]
  onSaved: (rule: ArgumentRule) => void
  onCancel: () => void
}

const decisionChoices = [
  { value: 'allow', label: 'Allow', title: 'Run matching calls without asking' },
  { value: 'ask', label: 'Ask', title: 'Always ask before matching calls' },
  { value: 'deny', label: 'Deny', title: 'Never run matching calls' },
] as const
const matchChoices = [
  { value: 'glob', label: 'Glob', title: 'Paths (~/Notes/**) or text with * and ?' },
  { value: 'regex', label: 'Regex', title: 'A regular expression, checked for safety by Switchboard' },
] as const

export function RuleForm({ rule, tools, onSaved, onCancel }: Props) {
  const id = useId()
  const client = useHostClient()
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : emptyDraft()))
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const formElement = useRef<HTMLFormElement>(null)

  const problems = draftProblems(draft, submitted)
  const change = (patch: Partial<RuleDraft>) => {
    setDraft((before) => ({ ...before, ...patch }))
    setRefusal(null)
  }
  const exactTool = tools.find((tool) => tool.name === draft.tool.trim())
  const argumentNames = exactTool ? propertySummary(exactTool.inputSchema) : []

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    if (Object.keys(draftProblems(draft, true)).length > 0) {
      requestAnimationFrame(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      onSaved(await client.call('permission_rule_save', { rule: ruleOf(draft) }))
    } catch (error) {
      setRefusal(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: RuleField) => ({
    id: `${id}-${name}`,
    disabled: busy,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': messageId(`${id}-${name}`),
    autoComplete: 'off',
    spellCheck: false,
    autoCapitalize: 'off',
  })

  return (
    <form
      ref={formElement}
      noValidate
      aria-label={rule ? `Edit rule ${rule.id}` : 'New rule'}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault()
          onCancel()
        }
      }}
      className="space-y-4 rounded-lg border border-zinc-200 bg-zinc-50/70 p-4 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={`${id}-tool`} label="Tool" hint="A tool’s full name, or a pattern such as files__*." problem={problems.tool}>
          <input
            {...field('tool')}
            // The form opens on request; its first field is where typing starts.
            autoFocus
            list={`${id}-tools`}
            value={draft.tool}
            placeholder="files__write_file"
            onChange={(event) => change({ tool: event.target.value })}
            className={`${textInput} font-mono placeholder:font-sans`}
          />
        </FormField>
        <FormField id={`${id}-argument`} label="Argument" hint="Its name, or a JSON pointer such as /options/path." problem={problems.argument}>
          <input
            {...field('argument')}
            list={`${id}-arguments`}
            value={draft.argument}
            placeholder="path"
            onChange={(event) => change({ argument: event.target.value })}
            className={`${textInput} font-mono placeholder:font-sans`}
          />
        </FormField>
      </div>
      <datalist id={`${id}-tools`}>
        {tools.map((tool) => (
          <option key={tool.name} value={tool.name} />
        ))}
      </datalist>
      <datalist id={`${id}-arguments`}>
        {argumentNames.map((property) => (
          <option key={property.name} value={property.name} />
        ))}
      </datalist>
      <div className="grid items-start gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
        <Segmented legend="Match with" value={draft.matchKind} choices={matchChoices} disabled={busy} onChange={(matchKind) => change({ matchKind })} />
        <FormField
          id={`${id}-pattern`}
          label={draft.matchKind === 'glob' ? 'Glob pattern' : 'Regular expression'}
          hint={draft.matchKind === 'glob' ? '~/Notes/** matches every file under Notes; safe* any text starting with “safe”.' : 'Found anywhere in the value unless anchored: ^https://example\\.com/ matches what starts with it.'}
          problem={problems.pattern}
        >
          <input
            {...field('pattern')}
            value={draft.pattern}
            placeholder={draft.matchKind === 'glob' ? '~/Notes/**' : '^https://example\\.com/'}
            onChange={(event) => change({ pattern: event.target.value })}
            className={`${textInput} font-mono placeholder:font-sans`}
          />
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
        <Segmented legend="Decision" value={draft.decision} choices={decisionChoices} disabled={busy} onChange={(decision) => change({ decision })} />
        <FormField id={`${id}-note`} label="Note" optional problem={problems.note}>
          <input {...field('note')} spellCheck value={draft.note} placeholder="Why this rule exists" onChange={(event) => change({ note: event.target.value })} className={textInput} />
        </FormField>
      </div>
      {refusal && (
        <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
          <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
          <p className="min-w-0 break-words">
            <span className="font-medium">Switchboard did not save the rule:</span> {refusal}
          </p>
        </div>
      )}
      <div className="flex items-center gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving…' : rule ? 'Save rule' : 'Add rule'}
        </button>
        <button type="button" className={quietButton} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        {draft.id && (
          <span className="ml-auto font-mono text-xs text-zinc-400 dark:text-zinc-500" title="The rule’s id">
            {draft.id}
          </span>
        )}
      </div>
    </form>
  )
}
