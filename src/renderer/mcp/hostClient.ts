/**
 * The renderer's MCP client of the host server: keeps one connection alive (reconnecting with
 * backoff), keeps resource subscriptions across reconnects, and calls the app tools with typed,
 * validated inputs and outputs.
 */
import { Client } from '@modelcontextprotocol/client'
import type { Transport, jsonSchemaValidator } from '@modelcontextprotocol/client'
import type { z } from 'zod'
import { HostToolInput, HostToolOutput, type HostToolArgs, type HostToolName, type HostToolResult } from '../../shared/hostApi'
import { coalesced } from './coalesce'
import { connectFailure, errorMessage, toolErrorText } from './errorText'

/** The connection as the UI shows it. */
export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'connected' }
  | { status: 'lost'; error: string; retryAt: number }
  | { status: 'closed' }

export interface HostClientOptions {
  /** Opens a fresh transport for each connection attempt. */
  open: () => Promise<Transport>
  onState: (state: ConnectionState) => void
  /** A subscribed resource could not be read or did not match its schema. */
  onError: (message: string) => void
  retryDelaysMs?: readonly number[]
}

export interface HostClient {
  /**
   * Subscribes, reads once, and re-reads on every update (one read in flight per uri). Returns an
   * unsubscribe. `readUri`, when given, names what each read asks for (e.g. the progress since what
   * the caller holds); updates are still those of `uri`.
   */
  subscribe<T>(uri: string, schema: z.ZodType<T>, onValue: (value: T) => void, readUri?: () => string): () => void
  /** Reads a resource once (e.g. an older page of a history); throws an Error with the host's message when it fails. */
  read<T>(uri: string, schema: z.ZodType<T>): Promise<T>
  /** Calls an app tool; throws an Error with the tool's message when it fails. */
  call<N extends HostToolName>(name: N, args: HostToolArgs<N>): Promise<HostToolResult<N>>
  /**
   * Calls an app tool and returns its whole result, failed or not (for `tool_call`, whose content is
   * the extension tool's own). Throws only when the call could not be made or was aborted.
   */
  callRaw<N extends HostToolName>(name: N, args: HostToolArgs<N>, options?: RawCallOptions): Promise<RawToolResult>
  /** Skips the wait before the next reconnect attempt. */
  retryNow(): void
  close(): Promise<void>
}

/** A tool result as it came back: content blocks are untrusted and checked where they are shown. */
export interface RawToolResult {
  content: unknown[]
  structuredContent?: Record<string, unknown>
  isError: boolean
}

export interface RawCallOptions {
  signal?: AbortSignal
  /** How long to wait for the result; the SDK's default (60 s) is too short for tools run by hand. */
  timeoutMs?: number
  /** Sends a progress token; the host relays the tool's progress reports here (tool_call). */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void
}

// Every payload is checked with the zod schemas of hostApi; the SDK's default (Ajv) compiles
// validators with `new Function`, which the renderer's CSP forbids.
const acceptAll: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
}

interface Subscription {
  refresh: () => Promise<void>
}

export function createHostClient(options: HostClientOptions): HostClient {
  const delays = options.retryDelaysMs ?? [500, 1000, 2000, 4000, 8000]
  const subscriptions = new Map<string, Subscription>()
  let current: Client | null = null
  let closed = false
  let wake: (() => void) | null = null

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake?.(), ms)
      wake = () => {
        clearTimeout(timer)
        wake = null
        resolve()
      }
    })

  /**
   * Subscribes and reads at once, in one round trip instead of two (the window draws when the first
   * reads are in). The host handles a session's requests in the order they arrive, so the read
   * normally sees a state the subscription already covers; when the read's answer comes back
   * before the subscription's, an update between the two could have been missed, and the resource
   * is read once more.
   */
  const activate = async (client: Client, uri: string, subscription: Subscription) => {
    let readDone = false
    const first = subscription.refresh().then(() => {
      readDone = true
    })
    try {
      await client.subscribeResource({ uri })
      if (readDone) await subscription.refresh()
      await first
    } catch (error) {
      if (client === current) options.onError(`Could not subscribe to ${uri}: ${errorMessage(error)}`)
    }
  }

  /** Resolves when an established connection ends; throws when none could be established. */
  const connectOnce = async (): Promise<void> => {
    const client = new Client({ name: 'switchboard-renderer', version: '0.1.0' }, { jsonSchemaValidator: acceptAll })
    const ended = new Promise<void>((resolve) => {
      client.onclose = () => {
        if (current === client) current = null
        resolve()
      }
    })
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      if (client === current) void subscriptions.get(notification.params.uri)?.refresh()
    })
    try {
      await client.connect(await options.open())
    } catch (error) {
      await client.close().catch(() => undefined)
      throw error
    }
    if (closed) {
      await client.close()
      return
    }
    current = client
    options.onState({ status: 'connected' })
    await Promise.all([...subscriptions].map(([uri, subscription]) => activate(client, uri, subscription)))
    await ended
  }

  const run = async () => {
    let attempt = 0
    while (!closed) {
      options.onState({ status: 'connecting' })
      let reason = 'The Switchboard host closed the connection.'
      try {
        await connectOnce()
        attempt = 0
      } catch (error) {
        reason = connectFailure(error)
      }
      current = null
      if (closed) break
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000
      attempt += 1
      options.onState({ status: 'lost', error: reason, retryAt: Date.now() + delay })
      await pause(delay)
    }
    options.onState({ status: 'closed' })
  }
  void run()

  /** Checks the input against the contract and calls the tool; transport failures become readable errors. */
  const send = async <N extends HostToolName>(name: N, args: HostToolArgs<N>, callOptions: RawCallOptions = {}) => {
    const input = HostToolInput[name].safeParse(args)
    if (!input.success) throw new Error(input.error.issues[0]?.message ?? 'Invalid input')
    const client = current
    if (!client) throw new Error('Not connected to the Switchboard host. Reconnecting…')
    try {
      return await client.callTool({ name, arguments: input.data as Record<string, unknown> }, {
        signal: callOptions.signal,
        timeout: callOptions.timeoutMs,
        onprogress: callOptions.onProgress && ((update) => callOptions.onProgress?.({ progress: update.progress, total: update.total, message: update.message })),
      })
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error })
    }
  }

  return {
    subscribe(uri, schema, onValue, readUri) {
      const read = async () => {
        const client = current
        if (!client) return // the next connection reads again
        try {
          const result = await client.readResource({ uri: readUri?.() ?? uri })
          const first = result.contents[0]
          if (!first || !('text' in first)) throw new Error('the host sent no JSON text')
          onValue(schema.parse(JSON.parse(first.text)))
        } catch (error) {
          if (client === current) options.onError(`Could not load ${uri}: ${errorMessage(error)}`)
        }
      }
      const subscription: Subscription = { refresh: coalesced(read) }
      subscriptions.set(uri, subscription)
      if (current) void activate(current, uri, subscription)
      return () => {
        if (subscriptions.get(uri) !== subscription) return
        subscriptions.delete(uri)
        current?.unsubscribeResource({ uri }).catch(() => undefined)
      }
    },

    async read(uri, schema) {
      const client = current
      if (!client) throw new Error('Not connected to the Switchboard host. Reconnecting…')
      let text: string
      try {
        const first = (await client.readResource({ uri })).contents[0]
        if (!first || !('text' in first)) throw new Error('the host sent no JSON text')
        text = first.text
      } catch (error) {
        throw new Error(errorMessage(error), { cause: error })
      }
      return schema.parse(JSON.parse(text))
    },

    async call(name, args) {
      const result = await send(name, args)
      if (result.isError) throw new Error(toolErrorText(result.content) ?? `${name} failed.`)
      const output = HostToolOutput[name].safeParse(result.structuredContent)
      if (!output.success) throw new Error(`${name} returned an unexpected result: ${output.error.issues[0]?.message ?? ''}`)
      return output.data as HostToolResult<typeof name>
    },

    async callRaw(name, args, callOptions = {}) {
      const result = await send(name, args, callOptions)
      const structured = result.structuredContent
      return {
        content: Array.isArray(result.content) ? (result.content as unknown[]) : [],
        ...(structured && typeof structured === 'object' ? { structuredContent: structured as Record<string, unknown> } : {}),
        isError: result.isError === true,
      }
    },

    retryNow() {
      wake?.()
    },

    async close() {
      closed = true
      wake?.()
      await current?.close()
    },
  }
}
