/** The window: sidebar, banners, the current screen and any approval to answer, once the host has sent its first state. */
import { lazy, Suspense, useEffect } from 'react'
import { markFirstDraw } from './firstDraw'
import { useAppliedTheme } from './hooks/useAppliedTheme'
import { useSearchShortcut } from './hooks/useSearchShortcut'
import { useSearchStore } from './stores/searchStore'
import { useSessionsStore } from './stores/sessionsStore'
import { useSettingsStore } from './stores/settingsStore'
import { useViewStore } from './stores/viewStore'
import { useElicitationsStore } from './stores/elicitationsStore'
import { Sidebar } from './components/Sidebar'
import { MainArea } from './components/MainArea'
import { ConnectionBanner } from './components/ConnectionBanner'
import { ErrorBanner } from './components/ErrorBanner'
import { NoticeBanner } from './components/NoticeBanner'
import { StartupScreen } from './components/StartupScreen'
import { IssuedTokenDialog } from './components/connectedApps/IssuedTokenDialog'

// Loaded on first use: the window's first chunk stays small (docs/architecture.md §9).
const SearchDialog = lazy(() => import('./components/search/SearchDialog'))
// Approvals and questions: loaded with the first request, fetched ahead once the window has drawn.
const loadRequestDialogs = () => import('./components/consent/RequestDialogs')
const RequestDialogs = lazy(loadRequestDialogs)
// The window opens on the chat: the settings screen (its navigation, its sections' table) loads when first opened.
// The organisation's policy banner (an unreadable policy file, the version gate): its own small chunk.
const PolicyBanner = lazy(() => import('./components/policy/PolicyBanner'))
const SettingsScreen = lazy(() => import('./components/SettingsScreen').then((module) => ({ default: module.SettingsScreen })))

export function App() {
  useAppliedTheme()
  useSearchShortcut()
  const searching = useSearchStore((state) => state.open)
  const hasSessions = useSessionsStore((state) => state.sessions !== null)
  const hasSettings = useSettingsStore((state) => state.settings !== null)
  const screen = useViewStore((state) => state.screen)
  const ready = hasSessions && hasSettings
  const hasRequests = useElicitationsStore((state) => state.elicitations.length > 0)
  useEffect(() => {
    if (!ready) return
    markFirstDraw()
    void loadRequestDialogs()
  }, [ready])
  if (!ready) return <StartupScreen />
  return (
    <div className="flex h-full">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <ConnectionBanner />
        <Suspense fallback={null}>
          <PolicyBanner />
        </Suspense>
        <NoticeBanner />
        <ErrorBanner />
        <main className="min-h-0 flex-1">
          {screen === 'settings' ? (
            <Suspense fallback={null}>
              <SettingsScreen />
            </Suspense>
          ) : (
            <MainArea />
          )}
        </main>
      </div>
      {hasRequests && (
        <Suspense fallback={null}>
          <RequestDialogs />
        </Suspense>
      )}
      <IssuedTokenDialog />
      {searching && (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      )}
    </div>
  )
}
