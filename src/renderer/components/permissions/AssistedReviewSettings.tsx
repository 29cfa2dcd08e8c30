/**
 * Settings → Permissions → Assisted review (docs/guide/assisted-review.md): off by default. When on,
 * a model the person picks rates each call that would ask, in the dialog; where the arguments go is
 * said next to the choice ("sends tool arguments to …"). With a second, separate choice, a low rating
 * may answer a question the permission mode alone asks — never one a rule, a policy, a changed tool,
 * a hook, a finding or the guard asks, and never for a destructive tool.
 */
import { useState } from 'react'
import type { AssistedReviewSettings as Settings, PermissionsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useModelsStore } from '../../stores/modelsStore'
import { SettingsSection } from '../settings/SettingsSection'
import { quietSelect, textInput } from '../ui'

type View = NonNullable<PermissionsResource['assistedReview']>

/** The settings as one comparable text, whatever order their fields arrive in. */
const keyOf = (settings: Settings) => JSON.stringify([settings.enabled, settings.providerId ?? null, settings.modelId ?? null, settings.autoAllowLow])

export function AssistedReviewSettings({ view }: { view: View | undefined }) {
  const act = useHostAction()
  const providers = useModelsStore((state) => state.models?.providers ?? [])
  const saved: Settings = view?.settings ?? { enabled: false, autoAllowLow: false }
  // A change shows at once and stands until the saved settings change in the permissions resource
  // (to it, or to anything else): clearing it when the call returned showed the old value for a moment.
  const savedKey = keyOf(saved)
  const [draft, setDraft] = useState<{ settings: Settings; over: string } | null>(null)
  const current = draft !== null && draft.over === savedKey ? draft.settings : saved
  const save = async (next: Settings) => {
    setDraft({ settings: next, over: savedKey })
    if (!(await act('assisted_review_set', { settings: next }))) setDraft(null)
  }
  const provider = providers.find((candidate) => candidate.id === current.providerId)
  return (
    <SettingsSection
      id="permission-assisted-review"
      title="Assisted review"
      description="A model you choose rates each call that would ask you — low, medium or high risk, with one sentence — shown in the dialog while you decide. It receives the call's arguments (known secret values masked), the tool's description and which outside sources the conversation holds. A rating is advice: it can be wrong, and text in a call may try to fool it."
      divided
    >
      <div className="space-y-3 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={current.enabled} onChange={(event) => void save({ ...current, enabled: event.target.checked })} />
          Rate calls that ask
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="assisted-review-provider">Rated by</label>
          <select
            id="assisted-review-provider"
            className={quietSelect}
            value={current.providerId ?? ''}
            onChange={(event) => {
              const next = providers.find((candidate) => candidate.id === event.target.value)
              void save({ ...current, ...(next ? { providerId: next.id, modelId: next.models[0] } : { providerId: undefined, modelId: undefined }) })
            }}
          >
            <option value="">Choose a provider…</option>
            {providers.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          {provider && provider.models.length > 0 ? (
            <select aria-label="Model" className={quietSelect} value={current.modelId ?? ''} onChange={(event) => void save({ ...current, modelId: event.target.value })}>
              {provider.models.map((model) => (
                <option key={model} value={model}>
                  {model}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label="Model"
              className={`${textInput} w-48`}
              placeholder="model id"
              defaultValue={current.modelId ?? ''}
              onBlur={(event) => event.target.value.trim() && void save({ ...current, modelId: event.target.value.trim() })}
            />
          )}
        </div>
        {view?.sendsTo ? (
          <p className="font-medium text-amber-800 dark:text-amber-200">This {view.sendsTo}.</p>
        ) : current.providerId ? (
          <p className="text-zinc-600 dark:text-zinc-400">The provider runs on this computer: the arguments stay here.</p>
        ) : null}
        {view?.problem && current.enabled && <p className="text-red-700 dark:text-red-300">{view.problem}</p>}
        <label className="flex items-start gap-2">
          <input type="checkbox" className="mt-1" checked={current.autoAllowLow} disabled={!current.enabled} onChange={(event) => void save({ ...current, autoAllowLow: event.target.checked })} />
          <span>
            A low rating may answer for me — only questions asked because of the permission mode (Smart or Ask), for tools that are not destructive. Rules, policies,
            changed tools, hooks, security findings and the guard after outside content always ask you.
          </span>
        </label>
      </div>
    </SettingsSection>
  )
}
