/**
 * "Add extension": a local program (stdio) or a server at a URL (Streamable HTTP, SSE). Obvious
 * problems are said inline as the person types; the host checks again, and when it refuses, its
 * messages appear next to the fields they name and in a summary beside the buttons.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { useExtensionsStore } from '../../../stores/extensionsStore'
import { useViewStore } from '../../../stores/viewStore'
import { AlertIcon, BackIcon, PlusIcon } from '../../icons'
import { primaryButton, quietButton, smallSecondaryButton, textInput } from '../../ui'
import { ArgsField } from './ArgsField'
import { FormField, messageId } from './FormField'
import { TransportChoice } from './TransportChoice'
import { TrustField } from './TrustField'
import { ValueRows } from './ValueRows'
import { deriveId, emptyForm, formFromExtension, formProblems, hasProblems, type ExtensionForm, type FieldKey, type TransportChoice as TransportChoiceKind } from './extensionForm'
import type { ExtensionView } from '../../../../shared/hostApi'
import type { HostProblems } from './hostProblems'
import { useAddExtension } from './useAddExtension'
import { splitCommandLine } from './commandLine'
import { useSecretHome } from '../../../hooks/useSecretHome'
import { RegisteredClientForm } from '../RegisteredClientForm'

const noHostProblems: HostProblems = { lines: [], fields: {} }

interface Props {
  /** Shown as a tab of the install page, which has its own way back to the list. */
  embedded?: boolean
  /** An installed extension to change instead of adding one: every field, trust included. */
  editing?: ExtensionView & { type: TransportChoiceKind }
}

export function AddExtensionForm({ embedded = false, editing }: Props = {}) {
  const secrets = useSecretHome()
  const id = useId()
  const showExtensions = useViewStore((state) => state.showExtensions)
  const extensions = useExtensionsStore((state) => state.extensions)
  const { busy, add } = useAddExtension(editing ? { id: editing.id, enabled: editing.enabled, auth: editing.config.auth } : undefined)
  const [form, setForm] = useState<ExtensionForm>(() => (editing ? formFromExtension(editing) : emptyForm))
  const back = () => showExtensions(editing ? { page: 'details', id: editing.id } : { page: 'list' })
  // A whole command line pasted into Command: offered to be split (never split without asking).
  const pastedLine = form.type === 'stdio' ? splitCommandLine(form.command) : null
  const [submitted, setSubmitted] = useState(false)
  const [host, setHost] = useState<HostProblems>(noHostProblems)
  const formElement = useRef<HTMLFormElement>(null)
  const summary = useRef<HTMLDivElement>(null)

  const takenIds = new Set((extensions ?? []).map((extension) => extension.id).filter((taken) => taken !== editing?.id))
  const problems = formProblems(form, takenIds, submitted)
  const disabled = busy !== null

  /** Changes fields; the host's message about a field goes once the person edits that field. */
  const change = (patch: Partial<ExtensionForm>, fields: FieldKey[] = []) => {
    setForm((before) => ({ ...before, ...patch }))
    if (fields.some((field) => host.fields[field])) {
      setHost((before) => ({ ...before, fields: Object.fromEntries(Object.entries(before.fields).filter(([key]) => !fields.includes(key as FieldKey))) }))
    }
  }
  const fieldProblem = (field: Exclude<FieldKey, `env:${number}` | `header:${number}`>) => problems[field] ?? host.fields[field]
  const inputProps = (field: Exclude<FieldKey, `env:${number}` | `header:${number}`>) => ({
    id: `${id}-${field}`,
    disabled,
    'aria-invalid': fieldProblem(field) ? true : undefined,
    'aria-describedby': messageId(`${id}-${field}`),
    autoComplete: 'off',
    spellCheck: false,
    autoCapitalize: 'off',
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (disabled) return
    setSubmitted(true)
    if (hasProblems(formProblems(form, takenIds, true))) {
      // Focus the first field that says what is wrong, once the messages are rendered.
      requestAnimationFrame(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setHost(noHostProblems)
    const outcome = await add(form)
    if (outcome.ok) {
      // The secret values typed into this form do not outlive it.
      setForm(editing ? formFromExtension({ ...outcome.extension, type: form.type }) : emptyForm)
      showExtensions({ page: 'details', id: outcome.extension.id })
      return
    }
    setHost(outcome.problems)
    requestAnimationFrame(() => {
      summary.current?.focus({ preventScroll: true })
      summary.current?.scrollIntoView({ block: 'center' })
    })
  }

  return (
    <div className="space-y-6">
      {!embedded && (
        <button type="button" className={`${quietButton} -ml-2.5`} onClick={back}>
          <BackIcon className="size-3.5" />
          {editing ? editing.name : 'All extensions'}
        </button>
      )}
      <form
        ref={formElement}
        noValidate
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => void submit(event)}
        className="space-y-6"
      >
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {editing ? `Edit ${editing.name}` : 'Add extension'}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {editing
              ? 'Change any field. When what it runs changes (program, arguments, folder, variables, address or headers), Switchboard asks you again before it starts.'
              : 'Connect an MCP server by hand. Before a program starts for the first time, Switchboard shows you exactly what it will run and asks.'}
          </p>
        </div>

        <TransportChoice value={form.type} onChange={(type) => change({ type })} disabled={disabled} />

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-name`} label="Name" problem={fieldProblem('name')} hint="Shown in the list and in approval dialogs.">
            <input
              {...inputProps('name')}
              spellCheck
              autoFocus
              value={form.name}
              placeholder="GitHub"
              onChange={(event) => {
                const name = event.target.value
                change({ name, ...(form.idEdited ? {} : { id: deriveId(name) }) }, form.idEdited ? ['name'] : ['name', 'id'])
              }}
              className={textInput}
            />
          </FormField>
          <FormField
            id={`${id}-id`}
            label="Id"
            problem={fieldProblem('id')}
            hint={
              <>
                Made from the name; its tools are called <code className="font-mono">{form.id || 'id'}__tool</code>.
              </>
            }
          >
            <input
              {...inputProps('id')}
              // The id names its tools, policies and secrets: it stays what it is.
              readOnly={editing !== undefined}
              value={form.id}
              placeholder="github"
              onChange={(event) => {
                const value = event.target.value
                // Emptied, the id follows the name again.
                change({ id: value, idEdited: value !== '' }, ['id'])
              }}
              className={`${textInput} font-mono placeholder:font-sans`}
            />
          </FormField>
        </div>

        {form.type === 'stdio' ? (
          <div className="space-y-4">
            <FormField
              id={`${id}-command`}
              label="Command"
              problem={fieldProblem('command')}
              hint="The program to start, e.g. npx, uvx, docker or a full path. It is started directly, never through a shell."
            >
              <input
                {...inputProps('command')}
                value={form.command}
                placeholder="npx"
                onChange={(event) => change({ command: event.target.value }, ['command'])}
                className={`${textInput} font-mono placeholder:font-sans`}
              />
            </FormField>
            {pastedLine && (
              <p role="status" className="-mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                This looks like a whole command line.
                <button
                  type="button"
                  className={smallSecondaryButton}
                  onClick={() => change({ command: pastedLine.command, args: [...pastedLine.args, ...(form.args.trim() ? [form.args] : [])].join('\n') }, ['command', 'args'])}
                >
                  Split into command and {pastedLine.args.length} argument{pastedLine.args.length === 1 ? '' : 's'}
                </button>
              </p>
            )}
            <ArgsField
              inputProps={inputProps('args')}
              value={form.args}
              problem={fieldProblem('args')}
              onChange={(args) => change({ args }, ['args'])}
            />
            <fieldset>
              <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Environment variables</legend>
              <p className="mt-0.5 mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                Only these (and a few basics such as PATH and HOME) reach the program. Tick <em>Secret</em> for tokens: the value is kept {secrets.where}, not in extensions.json.{secrets.warning ? ` ${secrets.warning}` : ''}
              </p>
              <ValueRows
                kind="env"
                rows={form.env}
                onChange={(env) => change({ env }, form.env.map((row) => `env:${row.key}` as const))}
                problems={problems.rows}
                hostProblems={host.fields}
                disabled={disabled}
              />
            </fieldset>
            <FormField id={`${id}-cwd`} label="Working folder" optional problem={fieldProblem('cwd')} hint="An absolute path; leave empty for the default.">
              <input
                {...inputProps('cwd')}
                value={form.cwd}
                placeholder="/home/me/project"
                onChange={(event) => change({ cwd: event.target.value }, ['cwd'])}
                className={`${textInput} font-mono placeholder:font-sans`}
              />
            </FormField>
          </div>
        ) : (
          <div className="space-y-4">
            <FormField
              id={`${id}-url`}
              label="URL"
              problem={fieldProblem('url')}
              hint={form.type === 'sse' ? 'The server’s SSE endpoint, e.g. https://example.com/sse.' : 'The server’s MCP endpoint, e.g. https://example.com/mcp.'}
            >
              <input
                {...inputProps('url')}
                type="url"
                value={form.url}
                placeholder={form.type === 'sse' ? 'https://example.com/sse' : 'https://example.com/mcp'}
                onChange={(event) => change({ url: event.target.value }, ['url'])}
                className={`${textInput} font-mono placeholder:font-sans`}
              />
            </FormField>
            <fieldset>
              <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Headers</legend>
              <p className="mt-0.5 mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                Sent with every request. For a token, tick <em>Secret</em> and paste the whole value, e.g. <code className="font-mono">Bearer abc123</code>.
              </p>
              <ValueRows
                kind="header"
                rows={form.headers}
                onChange={(headers) => change({ headers }, form.headers.map((row) => `header:${row.key}` as const))}
                problems={problems.rows}
                hostProblems={host.fields}
                disabled={disabled}
              />
            </fieldset>
          </div>
        )}

        <TrustField checked={form.trusted} type={form.type} disabled={disabled} onChange={(trusted) => change({ trusted })} />

        {host.lines.length > 0 && (
          <div
            ref={summary}
            role="alert"
            tabIndex={-1}
            className="flex gap-2.5 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
          >
            <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
            <div className="min-w-0">
              <p className="font-medium">Switchboard did not add the extension:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-4">
                {host.lines.map((line, index) => (
                  <li key={index} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}

        <div className="flex items-center gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <button type="submit" className={primaryButton} disabled={disabled}>
            {/* "+" adds; saving an edit adds nothing. */}
            {!editing && <PlusIcon className="size-3.5" />}
            {busy ?? (editing ? 'Save changes' : 'Add extension')}
          </button>
          <button type="button" className={`${quietButton} h-8`} disabled={disabled} onClick={back}>
            Cancel
          </button>
        </div>
      </form>
      {/* Sign-in settings of a remote server: a form of their own (saved on their own), never nested in this one. */}
      {editing && <RegisteredClientForm extension={editing} inEdit />}
    </div>
  )
}
