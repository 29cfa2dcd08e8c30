/** MCP transport for one accepted WebSocket (browser mode): one text message is one JSON-RPC frame. */
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/server'
import type { RawData, WebSocket } from 'ws'
import { DEFAULT_MAX_FRAME_BYTES, parseFrame } from '../../../shared/frames'

function byteLengthOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, chunk) => sum + chunk.byteLength, 0)
  return data.byteLength
}

function textOf(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8')
}

export class WebSocketServerTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private closed = false

  constructor(
    private readonly socket: WebSocket,
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
  ) {}

  async start(): Promise<void> {
    this.socket.on('message', (data, isBinary) => this.receive(data, isBinary))
    this.socket.on('close', () => this.finish())
    this.socket.on('error', (error) => this.onerror?.(error))
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('Transport is closed')
    await new Promise<void>((resolve, reject) => this.socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())))
  }

  async close(): Promise<void> {
    this.socket.close(1000)
    this.finish()
  }

  private receive(data: RawData, isBinary: boolean): void {
    const size = byteLengthOf(data)
    const frame = isBinary
      ? ({ ok: false, reason: 'binary frames are not accepted' } as const)
      : size > this.maxFrameBytes
        ? ({ ok: false, reason: `message too large (${size} bytes, limit ${this.maxFrameBytes})` } as const)
        : parseFrame(textOf(data), this.maxFrameBytes, size)
    if (frame.ok) {
      this.onmessage?.(frame.message)
      return
    }
    this.onerror?.(new Error(`Dropped frame: ${frame.reason}`))
    if ('reply' in frame && frame.reply && !this.closed) this.socket.send(JSON.stringify(frame.reply))
  }

  private finish(): void {
    if (this.closed) return
    this.closed = true
    this.onclose?.()
  }
}
