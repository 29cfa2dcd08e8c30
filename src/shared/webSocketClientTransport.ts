/**
 * MCP client transport over a WebSocket (browser mode, and tests/benchmarks in Node 22, which has
 * a global `WebSocket`): one text message is one JSON-RPC frame, subprotocol `mcp`.
 *
 * Hand-written because SDK v2 removed its WebSocket client transport (WebSocket is not a spec
 * transport); the host's browser mode still serves its sessions over one. Incoming frames go
 * through the same checks as every other cross-process transport (`frames.ts`).
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client'
import { DEFAULT_MAX_FRAME_BYTES, parseFrame } from './frames'

const SUBPROTOCOL = 'mcp'

export class WebSocketClientTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private socket: WebSocket | undefined

  private started = false

  /**
   * `opened`: a socket to `url` (subprotocol `mcp`) already opening or open, to use instead of a
   * new one (the page opens its first one before its script has finished loading). An MCP server
   * sends nothing before the client's `initialize`, so no frame can have been missed.
   */
  constructor(
    private readonly url: URL,
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
    private readonly opened?: WebSocket,
  ) {}

  start(): Promise<void> {
    if (this.started) throw new Error('WebSocketClientTransport already started; Client.connect starts it, do not call start() yourself.')
    this.started = true
    const socket = this.opened ?? new WebSocket(this.url, SUBPROTOCOL)
    this.socket = socket
    return new Promise((resolve, reject) => {
      let opened = socket.readyState === WebSocket.OPEN
      if (socket.readyState === WebSocket.CLOSING || socket.readyState === WebSocket.CLOSED) {
        reject(new Error(`The WebSocket to ${this.url.origin}${this.url.pathname} closed before it opened.`))
        return
      }
      if (opened) resolve()
      socket.onopen = () => {
        opened = true
        resolve()
      }
      socket.onerror = () => {
        const error = new Error(`WebSocket error on ${this.url.origin}${this.url.pathname}`)
        if (!opened) reject(error)
        this.onerror?.(error)
      }
      socket.onclose = (event) => {
        if (!opened) reject(new Error(`The WebSocket to ${this.url.origin}${this.url.pathname} closed before it opened (code ${event.code}).`))
        this.onclose?.()
      }
      socket.onmessage = (event: { data: unknown }) => {
        const frame = parseFrame(event.data, this.maxFrameBytes)
        if (frame.ok) this.onmessage?.(frame.message)
        else this.onerror?.(new Error(`Dropped frame: ${frame.reason}`))
      }
    })
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket
    if (!socket || socket.readyState !== WebSocket.OPEN) throw new Error('Not connected: the WebSocket is not open.')
    socket.send(JSON.stringify(message))
  }

  async close(): Promise<void> {
    this.socket?.close()
  }
}
