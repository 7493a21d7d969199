/**
 * Swaps behind one interface (issue 11 point 4): the `/v1/convert/*` routes ask a `SwapProvider` for
 * tokens, quotes, allowances and transactions, and know nothing of how it finds them. The devnet's
 * Uniswap V2 pools are one provider (uniswap-v2.ts); an operator adds another (an aggregator's API,
 * their own router) by implementing this and passing it to `startApi({ swapProviders })`
 * (docs/swap.md). A chain no provider serves answers 'Network not supported for Swaps' (spec §8).
 */
import type { SwapToken } from '@walletframe/protocol'
import type { Hex } from '../config.ts'

/** A token of a swap: an ERC-20's lower-case address, or the chain's native currency. */
export type SwapAsset = Hex | 'native'

export interface SwapQuoteRequest {
  chainId: number
  from: SwapAsset
  to: SwapAsset
  /** Of `from`, in its base units; more than 0. */
  amount: bigint
}

export interface SwapQuoteResult {
  /** Of `to`, in its base units. */
  toAmount: bigint
  /** Percent below the pools' mid price, the pool fee aside. */
  priceImpact: number
  /** Gas units the swap transaction is expected to use (priced by the route). */
  gas: bigint
}

/** A transaction for the user to send; `gas` is its limit. */
export interface SwapTransactionRequest {
  to: Hex
  data: Hex
  value: bigint
  gas: bigint
}

export interface SwapProvider {
  /** For logs and /healthz. */
  readonly name: string
  /** The eip155 chain ids it serves (a production provider: SWAP_CHAIN_IDS, spec §9). */
  readonly chainIds: readonly number[]
  /** What can be swapped on the chain; `address` CAIP-10, the native currency as NATIVE_TOKEN_ADDRESS. */
  tokens(chainId: number): Promise<SwapToken[]>
  /** Throws ApiError('swapNoRoute') when the tokens cannot be swapped (no pool, too little liquidity). */
  quote(request: SwapQuoteRequest): Promise<SwapQuoteResult>
  /** What the swap contract may spend of `owner`'s ERC-20 `token`. */
  allowance(request: { chainId: number; token: Hex; owner: Hex }): Promise<bigint>
  /** An ERC-20 `approve` of the swap contract by `owner` (`amount` undefined: unlimited). */
  buildApprove(request: {
    chainId: number
    token: Hex
    owner: Hex
    amount: bigint | undefined
  }): Promise<SwapTransactionRequest>
  /**
   * The swap of `amount` of `from` into at least the quote less `slippageBps` (basis points), paid
   * to `user`. With `estimate`, the gas limit is the chain's estimate with headroom, and a swap that would revert
   * throws ApiError('swapWouldFail'); without, a fixed limit (the approval may not be mined yet).
   */
  buildSwap(
    request: SwapQuoteRequest & { user: Hex; slippageBps: bigint; estimate: boolean },
  ): Promise<SwapTransactionRequest>
}

/** The provider of each chain; a chain served by several goes to the first. */
export function providersByChain(providers: readonly SwapProvider[]): ReadonlyMap<number, SwapProvider> {
  const byChain = new Map<number, SwapProvider>()
  for (const provider of providers) {
    for (const chainId of provider.chainIds) if (!byChain.has(chainId)) byChain.set(chainId, provider)
  }
  return byChain
}
