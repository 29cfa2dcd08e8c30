/** A transport seen from the side: what arrives on it and when it closes, without changing either. */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server'

export interface TransportObserver {
  /** Once, when it closed, whoever closed it. */
  onClosed?: () => void
  /** Every message that arrives, before it is passed on. */
  onMessage?: (message: JSONRPCMessage) => void
}

/** Delegates to `inner` and tells `observer` what arrives and when it closed. */
export function observed(inner: Transport, { onClosed, onMessage }: TransportObserver): Transport {
  let reported = false
  const outer: Transport = {
    start: () => inner.start(),
    send: (message: JSONRPCMessage, options) => inner.send(message, options),
    close: () => inner.close(),
  }
  inner.onmessage = (message, extra) => {
    onMessage?.(message)
    outer.onmessage?.(message, extra)
  }
  inner.onerror = (error) => outer.onerror?.(error)
  inner.onclose = () => {
    if (!reported) {
      reported = true
      onClosed?.()
    }
    outer.onclose?.()
  }
  return outer
}
