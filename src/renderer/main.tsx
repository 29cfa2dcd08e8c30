/** Renderer entry: picks the transport, starts the host client, feeds the stores, renders. */
// First: opens the host socket while the rest of this chunk evaluates (earlySocket.ts).
import './mcp/earlySocket'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import { App } from './App'
import { MissingTokenScreen } from './components/MissingTokenScreen'
import { hostEndpoint } from './mcp/connectHost'
import { createHostClient } from './mcp/hostClient'
import { HostContext } from './mcp/hostContext'
import { feedStores } from './mcp/feedStores'
import { useConnectionStore } from './stores/connectionStore'
import { useErrorStore } from './stores/errorStore'
import { listenForFrontendPort, serveFrontendOverWebSocket } from './mcp/frontendPort'
import { afterFirstDraw } from './firstDraw'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
const endpoint = hostEndpoint()

if (endpoint.kind === 'no-token') {
  root.render(
    <StrictMode>
      <MissingTokenScreen />
    </StrictMode>,
  )
} else {
  const connection = useConnectionStore.getState()
  connection.setEndpoint(endpoint.kind)
  const client = createHostClient({
    open: endpoint.open,
    onState: (state) => useConnectionStore.getState().setState(state),
    onError: (message) => useErrorStore.getState().report(message),
  })
  feedStores(client, afterFirstDraw)
  // The page's second session: the frontend tools (charts, notifications, clipboard) that main
  // calls, served once the first screen is drawn (their chunk and handshake would compete with it).
  if (endpoint.kind === 'electron') listenForFrontendPort(afterFirstDraw)
  else afterFirstDraw(() => serveFrontendOverWebSocket(endpoint.token))
  root.render(
    <StrictMode>
      <HostContext value={client}>
        <App />
      </HostContext>
    </StrictMode>,
  )
}
