import { API_ERRORS, type ApiErrorName } from '@walletframe/protocol'

/** Why a sign-in was refused, each as its entry of the data API's catalogue (spec §8). */
export const SIWX_FAILURES = {
  invalidMessage: 'siwxInvalidMessage',
  wrongDomain: 'siwxWrongDomain',
  unsupportedChain: 'siwxUnsupportedChain',
  expired: 'siwxExpired',
  notYetValid: 'siwxNotYetValid',
  nonceInvalid: 'siwxNonceInvalid',
  badSignature: 'siwxBadSignature',
  notFound: 'notFound',
} as const satisfies Record<string, ApiErrorName>
export type SiwxFailure = keyof typeof SIWX_FAILURES

/** A refused sign-in, viem-style: `shortMessage` from the catalogue, `details` says which part. */
export class SiwxVerificationError extends Error {
  override readonly name = 'SiwxVerificationError'
  readonly reason: SiwxFailure
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(reason: SiwxFailure, details?: string, options?: { cause?: unknown }) {
    const shortMessage = API_ERRORS[SIWX_FAILURES[reason]].message
    super(details ? `${shortMessage}: ${details}` : shortMessage, options)
    this.reason = reason
    this.shortMessage = shortMessage
    this.details = details
  }

  /** The innermost cause (or the first for which `match` holds), as viem's errors offer. */
  walk(match?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    while (current instanceof Error && current.cause !== undefined) {
      if (match?.(current)) return current
      current = current.cause
    }
    return match && !match(current) ? null : current
  }
}
