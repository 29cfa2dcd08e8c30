/**
 * The bridge's transport to one App's sandbox proxy: it posts to the proxy's window and reads only
 * messages whose source is that window. Anything else is ignored without touching its data or
 * logging it. ext-apps' PostMessageTransport logs every foreign message with console.debug (the
 * event, data included), and an App can post straight to the window, past its proxy's limits: each
 * such message was then serialized for the console (DevTools) and held in its storage, however large.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client'
import { envelopeProblem } from '../../shared/frames'

/** The part of a window the transport listens on. */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export class AppFrameTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void

  constructor(
    /** The proxy frame's window: where messages go, and the only source read. */
    private readonly frame: Pick<Window, 'postMessage'>,
    private readonly window: MessageSource = globalThis.window,
  ) {}

  private readonly listener = (event: MessageEvent): void => {
    if (event.source !== this.frame) return
    const data: unknown = event.data
    const problem = envelopeProblem(data)
    if (problem === undefined) this.onmessage?.(data as JSONRPCMessage)
    // The proxy passes on whatever the App posts; only JSON-RPC that is malformed is worth an error.
    else if (data !== null && typeof data === 'object' && (data as { jsonrpc?: unknown }).jsonrpc === '2.0') this.onerror?.(new Error(`The App sent a malformed message: ${problem}.`))
  }

  async start(): Promise<void> {
    this.window.addEventListener('message', this.listener)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.frame.postMessage(message, '*')
  }

  async close(): Promise<void> {
    this.window.removeEventListener('message', this.listener)
    this.onclose?.()
  }
}
