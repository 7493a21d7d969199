/**
 * The one error type of WalletFrame, in the manner of viem's BaseError: a catalogue `reason` and
 * `code`, a `shortMessage`, optional `details` and `cause`; `walkError()` goes down the cause chain.
 * Only `{ code, message, reason }` ever crosses a frame boundary: never details, causes or stacks.
 */
import { PROVIDER_DEFAULT, PROVIDER_USER_REJECTED, RPC_INTERNAL } from './catalogue.ts'

export interface WireError {
  code: number
  message: string
  /** The catalogue reason, when the sender knew one. */
  reason?: string
}

/** What a reason looks like on the wire (PascalCase, as in the catalogue). */
export const REASON_PATTERN = /^[A-Z][A-Za-z0-9]{0,63}$/

// Fields are `declare`d and assigned in the constructor: bundles for ES2020 (the host SDK) would
// otherwise carry esbuild's define-property helper and a call per field.
export class WalletFrameError extends Error {
  declare readonly name: 'WalletFrameError'
  declare readonly code: number
  declare readonly reason: string | undefined
  /** The catalogue's message, without details: what crosses the wire. */
  declare readonly shortMessage: string
  declare readonly details: string | undefined

  constructor(error: WireError, options: { details?: string | undefined; cause?: unknown } = {}) {
    super(error.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'WalletFrameError'
    this.code = error.code
    this.reason = error.reason
    this.shortMessage = error.message
    this.details = options.details
  }
}

/**
 * Follows `cause` from `error` (viem's `walk()`): without `match`, returns the deepest error; with
 * it, the first error in the chain (`error` included) that matches, or undefined. A function, not a
 * method: the host SDK, which never walks, does not ship it.
 */
export function walkError(error: unknown, match?: (error: unknown) => boolean): unknown {
  let current: unknown = error
  const seen = new Set<unknown>()
  while (current !== undefined && !seen.has(current)) {
    if (match?.(current)) return current
    seen.add(current)
    const next = (current as { cause?: unknown } | null)?.cause
    if (next === undefined || next === null) return match ? undefined : current
    current = next
  }
  return match ? undefined : current
}

const MAX_WIRE_MESSAGE = 500

/** Reduces anything thrown to `{ code, message, reason? }`; nothing else crosses a frame. */
export function toWireError(error: unknown, fallback: WireError = RPC_INTERNAL): WireError {
  // Built field by field: a fallback that is itself an Error must not bring its other fields along.
  const otherwise = withReason(
    { code: fallback.code, message: fallback.message.slice(0, MAX_WIRE_MESSAGE) },
    fallback.reason,
  )
  if (typeof error !== 'object' || error === null) return otherwise
  let fields: { code?: unknown; message?: unknown; reason?: unknown; shortMessage?: unknown }
  try {
    const { code, message, reason, shortMessage } = error as Record<string, unknown>
    fields = { code, message, reason, shortMessage }
  } catch {
    return otherwise // a getter that throws
  }
  const { code, reason } = fields
  const message = error instanceof WalletFrameError ? fields.shortMessage : fields.message
  const text = typeof message === 'string' ? message.slice(0, MAX_WIRE_MESSAGE) : undefined
  // Safe integers only: the receiving envelope refuses any other code, and the reply would be lost.
  if (typeof code === 'number' && Number.isSafeInteger(code))
    return withReason({ code, message: text ?? otherwise.message }, reason)
  return text === undefined ? otherwise : { code: otherwise.code, message: text }
}

const withReason = (wire: WireError, reason: unknown): WireError =>
  typeof reason === 'string' && REASON_PATTERN.test(reason) ? { ...wire, reason } : wire

/** Spec §8: code 5000 is the default error and is treated as a user rejection. */
export function isUserRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === PROVIDER_USER_REJECTED.code || code === PROVIDER_DEFAULT.code
}
