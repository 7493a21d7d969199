import { Params } from './params.ts'
import type { MethodContext, Methods } from './rpc-types.ts'

/** The Solana version this RPC says it speaks (the JSON-RPC API of validator 2.x). */
export const SOLANA_RPC_API_VERSION = '2.2.0'
/** One epoch of a validator's default schedule. */
const SLOTS_PER_EPOCH = 432_000n

/** The chain's identity, clock and blockhashes. */
export function clusterMethods({ chain, context, genesisHash }: MethodContext): Methods {
  const withConfig = (index: number, values: readonly unknown[]) => new Params(values).config(index)
  /** A read of the clock whose only parameter is the (checked, then ignored) configuration. */
  const clockRead = (read: () => bigint) => (values: readonly unknown[]) => {
    withConfig(0, values)
    return read()
  }
  return {
    getGenesisHash: () => genesisHash,
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_RPC_API_VERSION, 'feature-set': 0 }),
    getSlot: clockRead(() => chain.slot),
    getBlockHeight: clockRead(() => chain.blockHeight),
    getTransactionCount: clockRead(() => chain.transactionCount),
    getEpochInfo: (values) => {
      withConfig(0, values)
      return {
        absoluteSlot: chain.slot,
        blockHeight: chain.blockHeight,
        epoch: chain.slot / SLOTS_PER_EPOCH,
        slotIndex: chain.slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.transactionCount,
      }
    },
    getLatestBlockhash: (values) => {
      withConfig(0, values)
      return { context: context(), value: chain.latestBlockhash() }
    },
    isBlockhashValid: (values) => {
      const params = new Params(values)
      const blockhash = params.string(0, 'blockhash')
      params.config(1)
      return { context: context(), value: chain.isBlockhashValid(blockhash) }
    },
    // No fee market on a local chain: no recent priority fees.
    getRecentPrioritizationFees: () => [],
  }
}
