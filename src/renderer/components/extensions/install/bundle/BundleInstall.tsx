/**
 * Install an .mcpb bundle: choose the file (the system dialog in the app, an upload in browser
 * mode), read the install sheet main built from it (signature, author, tools, privacy policies,
 * compatibility), fill the generated settings form, install. The extension then waits for the
 * consent dialog; with required settings missing it waits in needs-config and does not start.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import type { InstallSheet } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'
import { useConnectionStore } from '../../../../stores/connectionStore'
import { AlertIcon } from '../../../icons'
import { primaryButton, secondaryButton } from '../../../ui'
import type { InstallTabProps } from '../installProps'
import { InstallSheetView } from './InstallSheetView'
import { uploadBundle } from './uploadBundle'
import { UserConfigFields } from './UserConfigFields'
import { fieldProblem, initialValues, isMissing, splitForUpdate, toUserConfig, type FormValue, type FormValues } from './userConfigModel'

type Busy = { step: 'upload'; fraction: number } | { step: 'check' } | { step: 'install' } | null

const busyText = (busy: NonNullable<Busy>) =>
  busy.step === 'upload' ? `Uploading… ${Math.round(busy.fraction * 100)}%` : busy.step === 'check' ? 'Checking the bundle…' : 'Installing…'

export function BundleInstall({ onInstalled }: InstallTabProps) {
  const id = useId()
  const client = useHostClient()
  const electron = useConnectionStore((state) => state.endpoint) === 'electron'
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const sheetHeading = useRef<HTMLHeadingElement>(null)
  const [sheet, setSheet] = useState<InstallSheet>()
  const [values, setValues] = useState<FormValues>({})
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState<Busy>(null)

  const show = (next: InstallSheet) => {
    setSheet(next)
    setValues(initialValues(next.userConfig))
    setProblems({})
    requestAnimationFrame(() => sheetHeading.current?.focus())
  }
  const preview = async (source: { path: string } | { file: File }) => {
    setError(undefined)
    try {
      let request: { path: string } | { uploadId: string }
      if ('file' in source) {
        setBusy({ step: 'upload', fraction: 0 })
        request = { uploadId: await uploadBundle(client, source.file, (fraction) => setBusy({ step: 'upload', fraction })) }
      } else {
        request = source
      }
      setBusy({ step: 'check' })
      show(await client.call('bundle_preview', request))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }
  const chooseInApp = async () => {
    try {
      const picked = await client.call('pick_path', { kind: 'file', title: 'Choose an MCP bundle', filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }] })
      if ('path' in picked) await preview({ path: picked.path })
      else if ('unavailable' in picked) fileInput.current?.click()
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  const setValue = (key: string, value: FormValue) => {
    setValues((current) => ({ ...current, [key]: value }))
    setProblems(({ [key]: _cleared, ...rest }) => rest)
  }
  const install = async (event: FormEvent) => {
    event.preventDefault()
    if (!sheet || busy) return
    const found = Object.fromEntries(sheet.userConfig.flatMap((field) => {
      const problem = fieldProblem(field, values[field.key] ?? '')
      return problem ? [[field.key, problem]] : []
    }))
    setProblems(found)
    if (Object.keys(found).length > 0) return
    setError(undefined)
    setBusy({ step: 'install' })
    try {
      const result = await client.call('extension_install_bundle', { token: sheet.token, userConfig: toUserConfig(sheet.userConfig, values) })
      onInstalled(result.extension.id)
    } catch (failure) {
      // The form keeps what was typed; the staged bundle stays for another try.
      setError(errorMessage(failure))
    } finally {
      setBusy(null)
    }
  }

  const missing = sheet ? sheet.userConfig.filter((field) => isMissing(field, values[field.key] ?? '')) : []
  const { ask, kept } = sheet ? splitForUpdate(sheet.userConfig, sheet.update !== undefined) : { ask: [], kept: [] }
  const blocked = sheet !== undefined && (sheet.compatibilityProblems.length > 0 || sheet.signature.status === 'invalid')

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          An MCP bundle (<span className="font-mono">.mcpb</span>, formerly <span className="font-mono">.dxt</span>) packs a server with its manifest. Switchboard checks it before anything is installed.
        </p>
        <div
          role="group"
          aria-label="Drop a bundle file here"
          onDragOver={(event) => {
            event.preventDefault()
            if (!dragging) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            const file = event.dataTransfer.files[0]
            if (file && busy === null) void preview({ file })
          }}
          className={
            'flex flex-wrap items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 transition-colors ' +
            (dragging ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-500 dark:bg-indigo-500/10' : 'border-zinc-300 dark:border-zinc-700')
          }
        >
          <p className="w-full text-sm text-zinc-600 dark:text-zinc-400">Drop a <span className="font-mono">.mcpb</span> file here, or choose one:</p>
          {electron ? (
            <button type="button" className={sheet ? secondaryButton : primaryButton} disabled={busy !== null} onClick={() => void chooseInApp()}>
              {sheet ? 'Choose another file…' : 'Choose file…'}
            </button>
          ) : (
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              Bundle file
            </label>
          )}
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".mcpb,.dxt,application/zip"
            className={electron ? 'sr-only' : 'block text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-zinc-700 dark:file:bg-zinc-800 dark:file:text-zinc-100'}
            tabIndex={electron ? -1 : undefined}
            aria-hidden={electron || undefined}
            disabled={busy !== null}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void preview({ file })
            }}
          />
        </div>
        {busy && (
          <div role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            {busy.step === 'upload' && <progress className="h-1.5 w-40" max={1} value={busy.fraction} aria-label="Upload progress" />}
            {busyText(busy)}
          </div>
        )}
        {error && (
          <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm whitespace-pre-line text-red-800 dark:bg-red-950/40 dark:text-red-200">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        )}
      </div>

      {sheet && (
        <form onSubmit={(event) => void install(event)} className="space-y-5" noValidate>
          <InstallSheetView sheet={sheet} headingRef={sheetHeading} />
          {ask.length > 0 && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">{sheet.update ? 'New settings in this version' : 'Settings'}</legend>
              <UserConfigFields idPrefix={`${id}-cfg`} fields={ask} values={values} problems={problems} disabled={busy !== null} onChange={setValue} />
            </fieldset>
          )}
          {kept.length > 0 && (
            <details className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
              <summary className="cursor-pointer text-sm font-medium">Settings kept from version {sheet.update?.fromVersion} ({kept.length})</summary>
              <div className="mt-3">
                <UserConfigFields idPrefix={`${id}-kept`} fields={kept} values={values} problems={problems} disabled={busy !== null} onChange={setValue} />
              </div>
            </details>
          )}
          {missing.length > 0 && (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              Still missing: {missing.map((field) => field.title).join(', ')}. You can install now; the extension waits for these settings and does not start until they are filled in.
            </p>
          )}
          <div className="flex items-center gap-2">
            <button type="submit" className={primaryButton} disabled={busy !== null || blocked}>
              {sheet.update ? `Update to ${sheet.version}` : 'Install'}
            </button>
            {blocked && <span className="text-sm text-zinc-600 dark:text-zinc-400">This bundle cannot run on this computer.</span>}
          </div>
        </form>
      )}
    </div>
  )
}
