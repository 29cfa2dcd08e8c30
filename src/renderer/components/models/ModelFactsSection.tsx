/**
 * Settings → Models & keys → Model prices and limits: the model table that prices replies and tells
 * when a conversation must be compacted. The shipped rows are listed with the date their prices were
 * taken; the person's rows come first and can override any of them (blank fields keep the shipped value).
 */
import { useState } from 'react'
import type { ModelFactsRow } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useSettingsStore } from '../../stores/settingsStore'
import { PlusIcon, TrashIcon } from '../icons'
import { SettingsSection } from '../settings/SettingsSection'
import { iconButton, primaryButton, secondaryButton, textInput } from '../ui'
import { rowsFromDraft, toDraft, type DraftRow } from './modelFactsDraft'

const cell = 'px-2 py-1.5'
const EMPTY_ROW: DraftRow = { model: '', contextWindow: '', inputPrice: '', outputPrice: '' }

export function ModelFactsSection() {
  const facts = useSettingsStore((state) => state.settings?.modelFacts)
  // Here, not in the editor: a save remounts the editor, and "Saved." must outlive that.
  const [saved, setSaved] = useState(false)
  if (!facts) return null
  // Keyed by what is saved, so a save (here or through the API) starts the draft afresh.
  return <ModelFactsEditor key={JSON.stringify(facts.custom)} custom={facts.custom} defaults={facts.defaults} dated={facts.dated} saved={saved} setSaved={setSaved} />
}

interface EditorProps {
  custom: ModelFactsRow[]
  defaults: ModelFactsRow[]
  dated: string
  saved: boolean
  setSaved: (saved: boolean) => void
}

function ModelFactsEditor({ custom, defaults, dated, saved, setSaved }: EditorProps) {
  const act = useHostAction()
  const [draft, setDraft] = useState<DraftRow[]>(() => custom.map(toDraft))
  const [error, setError] = useState<string | null>(null)
  const change = (index: number, field: keyof DraftRow, value: string) => {
    setSaved(false)
    setDraft((rows) => rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)))
  }
  const save = async () => {
    const parsed = rowsFromDraft(draft)
    if ('error' in parsed) return setError(parsed.error)
    setError(null)
    if (await act('settings_update', { patch: { modelFacts: parsed.rows } })) setSaved(true)
  }
  const dirty = JSON.stringify(draft) !== JSON.stringify(custom.map(toDraft))

  return (
    <SettingsSection
      id="model-facts"
      divided
      title="Model prices and limits"
      description={`Prices in US dollars per million tokens price each reply; the context window tells when a long conversation is summarised for the model. A row names a model id or its start. Shipped prices are the vendors' list prices as of ${dated}.`}
    >
      <table aria-label="Your model rows" className="w-full text-sm">
        <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className={cell}>Model</th>
            <th className={cell}>Context window</th>
            <th className={cell}>Input $ / M</th>
            <th className={cell}>Output $ / M</th>
            <th className={cell}>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.map((row, index) => (
            <tr key={index}>
              {(['model', 'contextWindow', 'inputPrice', 'outputPrice'] as const).map((field) => (
                <td key={field} className={cell}>
                  <input
                    aria-label={`${field === 'model' ? 'Model' : field === 'contextWindow' ? 'Context window' : field === 'inputPrice' ? 'Input price' : 'Output price'} of row ${index + 1}`}
                    className={`${textInput} ${field === 'model' ? 'font-mono' : 'tabular-nums'}`}
                    inputMode={field === 'model' ? undefined : 'decimal'}
                    value={row[field]}
                    onChange={(event) => change(index, field, event.target.value)}
                  />
                </td>
              ))}
              <td className={cell}>
                <button type="button" className={iconButton} aria-label={`Remove row ${index + 1}`} onClick={() => setDraft((rows) => rows.filter((_, at) => at !== index))}>
                  <TrashIcon className="size-4" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No rows of your own: the shipped ones below apply.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex items-center gap-2">
        <button type="button" className={secondaryButton} onClick={() => setDraft((rows) => [...rows, EMPTY_ROW])}>
          <PlusIcon />
          Add row
        </button>
        <button type="button" className={primaryButton} disabled={!dirty} onClick={() => void save()}>
          Save prices and limits
        </button>
        {saved && !dirty && (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Saved.
          </span>
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Shipped rows ({defaults.length}, prices as of {dated})</summary>
        <table aria-label="Shipped model rows" className="mt-2 w-full text-xs tabular-nums">
          <tbody>
            {defaults.map((row) => (
              <tr key={row.model} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className={`${cell} font-mono`}>{row.model}</td>
                <td className={cell}>{row.contextWindow?.toLocaleString('en-US')} tokens</td>
                <td className={cell}>${row.inputPrice} in</td>
                <td className={cell}>${row.outputPrice} out</td>
                <td className={cell}>
                  <button type="button" className="text-indigo-700 underline dark:text-indigo-300" onClick={() => setDraft((rows) => [...rows, toDraft(row)])}>
                    Override
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </SettingsSection>
  )
}
