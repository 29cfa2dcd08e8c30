/**
 * Validation of incoming JSON-RPC frames, shared by every transport that crosses a process boundary:
 * text frames (WebSocket) and structured-clone frames (message ports). Never throws: a bad frame comes
 * back as a reason to log and, where the sender can be answered, a reply.
 *
 * Only the JSON-RPC envelope is checked here (the same rules as the SDK's JSONRPCMessageSchema); the
 * SDK validates params and results per method. A hand-written check, not zod: it runs twice per round
 * trip on the renderer hot path (bench/transport.ts).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client'

/** Default cap for one frame: 16 MiB. */
export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024

export type FrameResult =
  | { ok: true; message: JSONRPCMessage }
  /** `reply` is the JSON-RPC error to send back, when the sender can be answered. */
  | { ok: false; reason: string; reply?: JSONRPCMessage }

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600

type JsonObject = Record<string, unknown>
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): boolean => typeof value === 'string' || Number.isInteger(value)
const onlyKeys = (value: JsonObject, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key))

/** Why `value` is not a JSON-RPC 2.0 message, or undefined when it is one. */
export function envelopeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'a JSON-RPC message must be an object'
  if (value.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"'
  if ('method' in value) {
    if (typeof value.method !== 'string') return 'method must be a string'
    if (value.params !== undefined && !isObject(value.params)) return 'params must be an object'
    if ('id' in value && !isId(value.id)) return 'id must be a string or an integer'
    return onlyKeys(value, ['jsonrpc', 'id', 'method', 'params']) ? undefined : 'a request has only jsonrpc, id, method and params'
  }
  if ('result' in value) {
    if (!isId(value.id)) return 'id must be a string or an integer'
    if (!isObject(value.result)) return 'result must be an object'
    return onlyKeys(value, ['jsonrpc', 'id', 'result']) ? undefined : 'a result response has only jsonrpc, id and result'
  }
  if ('error' in value) {
    if ('id' in value && !isId(value.id)) return 'id must be a string or an integer'
    const error = value.error
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') return 'error must have an integer code and a message'
    return onlyKeys(value, ['jsonrpc', 'id', 'error']) ? undefined : 'an error response has only jsonrpc, id and error'
  }
  return 'neither a request, a notification nor a response'
}

function errorReply(id: unknown, code: number, message: string): JSONRPCMessage {
  // JSON-RPC 2.0 answers unparseable requests with `id: null`; the SDK types have no such id, hence the cast.
  return { jsonrpc: '2.0', id: id as string | number, error: { code, message } }
}

function invalid(value: unknown, reason: string): FrameResult {
  // Only a request can be answered; a broken response (result or error) is dropped, or two peers could ping-pong.
  const answerable = isObject(value) && !('result' in value) && !('error' in value) && isId(value.id)
  const text = `not a JSON-RPC message: ${reason}`
  return answerable ? { ok: false, reason: text, reply: errorReply(value.id, INVALID_REQUEST, 'Invalid Request') } : { ok: false, reason: text }
}

function checked(value: unknown): FrameResult {
  const problem = envelopeProblem(value)
  return problem === undefined ? { ok: true, message: value as JSONRPCMessage } : invalid(value, problem)
}

const tooLarge = (size: number, maxBytes: number): FrameResult => ({ ok: false, reason: `message too large (${size} bytes, limit ${maxBytes})` })

/** Parses a text frame. `byteLength` is its size on the wire when the transport knows it. */
export function parseFrame(data: unknown, maxBytes = DEFAULT_MAX_FRAME_BYTES, byteLength?: number): FrameResult {
  if (typeof data !== 'string') return { ok: false, reason: `frame is not text (${data === null ? 'null' : typeof data})` }
  const size = byteLength ?? (data.length > maxBytes || data.length * 3 <= maxBytes ? data.length : new TextEncoder().encode(data).byteLength)
  if (size > maxBytes) return tooLarge(size, maxBytes)
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch (error) {
    return { ok: false, reason: `malformed JSON: ${(error as Error).message}`, reply: errorReply(null, PARSE_ERROR, 'Parse error') }
  }
  return checked(json)
}

/**
 * Size of a structured-clone value as JSON would count it (characters of strings and keys, 8 per
 * number), or a reason it is not plain JSON (cycles, functions, Dates, Maps…). Stops past `maxBytes`.
 */
export function measureJsonValue(root: unknown, maxBytes: number): { size: number } | { problem: string } {
  let size = 0
  const seen = new Set<object>()
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value === null || typeof value === 'boolean') size += 4
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { problem: 'numbers must be finite' }
      size += 8
    } else if (typeof value === 'string') size += value.length + 2
    else if (Array.isArray(value) || isPlainObject(value)) {
      if (seen.has(value)) return { problem: 'the value contains a cycle' }
      seen.add(value)
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue
        size += Array.isArray(value) ? 1 : key.length + 4
        if (size > maxBytes) return { size }
        pending.push(item)
      }
      size += 2
    } else return { problem: `${value === undefined ? 'undefined' : typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value} is not JSON` }
    if (size > maxBytes) return { size }
  }
  return { size }
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Checks a frame that arrived as a structured-clone value over a message port. */
export function checkFrame(data: unknown, maxBytes = DEFAULT_MAX_FRAME_BYTES): FrameResult {
  if (!isObject(data)) return { ok: false, reason: `frame is not a JSON-RPC object (${data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data})` }
  const measured = measureJsonValue(data, maxBytes)
  if ('problem' in measured) return invalid(data, measured.problem)
  if (measured.size > maxBytes) return tooLarge(measured.size, maxBytes)
  return checked(data)
}
