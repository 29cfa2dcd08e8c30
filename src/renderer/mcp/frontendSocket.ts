/**
 * The page's end of the frontend-tools session in browser mode: the `/frontend` WebSocket, on which
 * the page is the MCP *server* and main the client. One text message is one JSON-RPC frame; frames
 * are checked like every other renderer frame (size, JSON, envelope) and bad ones are dropped or
 * answered with a JSON-RPC error, never fatal.
 */
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/server'
import { DEFAULT_MAX_FRAME_BYTES, parseFrame } from '../../shared/frames'

/** The `/frontend` address for this page, carrying the access token like `/mcp` does. */
export function frontendSocketUrl(token: string, base = location.href): URL {
  const url = new URL('/frontend?token=' + encodeURIComponent(token), base)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url
}

export class PageSocketTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private socket: WebSocket | undefined
  private closed = false

  constructor(
    private readonly url: URL,
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
  ) {}

  /** Opens the socket; rejects when the host refuses it (wrong token) or cannot be reached. */
  start(): Promise<void> {
    if (this.socket) return Promise.reject(new Error('PageSocketTransport already started'))
    const socket = new WebSocket(this.url, 'mcp')
    this.socket = socket
    return new Promise((resolve, reject) => {
      socket.onopen = () => {
        socket.onerror = () => this.onerror?.(new Error('The frontend-tools connection failed.'))
        resolve()
      }
      socket.onerror = () => reject(new Error(`Could not open ${this.url.pathname}; the host refused or is not running.`))
      socket.onclose = () => {
        reject(new Error('The frontend-tools connection closed before it opened.'))
        this.finish()
      }
      socket.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data)
    })
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed || this.socket?.readyState !== WebSocket.OPEN) throw new Error('Transport is closed')
    this.socket.send(JSON.stringify(message))
  }

  async close(): Promise<void> {
    this.socket?.close(1000)
    this.finish()
  }

  private receive(data: unknown): void {
    const frame = parseFrame(data, this.maxFrameBytes)
    if (frame.ok) {
      this.onmessage?.(frame.message)
      return
    }
    this.onerror?.(new Error(`Dropped frame: ${frame.reason}`))
    if ('reply' in frame && frame.reply && !this.closed) this.socket?.send(JSON.stringify(frame.reply))
  }

  private finish(): void {
    if (this.closed) return
    this.closed = true
    this.onclose?.()
  }
}
