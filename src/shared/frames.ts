/** Validation of incoming JSON-RPC frames, shared by every transport that crosses a process boundary. */
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** Default cap for one frame: 16 MiB. */
export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024

export type FrameResult =
  | { ok: true; message: JSONRPCMessage }
  /** `reply` is the JSON-RPC error to send back, when the sender can be answered. */
  | { ok: false; reason: string; reply?: JSONRPCMessage }

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength
}

function errorReply(id: unknown, code: number, message: string): JSONRPCMessage {
  // JSON-RPC 2.0 answers unparseable requests with `id: null`; the SDK schema has no such id, hence the cast.
  return { jsonrpc: '2.0', id: id as string | number, error: { code, message } }
}

function usableId(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const id = (value as { id?: unknown }).id
  const method = (value as { method?: unknown }).method
  // Only a request (it has a method) expects an answer; a broken response is dropped.
  if (typeof method !== 'string') return null
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null
}

/**
 * Parses one frame. `byteLength` is the frame's size on the wire when the transport knows it.
 * Never throws: a bad frame comes back as a reason to log and, where possible, a reply.
 */
export function parseFrame(data: unknown, maxBytes = DEFAULT_MAX_FRAME_BYTES, byteLength?: number): FrameResult {
  if (typeof data !== 'string') {
    return { ok: false, reason: `frame is not text (${data === null ? 'null' : typeof data})` }
  }
  const size = byteLength ?? (data.length > maxBytes || data.length * 3 <= maxBytes ? data.length : utf8Length(data))
  if (size > maxBytes) {
    return { ok: false, reason: `message too large (${size} bytes, limit ${maxBytes})` }
  }
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch (error) {
    const reason = `malformed JSON: ${(error as Error).message}`
    return { ok: false, reason, reply: errorReply(null, PARSE_ERROR, 'Parse error') }
  }
  const parsed = JSONRPCMessageSchema.safeParse(json)
  if (!parsed.success) {
    const id = usableId(json)
    const reason = `not a JSON-RPC message: ${parsed.error.issues[0]?.message ?? 'invalid'}`
    return id === null
      ? { ok: false, reason }
      : { ok: false, reason, reply: errorReply(id, INVALID_REQUEST, 'Invalid Request') }
  }
  return { ok: true, message: parsed.data }
}
