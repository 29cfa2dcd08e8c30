/**
 * An MCP App inside its tool card. Main reads the App and prepares its sandbox page (app_open); the
 * card frames that page (an origin of its own, see host/apps/appSandbox.ts) and runs the bridge
 * (appSession.ts). The App is mounted only while the card is on screen: the virtualized list
 * unmounts off-screen rows, which tears the App down, and mounting again replays input and result.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { AppOpenResult, AppToolEntry, ToolCallView } from '../../shared/hostApi'
import { isSafeExternalUrl } from '../../shared/externalLinks'
import { useHostClient } from '../mcp/hostContext'
import type { HostClient } from '../mcp/hostClient'
import { errorMessage } from '../mcp/errorText'
import { useViewStore } from '../stores/viewStore'
import { quietButton } from '../components/ui'
import { AppRequestBar, type AppRequest } from './AppRequestBar'
import { startAppSession, type AppSession, type DownloadFile } from './appSession'
import { appHeight, rememberAppHeight } from './appHeights'
import { APP_MIN_HEIGHT, AVAILABLE_DISPLAY_MODES, clampAppHeight, hostContextFor, PIP_SIZE, type AppDisplayMode } from './hostStyles'

const subscribeDark = (notify: () => void) => {
  const observer = new MutationObserver(notify)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
const isDark = () => document.documentElement.classList.contains('dark')

function saveFiles(files: DownloadFile[]): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.data as BlobPart], { type: file.mimeType }))
    const anchor = Object.assign(document.createElement('a'), { href: url, download: file.name })
    anchor.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/**
 * What app_open answered, per tool, while the window lives: an App that scrolls back on screen
 * starts again from it instead of reading its resource (often hundreds of KB) once more. A reload
 * reads it afresh; allowing a permission forgets it (the page's `allow` changes).
 */
const openedApps = new Map<string, Promise<AppOpenResult>>()
function openedApp(client: HostClient, tool: string): Promise<AppOpenResult> {
  let opened = openedApps.get(tool)
  if (!opened) {
    opened = client.call('app_open', { tool })
    opened.catch(() => openedApps.delete(tool))
    openedApps.set(tool, opened)
  }
  return opened
}

interface AppFrameProps {
  call: ToolCallView
  entry: AppToolEntry
  /** Told whenever the display mode changes (the slot keeps a picture-in-picture App mounted off screen). */
  onModeChange?: (mode: AppDisplayMode) => void
}

export function AppFrame({ call, entry, onModeChange }: AppFrameProps) {
  const client = useHostClient()
  const sessionId = useViewStore((state) => state.selectedId) ?? undefined
  const [opened, setOpened] = useState<AppOpenResult | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const [height, setHeight] = useState(appHeight(call.callId))
  const [mode, setMode] = useState<AppDisplayMode>('inline')
  const [request, setRequest] = useState<AppRequest | null>(null)
  const [context, setContext] = useState('')
  const [width, setWidth] = useState(600)
  const dark = useSyncExternalStore(subscribeDark, isDark)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const boxRef = useRef<HTMLDivElement>(null)
  const session = useRef<AppSession | null>(null)
  const live = useRef({ call, dark, mode, width })
  // The bridge's handlers read the latest values without restarting the App.
  useLayoutEffect(() => {
    live.current = { call, dark, mode, width }
  })

  useEffect(() => {
    let stale = false
    openedApp(client, entry.name).then(
      (result) => !stale && setOpened(result),
      (error: unknown) => !stale && setFailure(errorMessage(error)),
    )
    return () => {
      stale = true
    }
  }, [client, entry.name, generation])

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    const observer = new ResizeObserver(([item]) => item && setWidth(Math.round(item.contentRect.width)))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const iframe = frameRef.current
    if (!opened || !iframe) return
    let closed = false
    const ask = (make: (resolve: (allowed: boolean) => void) => AppRequest) =>
      new Promise<boolean>((resolve) => setRequest(make((allowed) => {
        setRequest(null)
        resolve(allowed)
      })))
    const current = live.current
    const starting = startAppSession({
      iframe,
      opened,
      appTool: entry.name,
      sessionId,
      client,
      hostContext: hostContextFor({ dark: current.dark, displayMode: current.mode, width: current.width, tool: opened.tool, callId: call.callId }),
      onSize: ({ height: wanted }) => {
        const next = clampAppHeight(wanted)
        if (next === undefined) return
        rememberAppHeight(call.callId, next)
        setHeight(next)
      },
      onDisplayMode: (wanted) => {
        const next = AVAILABLE_DISPLAY_MODES.includes(wanted) ? wanted : live.current.mode
        setMode(next)
        return next
      },
      currentDisplayMode: () => live.current.mode,
      onOpenLink: async (url) => {
        const safe = isSafeExternalUrl(url)
        if (!safe || !(await ask((resolve) => ({ kind: 'link', url: safe, resolve })))) return false
        const { opened: handed } = await client.call('open_external', { url: safe })
        if (!handed) window.open(safe, '_blank', 'noopener,noreferrer')
        return true
      },
      onDownload: async (files) => {
        if (!(await ask((resolve) => ({ kind: 'download', files, resolve })))) return false
        saveFiles(files)
        return true
      },
      onModelContext: setContext,
      onLog: (text) => console.debug(`[App of ${opened.extensionName}] ${text}`),
    })
    starting.then(
      (started) => {
        if (closed) void started.close('The card left the screen.')
        else {
          session.current = started
          started.update(live.current.call)
        }
      },
      (error: unknown) => setFailure(errorMessage(error)),
    )
    return () => {
      closed = true
      void session.current?.close('The card left the screen.')
      session.current = null
    }
  }, [opened, client, entry.name, sessionId, call.callId])

  useEffect(() => session.current?.update(call), [call])
  useEffect(() => {
    if (opened) session.current?.setHostContext(hostContextFor({ dark, displayMode: mode, width, tool: opened.tool, callId: call.callId }))
  }, [dark, mode, width, opened, call.callId])

  // Declared permissions the person has not allowed yet: asked in the card until answered.
  const missing = opened ? opened.permissions.filter((name) => !opened.granted.includes(name)) : []
  const [permissionsAnswered, setPermissionsAnswered] = useState(false)
  const permissionRequest: AppRequest | null =
    missing.length > 0 && !permissionsAnswered
      ? {
          kind: 'permissions',
          permissions: missing,
          resolve: (allowed) => {
            setPermissionsAnswered(true)
            if (!allowed) return
            void client.call('app_permissions_allow', { app: entry.name, permissions: missing }).then(
              () => {
                openedApps.delete(entry.name)
                setOpened(null)
                setGeneration((n) => n + 1)
              },
              (error: unknown) => setFailure(errorMessage(error)),
            )
          },
        }
      : null
  const shownRequest = request ?? permissionRequest

  useEffect(() => onModeChange?.(mode), [mode, onModeChange])
  useEffect(() => {
    if (mode === 'inline') return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMode('inline')
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [mode])

  const fullscreen = mode === 'fullscreen'
  const pip = mode === 'pip'
  const wrapper = fullscreen
    ? 'fixed inset-0 z-40 flex flex-col bg-white dark:bg-zinc-950'
    : pip
      ? 'fixed right-6 bottom-28 z-30 flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-700 dark:bg-zinc-900'
      : ''
  return (
    <div ref={boxRef} data-app-of={entry.extensionId} className="border-t border-zinc-200 dark:border-zinc-700/80">
      {failure ? (
        <p role="alert" className="px-3 py-2 text-xs text-red-700 dark:text-red-300">
          The App of {entry.extensionName} could not be shown: {failure}
        </p>
      ) : (
        <div data-app-mode={mode} className={wrapper} style={pip ? { width: PIP_SIZE.width } : undefined}
          role={pip ? 'region' : undefined} aria-label={pip ? `App of ${entry.extensionName}, picture in picture` : undefined}>
          {(fullscreen || pip) && (
            <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-700">
              <span>App of {entry.extensionName}</span>
              <button type="button" className={quietButton} onClick={() => setMode('inline')}>
                {fullscreen ? 'Exit full screen' : 'Back into the conversation'}
              </button>
            </div>
          )}
          {opened ? (
            <iframe
              key={opened.sandboxUrl}
              ref={frameRef}
              title={`App of ${entry.extensionName}`}
              // The proxy's own origin is not the window's; the App inside it gets no allow-same-origin.
              sandbox="allow-scripts allow-same-origin allow-forms"
              allow={opened.allow || undefined}
              referrerPolicy="no-referrer"
              className={fullscreen ? 'w-full flex-1' : 'block w-full'}
              style={fullscreen ? undefined : { height: pip ? PIP_SIZE.height : Math.max(APP_MIN_HEIGHT, height) }}
            />
          ) : (
            <p className="px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400" style={{ minHeight: height }}>
              Loading the App of {entry.extensionName}…
            </p>
          )}
        </div>
      )}
      {pip && <p className="px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400">The App of {entry.extensionName} is in the corner of the window.</p>}
      {shownRequest && <AppRequestBar request={shownRequest} appName={entry.extensionName} />}
      {context && (
        <p data-testid="app-context" className="border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-700/80 dark:text-zinc-400">
          <span className="font-medium">Context for your next message:</span> <span className="break-words">{context.slice(0, 300)}</span>
        </p>
      )}
      {opened && (
        <details className="border-t border-zinc-100 px-3 py-1 text-[11px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          <summary className="cursor-pointer">Sandbox{opened.restrictiveDefault ? ': no network' : ''}</summary>
          <p className="mt-1 font-mono break-all">{opened.policy}</p>
          {opened.refused.length > 0 && <p className="mt-1">Refused: {opened.refused.join(', ')}</p>}
          <p className="mt-1">Permissions: {opened.granted.length > 0 ? opened.granted.join(', ') : 'none'}</p>
        </details>
      )}
    </div>
  )
}
