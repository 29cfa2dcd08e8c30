/**
 * "Install link": a `switchboard://install?config=…` link, pasted here or handed to the app by the
 * OS. Main decodes and checks it; the install sheet shows exactly what would run and, first and
 * prominently, what deserves a second look (an unusual launcher, inline code such as `node -e`,
 * shell syntax). Install adds it through `extension_import`, so the consent dialog still decides
 * whether it ever starts; Cancel adds nothing.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useHostClient } from '../../../../mcp/hostContext'
import { useExtensionsStore } from '../../../../stores/extensionsStore'
import { AlertIcon, PlusIcon } from '../../../icons'
import { primaryButton, quietButton, secondaryButton } from '../../../ui'
import type { InstallTabProps } from '../installProps'
import { nameConflict } from '../import/importModel'
import { ServerPreviewCard } from '../import/ServerPreviewCard'
import { useImport } from '../import/useImport'

interface Props extends InstallTabProps {
  /** A link to fill in and check at once (from an install request). */
  link?: string
  /** The install request it came from; dismissed once the person installs or cancels. */
  requestId?: string
}

const alertBox = 'flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100'

export function LinkTab({ onInstalled, link, requestId }: Props) {
  const id = useId()
  const client = useHostClient()
  const installed = useExtensionsStore((state) => state.extensions) ?? []
  const { state, preview, run, setChoices, reset } = useImport()
  const [text, setText] = useState(link ?? '')
  const sheetHeading = useRef<HTMLHeadingElement>(null)
  const busy = state.busy !== null
  const server = state.preview?.servers[0]

  const check = async (value: string) => {
    if (await preview({ link: value.trim() })) requestAnimationFrame(() => sheetHeading.current?.focus())
  }
  // A link from outside is checked at once: checking reads it, and never installs or starts anything.
  useEffect(() => {
    if (link) void check(link)
    // Only for the link this tab was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link])

  const dismissRequest = () => {
    if (requestId) void client.call('install_request_dismiss', { id: requestId }).catch(() => undefined)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy && text.trim() !== '') void check(text)
  }
  const cancel = () => {
    dismissRequest()
    reset()
    setText('')
  }
  const install = async () => {
    const result = await run()
    const added = result?.results.find((entry) => entry.outcome === 'added')
    if (added) {
      dismissRequest()
      onInstalled(added.id)
    }
  }
  const failure = state.result?.results.find((entry) => entry.outcome === 'failed')

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={`${id}-link`} className="block text-sm font-semibold">
          Install link
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          A link that starts with <span className="font-mono">switchboard://install?config=</span>. Checking it installs nothing; you see exactly what it would run first.
        </p>
        <textarea
          id={`${id}-link`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder="switchboard://install?config=…"
          aria-describedby={`${id}-hint`}
          disabled={busy}
          className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-2 font-mono text-[13px] break-all text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500"
        />
        <button type="submit" className={secondaryButton} disabled={busy || text.trim() === ''}>
          {state.busy === 'preview' ? 'Checking…' : 'Check link'}
        </button>
      </form>

      {state.error && (
        <p role="alert" className={alertBox}>
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
          {state.error}
        </p>
      )}
      {state.preview && state.preview.problems.length > 0 && (
        <div role="alert" className={alertBox}>
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
          <ul className="space-y-0.5">
            {state.preview.problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      {server && (
        <section aria-labelledby={`${id}-sheet`} data-testid="install-sheet" className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <div>
            <h3 ref={sheetHeading} id={`${id}-sheet`} tabIndex={-1} className="text-base font-semibold focus:outline-none">
              Install “{server.name}”?
            </h3>
            <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
              {server.warnings.length > 0
                ? 'This link asks for something unusual. Read the warnings and the exact command below before you go on.'
                : 'Check that this is what you expect. Installing adds it stopped; it starts only after you approve it.'}
            </p>
          </div>
          <ul aria-label="Server in the link">
            <ServerPreviewCard
              server={server}
              choice={state.choices[server.id] ?? { include: true, move: {}, secrets: {} }}
              onChange={(choice) => setChoices({ ...state.choices, [server.id]: choice })}
              conflict={nameConflict(server, installed)}
              disabled={busy}
              selectable={false}
              detailed
            />
          </ul>
          {failure && (
            <div role="alert" className={alertBox}>
              <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
              <ul className="space-y-0.5">
                {[...(state.result?.problems ?? []), ...failure.errors].map((error, index) => (
                  <li key={index}>{error}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <button type="button" className={primaryButton} disabled={busy || !server.importable} onClick={() => void install()}>
              <PlusIcon className="size-3.5" />
              {state.busy === 'import' ? 'Installing…' : 'Install'}
            </button>
            <button type="button" className={`${quietButton} h-8`} disabled={busy} onClick={cancel}>
              Cancel
            </button>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Nothing starts until you approve it in the next dialog.</p>
          </div>
        </section>
      )}
    </div>
  )
}
