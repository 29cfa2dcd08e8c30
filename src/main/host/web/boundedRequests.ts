/**
 * A connection's requests start one per turn of the event loop, and at most a bounded number run at
 * once; the rest wait their turn on that connection. Without this, a client that sends 200 requests
 * in one burst has all 200 handlers started in the same tick, and every other client waits until
 * they are all done. Here, between two of one connection's requests, every other connection's
 * messages are read (setImmediate). Notifications and responses pass straight through.
 *
 * The running bound is generous (32): a window may hold a few long requests open (a tool it runs by
 * hand, a file dialog) and must still be able to send the answer that ends them.
 *
 * Every message of the connection passes here, so the SDK's schema guards run only where their answer
 * can differ from the message's shape (issue 33): a failed zod parse builds an error, and a window's
 * requests and their answers are most of a turn's messages.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server'

export interface RequestBounds {
  /** Requests of one connection that run at once. */
  inFlight: number
  /** Requests that may wait; more are answered with an error at once (memory stays bounded). */
  queued: number
}

export const DEFAULT_REQUEST_BOUNDS: RequestBounds = { inFlight: 32, queued: 1000 }

/** JSON-RPC "server error" range: the request was not run. */
const TOO_MANY_REQUESTS = -32000

export class BoundedRequestTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  private readonly running = new Set<RequestId>()
  private readonly waiting: { request: JSONRPCRequest; extra?: MessageExtraInfo }[] = []
  /** Whether a request of this connection started in the current turn; the next waits for the next turn. */
  private startedThisTurn = false
  private turnScheduled = false

  constructor(
    private readonly inner: Transport,
    private readonly bounds: RequestBounds = DEFAULT_REQUEST_BOUNDS,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra)
    this.inner.onerror = (error) => this.onerror?.(error)
    this.inner.onclose = () => {
      this.waiting.length = 0
      this.running.clear()
      this.onclose?.()
    }
    await this.inner.start()
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // The SDK's own answers: any answer to a request frees its place (no schema parse of every result).
    if (isAnswer(message)) this.finished(message.id)
    await this.inner.send(message, options)
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    // As the guards would sort it: only a message with a method can be a notification or a request,
    // and a notification has no id (the notification schema is strict), a request has one.
    const method = 'method' in message ? message.method : undefined
    const hasId = 'id' in message
    if (method === 'notifications/cancelled' && !hasId && isJSONRPCNotification(message)) this.cancelled(message.params?.requestId as RequestId | undefined)
    // Checked by the schema: what is queued and counted must be a request the SDK runs and answers.
    if (method === undefined || !hasId || !isJSONRPCRequest(message)) return this.onmessage?.(message, extra)
    if (this.waiting.length >= this.bounds.queued) {
      const error = { code: TOO_MANY_REQUESTS, message: `Too many requests at once on this connection (${this.bounds.queued} waiting); wait for answers before sending more.` }
      this.inner.send({ jsonrpc: '2.0', id: message.id, error }).catch((failure: Error) => this.onerror?.(failure))
      return
    }
    this.waiting.push({ request: message, extra })
    this.startNext()
  }

  private run(request: JSONRPCRequest, extra?: MessageExtraInfo): void {
    this.running.add(request.id)
    this.onmessage?.(request, extra)
  }

  /** A request the client cancelled gets no answer: a waiting one is dropped, a running one frees its place. */
  private cancelled(id: RequestId | undefined): void {
    if (id === undefined) return
    const at = this.waiting.findIndex((item) => item.request.id === id)
    if (at !== -1) this.waiting.splice(at, 1)
    this.finished(id)
  }

  private finished(id: RequestId): void {
    if (this.running.delete(id)) this.startNext()
  }

  /** Starts the oldest waiting request unless one already started this turn or too many run. */
  private startNext(): void {
    if (this.startedThisTurn || this.waiting.length === 0 || this.running.size >= this.bounds.inFlight) return
    const next = this.waiting.shift()!
    this.startedThisTurn = true
    this.run(next.request, next.extra)
    if (this.turnScheduled) return
    this.turnScheduled = true
    setImmediate(() => {
      this.turnScheduled = false
      this.startedThisTurn = false
      this.startNext()
    })
  }
}

/** A response or error response with an id: it ends the request of that id. */
function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return ('result' in message || 'error' in message) && (message as { id?: RequestId }).id !== undefined
}
