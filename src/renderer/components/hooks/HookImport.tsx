/**
 * Import command hooks (Claude Code / VS Code format): paste a settings file or look in the usual
 * files on this computer, see exactly what would be imported, choose, import. Each imported hook
 * then waits for its own approval of the exact command line.
 */
import { useId, useState } from 'react'
import type { HookImportPreview } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { primaryButton, secondaryButton, textInput } from '../ui'
import { EVENT_LABELS } from './HookForm'

export function HookImport({ onClose }: { onClose: () => void }) {
  const id = useId()
  const act = useHostAction()
  const [json, setJson] = useState('')
  const [asked, setAsked] = useState<{ json?: string } | null>(null)
  const [preview, setPreview] = useState<HookImportPreview | null>(null)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [outcome, setOutcome] = useState<string | null>(null)

  const look = async (request: { json?: string }) => {
    setOutcome(null)
    const found = await act('hook_import_preview', request)
    if (!found) return
    setAsked(request)
    setPreview(found)
    setChosen(new Set(found.hooks.filter((hook) => !hook.exists).map((hook) => hook.key)))
  }
  const toggle = (key: string, on: boolean) => setChosen((current) => new Set([...current].filter((k) => k !== key).concat(on ? [key] : [])))
  const run = async () => {
    if (!asked) return
    const done = await act('hook_import', { ...asked, keys: [...chosen] })
    if (!done) return
    const count = done.saved.length
    setOutcome([`Imported ${count} hook${count === 1 ? '' : 's'}; each runs once you approved its command.`, ...done.problems].join(' '))
    setPreview(null)
  }

  const found = preview?.sources.filter((source) => source.found > 0 || (source.problem && source.problem !== 'not there')) ?? []
  return (
    <section aria-label="Import command hooks" className="grid gap-3 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-700">
      <label htmlFor={`${id}-json`} className="grid gap-1">
        <span>Paste a Claude Code or VS Code settings file with a "hooks" block (or look in the usual files on this computer)</span>
        <textarea id={`${id}-json`} rows={5} value={json} onChange={(change) => setJson(change.target.value)} placeholder='{"hooks": {"PreToolUse": [...]}}' className={`${textInput} h-auto font-mono text-xs`} />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} disabled={json.trim() === ''} onClick={() => void look({ json })}>
          Preview pasted settings
        </button>
        <button type="button" className={secondaryButton} onClick={() => void look({})}>
          Look on this computer
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
      {outcome && <p role="status">{outcome}</p>}
      {preview && (
        <div className="grid gap-2" aria-label="What will be imported">
          {found.length > 0 && (
            <ul className="text-xs text-zinc-500 dark:text-zinc-400">
              {found.map((source) => (
                <li key={source.path}>
                  {source.label} ({source.path}): {source.problem ?? `${source.found} hook${source.found === 1 ? '' : 's'}`}
                </li>
              ))}
            </ul>
          )}
          {preview.hooks.length === 0 ? (
            <p>No command hooks found.</p>
          ) : (
            <ul className="grid gap-2">
              {preview.hooks.map((hook) => (
                <li key={hook.key} className="rounded-md bg-zinc-50 p-2 dark:bg-zinc-800/60">
                  <label className="flex items-start gap-2">
                    <input type="checkbox" disabled={hook.exists} checked={chosen.has(hook.key)} onChange={(change) => toggle(hook.key, change.target.checked)} aria-label={`Import ${hook.name}`} />
                    <span className="grid gap-0.5">
                      <span>
                        {EVENT_LABELS[hook.event]} ({hook.fileEvent}){hook.command.matcher ? <> · matcher <code className="font-mono">{hook.command.matcher}</code></> : null}
                        {hook.exists ? ' · already imported' : ''}
                      </span>
                      <code className="font-mono text-xs break-all">{hook.command.line}</code>
                      <span className="text-xs text-zinc-500 dark:text-zinc-400">
                        runs in {hook.command.cwd ?? 'your home folder'} · from {hook.command.source}
                      </span>
                      {hook.warnings.map((warning) => (
                        <span key={warning} className="text-xs text-amber-800 dark:text-amber-300">
                          {warning}
                        </span>
                      ))}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {preview.skipped.length > 0 && (
            <ul aria-label="Left out" className="text-xs text-zinc-500 dark:text-zinc-400">
              {preview.skipped.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          )}
          <div>
            <button type="button" className={primaryButton} disabled={chosen.size === 0} onClick={() => void run()}>
              Import {chosen.size} hook{chosen.size === 1 ? '' : 's'}
            </button>
          </div>
        </div>
      )}
    </section>
  )
}
