/** Settings → Hooks: the hooks in the order they run, and a form to add one (docs/guide/hooks.md). */
import { useState } from 'react'
import { useHooksStore } from '../../stores/hooksStore'
import { secondaryButton } from '../ui'
import { HookForm } from './HookForm'
import { HookImport } from './HookImport'
import { HookRow } from './HookRow'

export function HooksSettings() {
  const hooks = useHooksStore((state) => state.hooks)
  const [importing, setImporting] = useState(false)
  return (
    <section aria-labelledby="hooks-heading" className="space-y-4">
      <div>
        <h2 id="hooks-heading" className="text-base font-semibold">
          Hooks
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A hook calls a tool (or runs an imported command) at one step of every turn; it can refuse the step or change what goes on. Every change is shown where it happened.
        </p>
      </div>
      {hooks && hooks.length > 0 ? (
        <ol aria-label="Hooks in run order" className="space-y-2">
          {hooks.map((hook, index) => (
            <HookRow key={hook.id} hook={hook} index={index} count={hooks.length} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No hooks yet.</p>
      )}
      <HookForm />
      {importing ? (
        <HookImport onClose={() => setImporting(false)} />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setImporting(true)}>
          Import command hooks…
        </button>
      )}
    </section>
  )
}
