/**
 * JSON-RPC 2.0 framing for the relay: classifies an incoming text frame and writes replies.
 * Replies are assembled as text so the request's id goes back exactly as it came.
 */
import { RelayError, RpcCode } from './errors.ts'
import { rawMember } from './raw-json.ts'

export type IncomingFrame =
  /** A call to the relay. `rawId` is the id's source text, echoed verbatim. */
  | { kind: 'request'; rawId: string; method: string; params: unknown }
  /** A client's reply to a request the relay sent (an `irn_subscription` ack). */
  | { kind: 'response'; id: string; ok: boolean }
  /** Not processable; answer `error` to `rawId` (`null` when the id is unknown). */
  | { kind: 'invalid'; rawId: string; error: RelayError }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseFrame(text: string): IncomingFrame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return invalid('null', RpcCode.parseError, 'Parse error: frame is not valid JSON')
  }
  if (!isRecord(value)) {
    return invalid('null', RpcCode.invalidRequest, 'Invalid request: expected a JSON-RPC object (no batches)')
  }
  const { id, method } = value
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  const rawId = validId ? (rawMember(text, 'id') ?? 'null') : 'null'
  if (method !== undefined) {
    if (typeof method !== 'string')
      return invalid(rawId, RpcCode.invalidRequest, 'Invalid request: method must be a string')
    if (!validId)
      return invalid(rawId, RpcCode.invalidRequest, 'Invalid request: id must be a number or a string')
    if (value.jsonrpc !== '2.0')
      return invalid(rawId, RpcCode.invalidRequest, 'Invalid request: jsonrpc must be "2.0"')
    return { kind: 'request', rawId, method, params: value.params }
  }
  if (validId && ('result' in value || 'error' in value)) {
    return { kind: 'response', id: String(id), ok: !('error' in value) }
  }
  return invalid(rawId, RpcCode.invalidRequest, 'Invalid request: neither a request nor a response')
}

function invalid(rawId: string, code: RpcCode, message: string): IncomingFrame {
  return { kind: 'invalid', rawId, error: new RelayError(code, message) }
}

export const resultFrame = (rawId: string, result: unknown): string =>
  `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`

export const errorFrame = (rawId: string, error: { code: number; message: string }): string =>
  `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code: error.code, message: error.message })}}`

export const requestFrame = (id: number, method: string, params: unknown): string =>
  JSON.stringify({ id, jsonrpc: '2.0', method, params })

let lastId = 0
/**
 * Ids for requests the relay sends. At most 16 digits: clients parse longer numbers into BigInt
 * strings and could no longer match their ack to ours. Time-based so a restarted relay does not
 * reuse ids a client may still hold.
 */
export function nextRequestId(): number {
  lastId = Math.max(lastId + 1, Date.now() * 1000)
  return lastId
}
