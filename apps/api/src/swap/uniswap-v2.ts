/**
 * A SwapProvider over Uniswap V2 pools: the devnet's (packages/devnet uniswap.ts), or any chain's
 * Uniswap V2 deployment. Quotes are computed from the pairs' reserves with the pools' own formula
 * (0.3% fee), through a direct pair or through WETH; transactions call UniswapV2Router02.
 */
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '@walletframe/protocol'
import { encodeFunctionData, erc20Abi, maxUint256, type PublicClient } from 'viem'
import { uniswapV2PairAbi, uniswapV2RouterAbi } from '../chain/erc.ts'
import type { ChainConfig, Hex, TokenConfig, UniswapV2Config } from '../config.ts'
import { ApiError } from '../errors.ts'
import type {
  SwapAsset,
  SwapProvider,
  SwapQuoteRequest,
  SwapQuoteResult,
  SwapTransactionRequest,
} from './provider.ts'

export interface UniswapV2Chain {
  config: ChainConfig & { uniswapV2: UniswapV2Config }
  client: PublicClient
}

/** Gas a swap uses at most per pool it passes through (measured on anvil: 100–130 k for one). */
const SWAP_GAS_PER_HOP = 150_000n
const SWAP_GAS_BASE = 50_000n
/**
 * Gas added per pool to the chain's estimate. A pair writes its two price accumulators only in the
 * first swap of a block with a new timestamp (UniswapV2Pair._update): an estimate made in the same
 * second as the last block leaves them out, and the swap, mined a second later, then ran out of gas
 * (10.6 k on anvil; two zero-to-nonzero writes would be 44 k).
 */
const SWAP_GAS_HEADROOM_PER_HOP = 50_000n
/** How long a built swap stays valid on chain (the router's `deadline`). */
const DEADLINE_SECONDS = 20 * 60
const FEE_NUMERATOR = 997n
const FEE_DENOMINATOR = 1000n
const BPS = 10_000n

export const swapGasLimit = (hops: number): bigint => SWAP_GAS_BASE + SWAP_GAS_PER_HOP * BigInt(hops)

/** What one pool pays out for `amountIn` (UniswapV2Library.getAmountOut). */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn === 0n || reserveOut === 0n) return 0n
  const withFee = amountIn * FEE_NUMERATOR
  return (withFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + withFee)
}

export function createUniswapV2Provider(
  chains: readonly UniswapV2Chain[],
  now: () => number = Date.now,
): SwapProvider {
  const byId = new Map(chains.map((chain) => [chain.config.chainId, chain]))
  const chainOf = (chainId: number) => {
    const chain = byId.get(chainId)
    if (!chain) throw new ApiError('swapsUnsupportedNetwork')
    return chain
  }
  const onChain = (chain: UniswapV2Chain, asset: SwapAsset): Hex =>
    asset === 'native' ? chain.config.uniswapV2.weth : asset
  const pairOf = (chain: UniswapV2Chain, a: Hex, b: Hex) =>
    chain.config.uniswapV2.pairs.find(
      (pair) => (pair.token0 === a && pair.token1 === b) || (pair.token0 === b && pair.token1 === a),
    )

  /** The tokens the route passes: a direct pair, or through WETH. */
  const pathOf = (chain: UniswapV2Chain, from: SwapAsset, to: SwapAsset): Hex[] => {
    const [a, b] = [onChain(chain, from), onChain(chain, to)]
    if (a === b) throw new ApiError('invalidInput', 'Invalid query parameter to: the same token as from')
    if (pairOf(chain, a, b)) return [a, b]
    const weth = chain.config.uniswapV2.weth
    if (pairOf(chain, a, weth) && pairOf(chain, weth, b)) return [a, weth, b]
    throw new ApiError('swapNoRoute')
  }

  /** Reserves of each hop, in the direction of the path. */
  const reservesAlong = async (chain: UniswapV2Chain, path: readonly Hex[]) =>
    Promise.all(
      path.slice(1).map(async (tokenOut, index) => {
        const tokenIn = path[index]!
        const pair = pairOf(chain, tokenIn, tokenOut)!
        const [reserve0, reserve1] = await chain.client
          .readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
          .catch((error: unknown) => {
            throw new ApiError('chainUnavailable', undefined, { cause: error })
          })
        return pair.token0 === tokenIn ? [reserve0, reserve1] : [reserve1, reserve0]
      }),
    )

  const quoteOn = async (chain: UniswapV2Chain, request: SwapQuoteRequest) => {
    const path = pathOf(chain, request.from, request.to)
    const reserves = await reservesAlong(chain, path)
    let out = request.amount
    // The mid price (fee aside) times the amount: what the trade would get if it moved no price.
    let ideal = Number(request.amount)
    for (const [reserveIn, reserveOut] of reserves) {
      out = amountOut(out, reserveIn!, reserveOut!)
      ideal = reserveIn === 0n ? 0 : ((ideal * Number(reserveOut)) / Number(reserveIn)) * 0.997
    }
    if (out === 0n) throw new ApiError('swapNoRoute')
    const priceImpact = Math.max(0, (1 - Number(out) / ideal) * 100)
    return { path, toAmount: out, priceImpact, gas: swapGasLimit(path.length - 1) }
  }

  const metadata = (chain: UniswapV2Chain): TokenConfig[] => {
    const pooled = new Set(chain.config.uniswapV2.pairs.flatMap((pair) => [pair.token0, pair.token1]))
    return chain.config.tokens.filter((token) => pooled.has(token.address))
  }

  return {
    name: 'uniswap-v2',
    chainIds: chains.map((chain) => chain.config.chainId),

    async tokens(chainId) {
      const chain = chainOf(chainId)
      const { caipNetworkId, nativeCurrency, nativeIconUrl } = chain.config
      const native: SwapToken = {
        name: nativeCurrency.name,
        symbol: nativeCurrency.symbol,
        address: `${caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`,
        decimals: nativeCurrency.decimals,
        logoUri: nativeIconUrl ?? '',
      }
      return [
        native,
        ...metadata(chain).map((token) => ({
          name: token.name,
          symbol: token.symbol,
          address: `${caipNetworkId}:${token.address}`,
          decimals: token.decimals,
          logoUri: token.iconUrl ?? '',
        })),
      ]
    },

    async quote(request): Promise<SwapQuoteResult> {
      const { toAmount, priceImpact, gas } = await quoteOn(chainOf(request.chainId), request)
      return { toAmount, priceImpact, gas }
    },

    async allowance({ chainId, token, owner }) {
      const chain = chainOf(chainId)
      return chain.client
        .readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, chain.config.uniswapV2.router],
        })
        .catch((error: unknown) => {
          throw new ApiError('invalidInput', 'Invalid query parameter tokenAddress: not an ERC-20 token', {
            cause: error,
          })
        })
    },

    async buildApprove({ chainId, token, owner, amount }): Promise<SwapTransactionRequest> {
      const chain = chainOf(chainId)
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [chain.config.uniswapV2.router, amount ?? maxUint256],
      })
      const gas = await chain.client.estimateGas({ account: owner, to: token, data }).catch((error) => {
        throw new ApiError('swapWouldFail', 'The approval would fail: is from an ERC-20 token?', {
          cause: error,
        })
      })
      return { to: token, data, value: 0n, gas }
    },

    async buildSwap(request): Promise<SwapTransactionRequest> {
      const chain = chainOf(request.chainId)
      const { path, toAmount, gas } = await quoteOn(chain, request)
      const minimum = (toAmount * (BPS - request.slippageBps)) / BPS
      const deadline = BigInt(Math.floor(now() / 1000) + DEADLINE_SECONDS)
      const to = chain.config.uniswapV2.router
      const { data, value } =
        request.from === 'native'
          ? {
              data: encodeFunctionData({
                abi: uniswapV2RouterAbi,
                functionName: 'swapExactETHForTokens',
                args: [minimum, path, request.user, deadline],
              }),
              value: request.amount,
            }
          : {
              data: encodeFunctionData({
                abi: uniswapV2RouterAbi,
                functionName: request.to === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
                args: [request.amount, minimum, path, request.user, deadline],
              }),
              value: 0n,
            }
      if (!request.estimate) return { to, data, value, gas }
      const estimated = await chain.client
        .estimateGas({ account: request.user, to, data, value })
        .catch((error: unknown) => {
          throw new ApiError('swapWouldFail', undefined, { cause: error })
        })
      return { to, data, value, gas: estimated + SWAP_GAS_HEADROOM_PER_HOP * BigInt(path.length - 1) }
    },
  }
}

/** The chains of the configuration that have a Uniswap V2 deployment. */
export function uniswapV2Chains(
  chains: Iterable<{ config: ChainConfig; client: PublicClient }>,
): UniswapV2Chain[] {
  return [...chains].filter((chain): chain is UniswapV2Chain => chain.config.uniswapV2 !== undefined)
}
