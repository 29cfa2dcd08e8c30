/**
 * On a remote extension's page, and in its Edit form: the client id (and, for a confidential
 * client, the client secret) that the person registered with the server's authorization server
 * beforehand, for the authorization server it names. The secret goes to the keychain (secret_set)
 * and the config holds only its `${secret:NAME}` reference; saved into the extension's `auth` block
 * through `extension_update`, the same as the host API. The extension then restarts and waits for
 * Sign in. With none, Switchboard registers itself (metadata document or dynamic registration).
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

const isReference = (value: string) => /^\$\{secret:[^{}]+\}$/.test(value.trim())

/**
 * Shown for remote extensions that sign in through a person (not a machine account, nor enterprise-managed cross-app access):
 * on the page once the extension signs in (or must), and always in Edit (`inEdit`).
 */
export function RegisteredClientForm({ extension, inEdit = false }: { extension: ExtensionView; inEdit?: boolean }) {
  const client = useHostClient()
  const id = useId()
  const auth = authOf(extension)
  const [clientId, setClientId] = useState(auth.clientId ?? '')
  // A stored secret is never shown: the field stays empty and keeps it unless something is typed.
  const [clientSecret, setClientSecret] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const remote = extension.type === 'streamable-http' || extension.type === 'sse'
  const signsIn = extension.signIn !== undefined || extension.status === 'needs-sign-in' || (inEdit && remote)
  if (!signsIn || (auth.grant ?? 'authorization-code') !== 'authorization-code') return null
  const issuer = extension.signIn?.issuer
  const secretKey = `extension:${extension.id}:oauth:client-secret`

  const save = async (next: { clientId?: string; clientSecret?: string }) => {
    setProblem(undefined)
    setSaved(undefined)
    if (next.clientId !== undefined && next.clientId === '') {
      setProblem('Enter the client id the service gave you (it cannot be empty).')
      return
    }
    setBusy(true)
    const { clientId: _id, clientSecret: _secret, ...rest } = auth
    let secretRef = next.clientId ? auth.clientSecret : undefined
    const { auth: _auth, ...config } = extension.config
    try {
      if (next.clientSecret) {
        // A typed reference is kept as it is; a typed secret goes to the keychain and the config refers to it.
        if (isReference(next.clientSecret)) secretRef = next.clientSecret.trim()
        else {
          await client.call('secret_set', { key: secretKey, value: next.clientSecret })
          secretRef = `\${secret:${secretKey}}`
        }
      }
      const nextAuth = { ...rest, ...(next.clientId ? { clientId: next.clientId } : {}), ...(secretRef ? { clientSecret: secretRef } : {}) }
      await client.call('extension_update', { id: extension.id, config: Object.keys(nextAuth).length > 0 ? { ...config, auth: nextAuth } : config })
      setSaved(next.clientId ? `Saved: ${extension.name} signs in with client ${next.clientId}. Press Sign in to use it.` : `Saved: Switchboard registers itself with ${extension.name}'s sign-in server again.`)
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
          setClientSecret('')
        }}
      >
        <p className="text-xs text-zinc-600 sm:col-span-2 dark:text-zinc-400">
          {issuer ? `For the authorization server ${issuer}.` : `For the authorization server ${extension.name} names when you sign in.`} Use this when it does not register
          apps on its own.
        </p>
        <FormField id={`${id}-client-id`} label="Client ID" hint="The id the server's administrators gave you for Switchboard.">
          <input id={`${id}-client-id`} className={textInput} value={clientId} spellCheck={false} autoComplete="off"
            aria-describedby={messageId(`${id}-client-id`)} onChange={(event) => setClientId(event.target.value)} />
        </FormField>
        <FormField id={`${id}-client-secret`} label="Client secret" optional
          hint={auth.clientSecret ? 'Stored in the keychain; type a new one to replace it, or leave empty to keep it.' : 'Only for a confidential client; it is stored in the keychain, never in the config.'}>
          <input id={`${id}-client-secret`} type="password" className={textInput} value={clientSecret} spellCheck={false} autoComplete="off"
            placeholder={auth.clientSecret ? '(stored)' : ''} aria-describedby={messageId(`${id}-client-secret`)} onChange={(event) => setClientSecret(event.target.value)} />
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
