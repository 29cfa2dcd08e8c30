/** "Revoke all grants", after a confirm step: every "always allow" (tools and extensions) and every allow rule goes; restrictions, pins and the mode stay. */
import { useEffect, useRef, useState } from 'react'
import { useHostAction } from '../../hooks/useHostAction'
import { CheckIcon } from '../icons'
import { secondaryButton } from '../ui'
import { InlineConfirm } from '../InlineConfirm'

export function RevokeAll({ grants }: { grants: number }) {
  const act = useHostAction()
  const [mode, setMode] = useState<'idle' | 'confirm' | 'revoking'>('idle')
  const [done, setDone] = useState<number | null>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (done === null) return
    const timer = setTimeout(() => setDone(null), 8000)
    return () => clearTimeout(timer)
  }, [done])

  const cancel = () => {
    setMode('idle')
    requestAnimationFrame(() => button.current?.focus())
  }
  const revoke = async () => {
    setMode('revoking')
    const result = await act('permission_revoke_all', {})
    if (result) setDone(result.revoked)
    cancel()
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button ref={button} type="button" className={`${secondaryButton} text-red-700 dark:text-red-300`} disabled={mode !== 'idle'} onClick={() => setMode('confirm')}>
          Revoke all grants…
        </button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {grants === 0 ? 'Nothing is granted right now.' : grants === 1 ? '1 grant in force.' : `${grants} grants in force.`}
        </span>
        <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
          {done !== null && (
            <>
              <CheckIcon className="size-4" />
              {done === 0 ? 'There was nothing to revoke.' : done === 1 ? 'Revoked 1 grant.' : `Revoked ${done} grants.`}
            </>
          )}
        </p>
      </div>
      {mode !== 'idle' && (
        <InlineConfirm label="Revoke all grants?" confirm="Revoke all" busyText="Revoking…" busy={mode === 'revoking'} onConfirm={() => void revoke()} onCancel={cancel}>
          Revoke every “always allow” — for tools and for extensions — and every allow rule? Calls they let through will ask again (or follow the
          mode). “Never” and “ask” settings, deny and ask rules, and pinned definitions stay.
        </InlineConfirm>
      )}
    </div>
  )
}
