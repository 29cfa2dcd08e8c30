/**
 * An MCP transport over a message port: one JSON-RPC frame per port message, sent as a
 * structured-clone object (cheaper than JSON text: no stringify/parse on either side).
 * The same class serves main (Electron `MessagePortMain`) and the page (DOM `MessagePort`);
 * the two adapters below turn either shape into a `FramePort`.
 */
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client'
import { DEFAULT_MAX_FRAME_BYTES, checkFrame } from './frames'

/** The minimal port this transport needs. */
export interface FramePort {
  send(frame: JSONRPCMessage): void
  onFrame(listener: (data: unknown) => void): void
  onClose(listener: () => void): void
  start(): void
  close(): void
}

/** The part of Electron's `MessagePortMain` we use (an EventEmitter whose events carry `{ data }`). */
export interface EmitterPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
  on(event: 'close', listener: () => void): unknown
  postMessage(message: unknown): void
  start(): void
  close(): void
}

/** The part of a DOM `MessagePort` we use (an EventTarget). */
export interface DomPortLike {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(type: 'close', listener: () => void): void
  postMessage(message: unknown): void
  start(): void
  close(): void
}

/** Adapts Electron's `MessagePortMain`. */
export function emitterPort(port: EmitterPortLike): FramePort {
  return {
    send: (frame) => port.postMessage(frame),
    onFrame: (listener) => void port.on('message', (event) => listener(event.data)),
    onClose: (listener) => void port.on('close', listener),
    start: () => port.start(),
    close: () => port.close(),
  }
}

/** Adapts a DOM `MessagePort` (also Node's `MessagePort`, which is an EventTarget too). */
export function domPort(port: DomPortLike): FramePort {
  return {
    send: (frame) => port.postMessage(frame),
    onFrame: (listener) => port.addEventListener('message', (event) => listener(event.data)),
    onClose: (listener) => port.addEventListener('close', listener),
    start: () => port.start(),
    close: () => port.close(),
  }
}

export interface PortTransportOptions {
  /** Largest accepted frame in bytes; larger frames are dropped with a logged reason. */
  maxFrameBytes?: number
}

/** MCP `Transport` over a `FramePort`. Bad frames are answered or dropped, never fatal. */
export class PortTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private state: 'new' | 'open' | 'closed' = 'new'
  private readonly maxFrameBytes: number

  constructor(
    private readonly port: FramePort,
    options: PortTransportOptions = {},
  ) {
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES
  }

  async start(): Promise<void> {
    if (this.state !== 'new') throw new Error('PortTransport already started')
    this.state = 'open'
    this.port.onFrame((data) => this.receive(data))
    this.port.onClose(() => this.finish())
    this.port.start()
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.state !== 'open') throw new Error('Transport is closed')
    this.port.send(message)
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    this.port.close()
    this.finish()
  }

  private receive(data: unknown): void {
    if (this.state !== 'open') return
    const frame = checkFrame(data, this.maxFrameBytes)
    if (frame.ok) {
      this.onmessage?.(frame.message)
      return
    }
    this.onerror?.(new Error(`Dropped frame: ${frame.reason}`))
    if (frame.reply) this.port.send(frame.reply)
  }

  private finish(): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    this.onclose?.()
  }
}
