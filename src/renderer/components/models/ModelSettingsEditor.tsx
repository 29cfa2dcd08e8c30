/**
 * Each model's own settings on the provider form: the temperature and the most tokens a reply may
 * have. Empty means the default: the server's own, and for Anthropic models the limit Anthropic
 * lists for the model. Values are typed as text and checked by modelSettingsProblems.
 */
import { useId } from 'react'
import { textInput } from '../ui'
import type { ModelSettingsDraft } from './providerForm'

interface Props {
  models: readonly string[]
  settings: Readonly<Record<string, ModelSettingsDraft>>
  onChange: (model: string, draft: ModelSettingsDraft) => void
  /** Per model: what is wrong with its values, if anything. */
  problems: Readonly<Record<string, string>>
  anthropic: boolean
  disabled: boolean
}

export function ModelSettingsEditor({ models, settings, onChange, problems, anthropic, disabled }: Props) {
  const id = useId()
  if (models.length === 0) return null
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Model settings</legend>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
        Leave a field empty for the default: {anthropic ? 'the output limit Anthropic lists for the model (4,096 when it lists none), and Anthropic’s temperature.' : 'what the server chooses.'}
      </p>
      <ul aria-label="Model settings" className="mt-2 space-y-2">
        {models.map((model, index) => {
          const draft = settings[model] ?? { temperature: '', maxOutputTokens: '' }
          const problem = problems[model]
          return (
            <li key={model} className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_10rem]">
              <span className="truncate pt-1.5 font-mono text-xs" title={model}>
                {model}
              </span>
              <input
                aria-label={`Temperature of ${model}`}
                inputMode="decimal"
                value={draft.temperature}
                placeholder="Temperature"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-${index}-problem` : undefined}
                onChange={(event) => onChange(model, { ...draft, temperature: event.target.value })}
                className={textInput}
              />
              <input
                aria-label={`Maximum output tokens of ${model}`}
                inputMode="numeric"
                value={draft.maxOutputTokens}
                placeholder="Max output tokens"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-${index}-problem` : undefined}
                onChange={(event) => onChange(model, { ...draft, maxOutputTokens: event.target.value })}
                className={textInput}
              />
              {problem && (
                <p id={`${id}-${index}-problem`} className="text-xs text-red-700 sm:col-span-3 dark:text-red-400">
                  {problem}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
