/**
 * On a remote extension's page: the client id (and, for a confidential client, the client secret as
 * a `${secret:NAME}` reference) that the person registered with the server's authorization server
 * beforehand. Saved into the extension's `auth` block through `extension_update`, the same as the
 * host API; with none, Switchboard registers itself (metadata document or dynamic registration).
 */
import { useId, useState } from 'react'
import type { ExtensionView } from '../../../shared/hostApi'
import { errorMessage } from '../../mcp/errorText'
import { useHostClient } from '../../mcp/hostContext'
import { FormField, messageId } from './add/FormField'
import { quietButton, secondaryButton, textInput } from '../ui'

interface AuthBlock {
  grant?: string
  clientId?: string
  clientSecret?: string
  [key: string]: unknown
}

const authOf = (extension: ExtensionView): AuthBlock => {
  const auth = extension.config.auth
  return auth !== null && typeof auth === 'object' ? (auth as AuthBlock) : {}
}

/** Shown for remote extensions that sign in through a person (not a machine account, nor enterprise-managed cross-app access). */
export function RegisteredClientForm({ extension }: { extension: ExtensionView }) {
  const client = useHostClient()
  const id = useId()
  const auth = authOf(extension)
  const [clientId, setClientId] = useState(auth.clientId ?? '')
  const [clientSecret, setClientSecret] = useState(auth.clientSecret ?? '')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const signsIn = extension.signIn !== undefined || extension.status === 'needs-sign-in'
  if (!signsIn || (auth.grant ?? 'authorization-code') !== 'authorization-code') return null

  const save = async (next: { clientId?: string; clientSecret?: string }) => {
    setBusy(true)
    setProblem(undefined)
    setSaved(undefined)
    const { clientId: _id, clientSecret: _secret, ...rest } = auth
    const nextAuth = { ...rest, ...(next.clientId ? { clientId: next.clientId } : {}), ...(next.clientSecret ? { clientSecret: next.clientSecret } : {}) }
    const { auth: _auth, ...config } = extension.config
    try {
      await client.call('extension_update', { id: extension.id, config: Object.keys(nextAuth).length > 0 ? { ...config, auth: nextAuth } : config })
      setSaved(next.clientId ? `Saved: ${extension.name} signs in with client ${next.clientId}. Sign in again to use it.` : `Saved: Switchboard registers itself with ${extension.name}'s sign-in server again.`)
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="mt-3 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-700" open={auth.clientId !== undefined}>
      <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">Use a client registered with the server</summary>
      <form
        aria-label={`Registered client of ${extension.name}`}
        className="mt-2 grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault()
          void save({ clientId: clientId.trim(), clientSecret: clientSecret.trim() })
        }}
      >
        <FormField id={`${id}-client-id`} label="Client ID" hint="The id the server's administrators gave you for Switchboard.">
          <input id={`${id}-client-id`} className={textInput} value={clientId} spellCheck={false} autoComplete="off"
            aria-describedby={messageId(`${id}-client-id`)} onChange={(event) => setClientId(event.target.value)} />
        </FormField>
        <FormField id={`${id}-client-secret`} label="Client secret" optional
          hint="Only for a confidential client: store it in Settings → Secrets and write ${secret:NAME} here.">
          <input id={`${id}-client-secret`} className={textInput} value={clientSecret} spellCheck={false} autoComplete="off" placeholder="${secret:NAME}"
            aria-describedby={messageId(`${id}-client-secret`)} onChange={(event) => setClientSecret(event.target.value)} />
        </FormField>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <button type="submit" className={secondaryButton} disabled={busy || clientId.trim() === ''}>
            Save
          </button>
          {auth.clientId !== undefined && (
            <button type="button" className={quietButton} disabled={busy} onClick={() => void save({})}>
              Register automatically instead
            </button>
          )}
          {problem && (
            <p role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          {saved && (
            <p role="status" className="w-full text-xs text-zinc-500 dark:text-zinc-400">
              {saved}
            </p>
          )}
        </div>
      </form>
    </details>
  )
}
