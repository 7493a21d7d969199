import type { Address } from '@solana/kit'
import type { LocalSolanaChain } from './chain.ts'

/** One JSON-RPC method: positional parameters in, the `result` out (or a SolanaRpcError thrown). */
export type Method = (params: readonly unknown[]) => unknown
export type Methods = Record<string, Method>

/** What the method groups share. */
export interface MethodContext {
  chain: LocalSolanaChain
  /** `{ slot, apiVersion }` of answers that carry a context. */
  context: () => { slot: bigint; apiVersion: string }
  /** Sends `lamports` from the faucet to `to`; resolves to the transfer's signature. */
  airdrop: (to: Address, lamports: bigint) => Promise<string>
  genesisHash: string
}
