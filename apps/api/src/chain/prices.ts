import { type ApiCurrency, NATIVE_TOKEN_ADDRESS } from '@walletframe/protocol'
import type { PublicClient } from 'viem'
import type { Hex } from '../config.ts'
import type { Chain } from '../context.ts'
import { uniswapV2PairAbi } from './erc.ts'

/**
 * Where prices come from. Keys are lower-case CAIP-10 addresses (`eip155:<id>:<token>`; the native
 * currency is NATIVE_TOKEN_ADDRESS). Tokens without a price are simply absent from the answer.
 */
export interface PriceSource {
  getPrices(keys: readonly string[], currency: ApiCurrency): Promise<Map<string, number>>
}

export function priceKey(caipNetworkId: string, token: Hex | 'native'): string {
  return `${caipNetworkId}:${token === 'native' ? NATIVE_TOKEN_ADDRESS : token.toLowerCase()}`
}

/** A fixed table (USD): the devnet's default, and a stand-in wherever no market exists. */
export function tablePriceSource(usd: Readonly<Record<string, number>>): PriceSource {
  const table = new Map(Object.entries(usd).map(([key, price]) => [key.toLowerCase(), price]))
  return {
    async getPrices(keys) {
      const prices = new Map<string, number>()
      for (const key of keys) {
        const price = table.get(key)
        if (price !== undefined) prices.set(key, price)
      }
      return prices
    },
  }
}

export interface UniswapV2Pool {
  /** CAIP-10 key of the token priced by this pool. */
  token: string
  /** The token's address in the pair when the key is not it: WETH for the native currency. */
  tokenContract?: Hex
  tokenDecimals: number
  /** CAIP-10 key of the other side, whose price must come from `quotePrices`. */
  quote: string
  quoteDecimals: number
  pair: Hex
  client: PublicClient
}

/**
 * Prices a token from a Uniswap V2 pool against a token of known price (on the devnet: DVT against
 * dUSD priced by the table): price = quote reserve / token reserve × quote price. Reads the pool at
 * each call; the balance cache bounds how often that happens.
 */
export function uniswapV2PriceSource(pools: readonly UniswapV2Pool[], quotePrices: PriceSource): PriceSource {
  const byToken = new Map(pools.map((pool) => [pool.token, pool]))
  return {
    async getPrices(keys, currency) {
      const wanted = keys.flatMap((key) => byToken.get(key) ?? [])
      const quotes = await quotePrices.getPrices([...new Set(wanted.map((pool) => pool.quote))], currency)
      const prices = new Map<string, number>()
      await Promise.all(
        wanted.map(async (pool) => {
          const quotePrice = quotes.get(pool.quote)
          if (quotePrice === undefined) return
          const [token0, reserves] = await Promise.all([
            pool.client.readContract({ address: pool.pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
            pool.client.readContract({
              address: pool.pair,
              abi: uniswapV2PairAbi,
              functionName: 'getReserves',
            }),
          ])
          const tokenIsToken0 = pool.tokenContract
            ? pool.tokenContract.toLowerCase() === token0.toLowerCase()
            : pool.token.endsWith(`:${token0.toLowerCase()}`)
          const [tokenReserve, quoteReserve] = tokenIsToken0
            ? [reserves[0], reserves[1]]
            : [reserves[1], reserves[0]]
          if (tokenReserve === 0n) return
          const ratio =
            Number(quoteReserve) /
            10 ** pool.quoteDecimals /
            (Number(tokenReserve) / 10 ** pool.tokenDecimals)
          prices.set(pool.token, ratio * quotePrice)
        }),
      )
      return prices
    },
  }
}

/**
 * The pools of each chain's Uniswap V2 deployment that hold its `priceQuote` token: each prices its
 * other side (WETH as the native currency) against that token's price.
 */
export function uniswapV2Pools(chains: Iterable<Chain>): UniswapV2Pool[] {
  return [...chains].flatMap(({ config, client }) => {
    const uniswap = config.uniswapV2
    const quote = uniswap?.priceQuote
    if (!uniswap || !quote) return []
    const decimalsOf = (address: Hex) =>
      address === uniswap.weth
        ? config.nativeCurrency.decimals
        : config.tokens.find((token) => token.address === address)?.decimals
    const quoteDecimals = decimalsOf(quote)
    if (quoteDecimals === undefined) return []
    return uniswap.pairs.flatMap((pair): UniswapV2Pool[] => {
      if (pair.token0 !== quote && pair.token1 !== quote) return []
      const other = pair.token0 === quote ? pair.token1 : pair.token0
      const tokenDecimals = decimalsOf(other)
      if (tokenDecimals === undefined) return []
      const native = other === uniswap.weth
      return [
        {
          token: priceKey(config.caipNetworkId, native ? 'native' : other),
          ...(native ? { tokenContract: other } : {}),
          tokenDecimals,
          quote: priceKey(config.caipNetworkId, quote),
          quoteDecimals,
          pair: pair.address,
          client,
        },
      ]
    })
  })
}

/** Asks each source in turn for the keys the earlier ones did not price. */
export function firstPriceSource(...sources: readonly PriceSource[]): PriceSource {
  return {
    async getPrices(keys, currency) {
      const prices = new Map<string, number>()
      for (const source of sources) {
        const missing = keys.filter((key) => !prices.has(key))
        if (missing.length === 0) break
        for (const [key, price] of await source.getPrices(missing, currency)) prices.set(key, price)
      }
      return prices
    },
  }
}
