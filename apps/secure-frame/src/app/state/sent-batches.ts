/**
 * The EIP-5792 batches sent from this page, by the id `wallet_sendCalls` answered (the dapp's own
 * id when it gave one, else the user operation's or transaction's hash). They live for the key
 * frame's page; after a reload a hash id is found again on chain (handlers/wallet-calls.ts), a
 * dapp's own id is answered 5730 (unknown bundle id).
 */
import { WALLET_CALL_ERRORS, WalletFrameError } from '@walletframe/protocol'
import type { SentBatch } from '../../signing/smart-account/calls-status.ts'

/** The batches sent from this page, by the id `wallet_sendCalls` answered. */
export interface SentBatches {
  has(id: string): boolean
  add(id: string, batch: SentBatch): void
  /** Throws 5730 for an id this wallet did not answer. */
  get(id: string): SentBatch
}

export function createSentBatches(): SentBatches {
  const batches = new Map<string, SentBatch>()
  return {
    has: (id) => batches.has(id),
    add: (id, batch) => void batches.set(id, batch),
    get(id) {
      const batch = batches.get(id)
      if (!batch)
        throw new WalletFrameError({
          ...WALLET_CALL_ERRORS.unknownBundle,
          message: `${WALLET_CALL_ERRORS.unknownBundle.message}: ${id.slice(0, 100)}.`,
        })
      return batch
    },
  }
}
