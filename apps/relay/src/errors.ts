/**
 * Errors the relay answers with. A `RelayError` becomes a JSON-RPC error object `{code, message}`;
 * the message is short and says what to change, because client SDKs log it verbatim.
 */

export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Server-defined range: a per-connection limit was hit (size, subscriptions, publish rate). */
  limitExceeded: -32005,
} as const

export type RpcCode = (typeof RpcCode)[keyof typeof RpcCode]

export class RelayError extends Error {
  override readonly name = 'RelayError'
  constructor(
    readonly code: RpcCode,
    message: string,
  ) {
    super(message)
  }
}

export const invalidParams = (message: string) => new RelayError(RpcCode.invalidParams, message)
export const limitExceeded = (message: string) => new RelayError(RpcCode.limitExceeded, message)

/** Why a connection's JWT was refused; becomes the body of the HTTP 401 at upgrade. */
export class AuthError extends Error {
  override readonly name = 'AuthError'
}
