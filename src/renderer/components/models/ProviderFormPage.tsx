/**
 * Add a provider (from a preset) or edit one: name, id, base URL, the API key as a write-only
 * password field, and its models, with the preset's own hints. *Test connection* checks the address
 * and the typed key before anything is saved. Problems are said inline; the host's refusal beside the buttons.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import type { ProviderView } from '../../../shared/hostApi'
import { useModelsStore } from '../../stores/modelsStore'
import { useViewStore } from '../../stores/viewStore'
import { FormField, messageId } from '../extensions/add/FormField'
import { AlertIcon, BackIcon, RefreshIcon } from '../icons'
import { SecretValueInput } from '../settings/SecretValueInput'
import { primaryButton, quietButton, secondaryButton, textInput } from '../ui'
import { ModelListEditor } from './ModelListEditor'
import { PresetChoice } from './PresetChoice'
import { deriveId } from '../extensions/add/extensionForm'
import { OpenAIApiChoice } from './OpenAIApiChoice'
import { formFromPreset, formFromProvider, formProblems, hasProblems, kindLabels, modelSettingsProblems, presetChoices, presetOf, type Preset, type ProviderForm } from './providerForm'
import { ConnectionTestResult } from './ConnectionTestResult'
import { ModelSettingsEditor } from './ModelSettingsEditor'
import { useFormTest } from './useProviderTest'
import { useSaveProvider } from './useSaveProvider'
import { useSecretHome } from '../../hooks/useSecretHome'

interface Props {
  /** The provider to edit; absent to add one. */
  provider?: ProviderView
  presetId?: string
}

export function ProviderFormPage({ provider, presetId }: Props) {
  const secrets = useSecretHome()
  const id = useId()
  const models = useModelsStore((state) => state.models)
  const showModels = useViewStore((state) => state.showModels)
  const { busy, save } = useSaveProvider(models)
  const editing = provider !== undefined
  const taken = new Set((models?.providers ?? []).map((candidate) => candidate.id))
  const presets = presetChoices(models?.presets ?? [])
  const [form, setForm] = useState<ProviderForm>(() => {
    if (provider) return formFromProvider(provider)
    const preset = presets.find((candidate) => candidate.id === presetId) ?? presets[0]
    return preset ? formFromPreset(preset, taken) : formFromPreset(presetChoices([])[0]!, taken)
  })
  const [submitted, setSubmitted] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const formElement = useRef<HTMLFormElement>(null)
  const keySet = provider?.keySet === true
  const problems = submitted ? formProblems(form, { taken, editing, keySet }) : {}
  const change = (patch: Partial<ProviderForm>) => setForm((before) => ({ ...before, ...patch }))

  const choosePreset = (preset: Preset) => setForm((before) => ({ ...formFromPreset(preset, taken), models: before.models }))
  const preset = presetOf(form, presets)
  const connection = useFormTest((model) => setForm((before) => ({ ...before, models: before.models.includes(model) ? before.models : [...before.models, model] })))
  const testing = connection.test.state === 'testing'
  const settingsProblems = modelSettingsProblems(form)

  const fieldProps = (field: keyof typeof problems) => ({
    id: `${id}-${field}`,
    disabled: busy,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': messageId(`${id}-${field}`),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    if (hasProblems(formProblems(form, { taken, editing, keySet })) || Object.keys(settingsProblems).length > 0) {
      requestAnimationFrame(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setRefusal(null)
    const outcome = await save(form)
    if (outcome.ok) {
      setForm((before) => ({ ...before, key: '' }))
      showModels({ page: 'list', justSaved: outcome.provider.id })
    } else {
      setRefusal(outcome.message)
    }
  }

  const title = editing ? `Edit ${provider.name}` : 'Add a provider'
  return (
    <div className="space-y-6">
      <button type="button" className={`${quietButton} -ml-2.5`} onClick={() => showModels({ page: 'list' })}>
        <BackIcon className="size-3.5" />
        Models &amp; keys
      </button>
      <form ref={formElement} noValidate aria-labelledby={`${id}-heading`} onSubmit={(event) => void submit(event)} className="space-y-6">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {editing ? (
              <>
                {kindLabels[form.kind]} · id <code className="font-mono">{form.id}</code>
              </>
            ) : (
              `Where Switchboard sends your messages. Keys are kept ${secrets.where} and never shown again.`
            )}
          </p>
        </div>

        {!editing && <PresetChoice presets={presets} value={form.presetId} onChange={choosePreset} disabled={busy} />}

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-name`} label="Name" problem={problems.name} hint="Shown in the model picker.">
            <input
              {...fieldProps('name')}
              value={form.name}
              placeholder="My server"
              autoComplete="off"
              onChange={(event) => {
                const name = event.target.value
                change({ name, ...(editing || form.idEdited ? {} : { id: deriveId(name) }) })
              }}
              className={textInput}
            />
          </FormField>
          {!editing && (
            <FormField id={`${id}-id`} label="Id" problem={problems.id} hint="Made from the name; cannot be changed later.">
              <input
                {...fieldProps('id')}
                value={form.id}
                placeholder="my-server"
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => change({ id: event.target.value, idEdited: event.target.value !== '' })}
                className={`${textInput} font-mono placeholder:font-sans`}
              />
            </FormField>
          )}
        </div>

        <FormField
          id={`${id}-baseUrl`}
          label="Base URL"
          optional={form.kind !== 'openai-compatible'}
          problem={problems.baseUrl}
          hint={baseUrlHint(form.kind, preset)}
        >
          <input
            {...fieldProps('baseUrl')}
            type="url"
            value={form.baseUrl}
            placeholder={form.kind === 'openai-compatible' ? 'http://127.0.0.1:1234/v1' : (preset?.baseUrl ?? 'https://api.example.com/v1')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => change({ baseUrl: event.target.value })}
            className={`${textInput} font-mono placeholder:font-sans`}
          />
        </FormField>

        {form.kind === 'openai' && <OpenAIApiChoice id={id} value={form.api} onChange={(api) => change({ api })} disabled={busy} />}

        <FormField
          id={`${id}-key`}
          label="API key"
          optional={!form.needsKey || keySet}
          problem={problems.key}
          hint={
            keySet
              ? 'A key is set. Type a new one to replace it; leave empty to keep it.'
              : [preset?.keyHint, secrets.warning ?? `Stored ${secrets.where}; Switchboard never shows it again.`].filter(Boolean).join(' ')
          }
        >
          <div className="flex items-center gap-2">
            <SecretValueInput
              {...fieldProps('key')}
              value={form.key}
              placeholder={keySet ? 'Paste a new key to replace the current one' : form.needsKey ? `Paste your API key${preset?.keyPlaceholder ? ` (${preset.keyPlaceholder})` : ''}` : 'Only if the server asks for one'}
              onChange={(event) => change({ key: event.target.value })}
            />
            {keySet && <KeySetBadge />}
          </div>
        </FormField>

        <div>
          <ModelListEditor models={form.models} onChange={(next) => change({ models: next })} disabled={busy} example={preset?.modelExample} />
          <div className="mt-4">
            <ModelSettingsEditor
              models={form.models}
              settings={form.modelSettings}
              onChange={(model, draft) => change({ modelSettings: { ...form.modelSettings, [model]: draft } })}
              problems={settingsProblems}
              anthropic={form.kind === 'anthropic'}
              disabled={busy}
            />
          </div>
          {connection.test.state === 'result' && (
            <ConnectionTestResult
              result={connection.test.result}
              known={form.models}
              busy={busy}
              onAdd={(added) => change({ models: [...form.models, ...added.filter((model) => !form.models.includes(model))] })}
            />
          )}
        </div>

        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          {refusal && (
            <p role="alert" className="mr-auto flex min-w-0 flex-1 items-start gap-2 text-sm text-red-800 dark:text-red-300">
              <AlertIcon className="mt-0.5 size-4" />
              <span className="break-words">Switchboard did not save the provider: {refusal}</span>
            </p>
          )}
          <button type="button" className={`${secondaryButton} h-8`} disabled={busy || testing} onClick={() => void connection.run(form)}>
            <RefreshIcon className={`size-3.5 ${testing ? 'animate-spin motion-reduce:animate-none' : ''}`} />
            {testing ? 'Testing…' : 'Test connection'}
          </button>
          <button type="button" className={`${quietButton} h-8`} onClick={() => showModels({ page: 'list' })} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Add provider'}
          </button>
        </div>
      </form>
    </div>
  )
}

/** Under the base URL: what the address is for, with the vendor's own one for Anthropic and OpenAI. */
function baseUrlHint(kind: ProviderForm['kind'], preset: Preset | undefined): string {
  if (kind === 'openai-compatible') return 'The address of its OpenAI-style API, usually ending in /v1.'
  return preset?.baseUrl ? `${preset.name}’s own API is ${preset.baseUrl}; change it only to go through a proxy or gateway.` : 'Leave empty for the official API.'
}

export function KeySetBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
      Key set
    </span>
  )
}
