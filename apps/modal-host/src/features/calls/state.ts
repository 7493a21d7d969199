/** The calls-status slice of the modal state (see core/session-api.ts). */

/** A bundle's status as CallsStatus shows it (EIP-5792 `wallet_getCallsStatus`). */
export interface CallsStatus {
  /** The bundle's id, as `wallet_sendCalls` returned it. */
  id: string
  state: 'loading' | 'pending' | 'confirmed' | 'failed' | 'error'
  /** The EIP-5792 status code (100–600). */
  code?: number
  /** The chain the bundle runs on, when the wallet said. */
  chainId?: number
  /** The hashes of its transactions, from the receipts. */
  transactions: string[]
  /** Why the status could not be read. */
  error?: string
}

declare module '../core/session-api.ts' {
  interface SessionState {
    /** The bundle CallsStatus shows (`wallet_showCallsStatus`). */
    callsStatus?: CallsStatus
  }
}
