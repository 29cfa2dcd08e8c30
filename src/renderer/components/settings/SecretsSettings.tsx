/** Settings → Secrets: every stored secret with where it is used, and a form to add one. */
import { useRef } from 'react'
import type { SettingsResource } from '../../../shared/hostApi'
import { useViewStore } from '../../stores/viewStore'
import { AlertIcon, KeyIcon } from '../icons'
import { AddSecretForm } from './AddSecretForm'
import { SecretRow } from './SecretRow'
import { SettingsSection } from './SettingsSection'
import { compareSecrets } from './secretText'
import { focusWhenLost } from '../focusWhenLost'

export function SecretsSettings({ settings }: { settings: SettingsResource }) {
  const listHeading = useRef<HTMLHeadingElement>(null)
  const secrets = Object.entries(settings.secrets)
    .map(([name, { use }]) => ({ name, use }))
    .sort(compareSecrets)
  const setNames = new Set(secrets.map((secret) => secret.name))

  return (
    <div className="space-y-8">
      <SettingsSection
        id="secrets"
        title="Secrets"
        description="API keys and tokens for model providers and extensions. Configurations refer to them by name; values are never shown here."
      >
        {settings.keychain.keychain === 'unavailable' && <MemoryOnlyNote />}
        <h3 ref={listHeading} tabIndex={-1} className="sr-only">
          Stored secrets
        </h3>
        {secrets.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
            <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
              <KeyIcon className="size-5" />
            </span>
            <p className="mt-3 text-sm font-medium">No secrets yet</p>
            <p className="mt-1 max-w-sm text-sm text-balance text-zinc-600 dark:text-zinc-400">
              Add an API key for a model provider, or a token an extension needs.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Stored secrets"
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {secrets.map((secret) => (
              <SecretRow key={secret.name} name={secret.name} use={secret.use} onRemoved={() => focusWhenLost(listHeading.current)} />
            ))}
          </ul>
        )}
      </SettingsSection>
      <AddSecretForm setNames={setNames} />
    </div>
  )
}

/** A short reminder here; the reason and the fix are under General. */
function MemoryOnlyNote() {
  const showSettings = useViewStore((state) => state.showSettings)
  return (
    <div className="flex items-start gap-2.5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100">
      <AlertIcon className="mt-0.5 size-4 text-amber-600 dark:text-amber-400" />
      <p className="flex-1">
        The OS keychain is unavailable: secrets are kept in memory only until Switchboard quits.{' '}
        <button
          type="button"
          className="font-medium underline decoration-amber-500/60 underline-offset-2 hover:decoration-amber-600"
          onClick={() => showSettings('general')}
        >
          Why, and what to do
        </button>
      </p>
    </div>
  )
}
