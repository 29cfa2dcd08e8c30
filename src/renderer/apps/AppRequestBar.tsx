/**
 * What an App asks the person, in its card: opening a link, saving files, or permissions its
 * resource declared. Nothing happens until the person chooses; Escape or *Not now* refuses.
 */
import type { AppPermissionName } from '../../shared/hostApi'
import { PERMISSION_LABELS } from '../../shared/hostApi'
import { primaryButton, quietButton } from '../components/ui'
import type { DownloadFile } from './appSession'

export type AppRequest =
  | { kind: 'link'; url: string; resolve: (allowed: boolean) => void }
  | { kind: 'download'; files: DownloadFile[]; resolve: (allowed: boolean) => void }
  | { kind: 'permissions'; permissions: AppPermissionName[]; resolve: (allowed: boolean) => void }

const size = (file: DownloadFile) => (typeof file.data === 'string' ? new Blob([file.data]).size : file.data.byteLength)

function question(request: AppRequest, appName: string) {
  switch (request.kind) {
    case 'link':
      return (
        <>
          The App of {appName} wants to open <code className="font-mono break-all">{request.url}</code> in your browser.
        </>
      )
    case 'download':
      return (
        <>
          The App of {appName} wants to save {request.files.map((file) => `${file.name} (${size(file)} bytes)`).join(', ')} to your downloads.
        </>
      )
    case 'permissions':
      return (
        <>
          The App of {appName} asks for {request.permissions.map((name) => PERMISSION_LABELS[name]).join(', ')}. It gets only what you allow here, and only in this App.
        </>
      )
  }
}

const confirmLabel = { link: 'Open link', download: 'Save', permissions: 'Allow' } as const

export function AppRequestBar({ request, appName }: { request: AppRequest; appName: string }) {
  return (
    <div
      role="group"
      aria-label={`Request from the App of ${appName}`}
      className="flex flex-wrap items-center gap-2 border-t border-amber-200 bg-amber-50/70 px-3 py-2 text-xs text-amber-950 dark:border-amber-800/50 dark:bg-amber-500/5 dark:text-amber-100"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          request.resolve(false)
        }
      }}
    >
      <p className="min-w-0 flex-1">{question(request, appName)}</p>
      <button type="button" className={quietButton} onClick={() => request.resolve(false)}>
        Not now
      </button>
      <button type="button" className={primaryButton} autoFocus onClick={() => request.resolve(true)}>
        {confirmLabel[request.kind]}
      </button>
    </div>
  )
}
