/**
 * "Paste or import": a Claude Desktop / Cursor (`mcpServers`) or VS Code (`servers` + `inputs`)
 * config, pasted or read from the app's usual file. Main previews it (exact commands, warnings,
 * problems); the person picks servers, answers VS Code inputs once, and decides which
 * secret-looking values move to the keychain. Imported servers wait for the consent dialog.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { useExtensionsStore } from '../../../../stores/extensionsStore'
import { AlertIcon } from '../../../icons'
import { primaryButton, quietButton, secondaryButton } from '../../../ui'
import type { InstallTabProps } from '../installProps'
import { DiscoveredConfigs } from './DiscoveredConfigs'
import { ImportResults } from './ImportResults'
import { InputFields } from './InputFields'
import { includedCount, inputsToAsk, nameConflict, type ImportTarget } from './importModel'
import { ServerPreviewCard } from './ServerPreviewCard'
import { useImport } from './useImport'

const formatLabel = { 'mcp-servers': 'Claude Desktop / Cursor format (mcpServers)', vscode: 'VS Code format (servers and inputs)', 'install-link': 'Install link' } as const

const placeholder = `{
  "mcpServers": {
    "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Notes"] }
  }
}`

export function ImportTab({ onInstalled }: InstallTabProps) {
  const id = useId()
  const installed = useExtensionsStore((state) => state.extensions) ?? []
  const { state, preview, run, setChoices, setInputs, reset } = useImport()
  const [text, setText] = useState('')
  const previewHeading = useRef<HTMLHeadingElement>(null)
  const shown = state.preview
  const busy = state.busy !== null
  const count = shown ? includedCount(shown, state.choices) : 0

  const showPreview = async (target: ImportTarget) => {
    if (await preview(target)) requestAnimationFrame(() => previewHeading.current?.focus())
  }
  const submitText = (event: FormEvent) => {
    event.preventDefault()
    if (!busy && text.trim() !== '') void showPreview({ json: text })
  }
  const startOver = () => reset()

  if (state.result) {
    return (
      <div className="space-y-4">
        <ImportResults result={state.result} onOpen={onInstalled} />
        <div className="flex flex-wrap gap-2">
          {state.target && state.result.results.some((server) => server.outcome === 'failed') && (
            // A fresh preview: what was added now shows as installed, and the rest can be fixed and tried again.
            <button type="button" className={secondaryButton} onClick={() => state.target && void showPreview(state.target)}>
              Review the config again
            </button>
          )}
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setText('')
              startOver()
            }}
          >
            Import another config
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-found`} className="space-y-2">
        <h3 id={`${id}-found`} className="text-sm font-semibold">
          On this computer
        </h3>
        <DiscoveredConfigs disabled={busy} onImport={(source) => void showPreview({ source })} />
      </section>

      <form onSubmit={submitText} className="space-y-2">
        <label id={`${id}-paste`} htmlFor={`${id}-json`} className="block text-sm font-semibold">
          Paste a config
        </label>
        <p id={`${id}-json-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          The whole <span className="font-mono">claude_desktop_config.json</span>, Cursor’s or VS Code’s <span className="font-mono">mcp.json</span>. Nothing is installed or started until you review it.
        </p>
        <textarea
          id={`${id}-json`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          spellCheck={false}
          autoComplete="off"
          placeholder={placeholder}
          aria-describedby={`${id}-json-hint`}
          disabled={busy}
          className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-2 font-mono text-[13px] text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500"
        />
        <button type="submit" className={secondaryButton} disabled={busy || text.trim() === ''}>
          {state.busy === 'preview' ? 'Reading…' : 'Preview'}
        </button>
      </form>

      {state.error && (
        <p role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
          {state.error}
        </p>
      )}

      {shown && (
        <section aria-labelledby={`${id}-preview`} className="space-y-4 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <div>
            <h3 ref={previewHeading} id={`${id}-preview`} tabIndex={-1} className="text-base font-semibold focus:outline-none">
              {shown.servers.length === 0 ? 'Nothing to import' : `${shown.servers.length} ${shown.servers.length === 1 ? 'server' : 'servers'} to review`}
            </h3>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {[shown.format && formatLabel[shown.format], shown.path].filter(Boolean).join(' · ')}
            </p>
          </div>
          {shown.problems.length > 0 && (
            <ul role="alert" className="list-disc space-y-0.5 rounded-md border border-red-200 bg-red-50 py-2.5 pr-3 pl-7 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
              {shown.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          )}
          <InputFields inputs={inputsToAsk(shown, state.choices)} values={state.inputs} onChange={setInputs} disabled={busy} />
          {shown.servers.length > 0 && (
            <ul aria-label="Servers in the config" className="space-y-3">
              {shown.servers.map((server) => (
                <ServerPreviewCard
                  key={server.id}
                  server={server}
                  choice={state.choices[server.id] ?? { include: false, move: {}, secrets: {} }}
                  onChange={(choice) => setChoices({ ...state.choices, [server.id]: choice })}
                  conflict={nameConflict(server, installed)}
                  disabled={busy}
                  selectable
                />
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <button type="button" className={primaryButton} disabled={busy || count === 0} onClick={() => void run()}>
              {state.busy === 'import' ? 'Importing…' : count === 1 ? 'Import 1 server' : `Import ${count} servers`}
            </button>
            <button type="button" className={`${quietButton} h-8`} disabled={busy} onClick={startOver}>
              Cancel
            </button>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Each imported server asks for your approval, showing exactly what it runs, before it first starts.</p>
          </div>
        </section>
      )}
    </div>
  )
}
