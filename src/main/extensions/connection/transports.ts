/**
 * One transport per extension type. The only place that knows how each kind of server is reached;
 * everything above it sees an MCP `Transport`.
 */
import type { Transport } from '@modelcontextprotocol/client'
import { loadClientSdk } from '../mcpClient/clientSdk'
import type { BuiltinRegistry } from '../../builtins/builtinRegistry'
import type { TransportAuth } from '../auth/transportAuth'
import type { StdoutProblem } from './boundedLineReader'
import { childEnvironment } from '../config/envPolicy'
import { whenSpawnPathReady } from './loginShellPath'
import { assertNever, type ExtensionConfig } from '../config/extensionConfig'
import type { ProcessExit } from './stdioTransport'
import { sessionWatchingFetch, type SessionWatch } from './httpSessionWatch'

/** Gives the transport of the renderer's frontend-tools server, or undefined while no window is connected. */
export type FrontendTransportSource = () => Transport | undefined

export interface TransportContext {
  /** env (stdio) or headers (HTTP) with every `${secret:…}` already replaced by its value. */
  resolvedValues: Record<string, string>
  /** Sign-in for a remote extension (OAuth); absent when the person manages the token. */
  auth?: TransportAuth
  builtins: BuiltinRegistry
  frontend?: FrontendTransportSource
  maxMessageBytes: number
  stopGraceMs?: { afterStdinClose: number; afterTerm: number }
  onStdoutProblem: (problem: StdoutProblem) => void
  onStderrLine: (line: string) => void
  /** Streamable HTTP: what the server's error statuses mean for the session. */
  session?: SessionWatch
}

/** A transport ready for `Client.connect`, and what is needed to describe and stop it. */
export interface OpenedTransport {
  transport: Transport
  /** Exit of the child process, for stdio; undefined for other kinds or while it runs. */
  processExit: () => ProcessExit | undefined
  /** Stops whatever the transport started besides itself (an in-process builtin server). */
  stopExtra: () => Promise<void>
}

export class WindowUnavailableError extends Error {
  constructor() {
    super('window unavailable: the frontend tools live in the app window, which is not connected right now; open or reload the window.')
    this.name = 'WindowUnavailableError'
  }
}

export async function openTransport(config: ExtensionConfig, context: TransportContext): Promise<OpenedTransport> {
  const nothing = async () => {}
  switch (config.type) {
    case 'stdio': {
      // The SDK's stdio client (cross-spawn and all) loads with the first stdio extension, not at start.
      const { BoundedStdioTransport } = await import('./stdioTransport')
      // A desktop launch is still reading the login shell's PATH (npx, uvx, docker live there); bounded by its timeout.
      await whenSpawnPathReady()
      const transport = new BoundedStdioTransport({
        command: config.command,
        args: config.args,
        env: childEnvironment(context.resolvedValues),
        cwd: config.cwd,
        maxMessageBytes: context.maxMessageBytes,
        stopGraceMs: context.stopGraceMs,
        onStdoutProblem: context.onStdoutProblem,
        onStderrLine: context.onStderrLine,
      })
      return { transport, processExit: () => transport.exit, stopExtra: nothing }
    }
    case 'streamable-http': {
      const { StreamableHTTPClientTransport } = await loadClientSdk()
      return {
        transport: new StreamableHTTPClientTransport(new URL(config.url), {
          requestInit: { headers: context.resolvedValues },
          authProvider: context.auth?.authProvider,
          skipIssuerMetadataValidation: context.auth?.skipIssuerMetadataValidation,
          // Our sign-in observes answers too; the session watch sees them after it.
          fetch: context.session ? sessionWatchingFetch(context.session, context.auth?.fetch) : context.auth?.fetch,
        }),
        processExit: () => undefined,
        stopExtra: nothing,
      }
    }
    case 'sse': {
      const { SSEClientTransport } = await loadClientSdk()
      return {
        transport: new SSEClientTransport(new URL(config.url), { requestInit: { headers: context.resolvedValues }, ...context.auth }),
        processExit: () => undefined,
        stopExtra: nothing,
      }
    }
    case 'builtin': {
      const opened = await context.builtins.open(config.builtin)
      return { transport: opened.clientTransport, processExit: () => undefined, stopExtra: opened.close }
    }
    case 'frontend': {
      const transport = context.frontend?.()
      if (!transport) throw new WindowUnavailableError()
      return { transport, processExit: () => undefined, stopExtra: nothing }
    }
    default:
      return assertNever(config)
  }
}
