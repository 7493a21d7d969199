import { NATIVE_TOKEN_ADDRESS } from '@walletframe/protocol'
import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { firstPriceSource, priceKey, tablePriceSource, uniswapV2PriceSource } from './prices.ts'

const DUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const DVT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const PAIR = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'

/** A client that answers the pair's token0() and getReserves() only. */
function pairClient(token0: string, reserves: [bigint, bigint]): PublicClient {
  return {
    readContract: async ({ functionName }: { functionName: string }) =>
      functionName === 'token0' ? token0 : [reserves[0], reserves[1], 0],
  } as unknown as PublicClient
}

describe('price sources', () => {
  const table = tablePriceSource({
    [`eip155:31337:${NATIVE_TOKEN_ADDRESS}`]: 3000,
    [`eip155:31337:${DUSD}`]: 1,
  })

  it('reads a table by CAIP-10 key, leaving unknown tokens out', async () => {
    const prices = await table.getPrices([priceKey('eip155:31337', 'native'), 'eip155:31337:0xabc'], 'usd')
    expect([...prices]).toEqual([[`eip155:31337:${NATIVE_TOKEN_ADDRESS}`, 3000]])
  })

  it('prices a token from a Uniswap V2 pool against a priced quote token, either side of the pair', async () => {
    const pool = (token0: string, reserves: [bigint, bigint]) =>
      uniswapV2PriceSource(
        [
          {
            token: `eip155:31337:${DVT}`,
            tokenDecimals: 18,
            quote: `eip155:31337:${DUSD}`,
            quoteDecimals: 6,
            pair: PAIR,
            client: pairClient(token0, reserves),
          },
        ],
        table,
      )
    // 1,000 DVT against 500 dUSD: 0.5 dUSD per DVT.
    const asToken1 = await pool(DUSD, [500_000_000n, 1000n * 10n ** 18n]).getPrices(
      [`eip155:31337:${DVT}`],
      'usd',
    )
    expect(asToken1.get(`eip155:31337:${DVT}`)).toBeCloseTo(0.5)
    const asToken0 = await pool(DVT, [1000n * 10n ** 18n, 500_000_000n]).getPrices(
      [`eip155:31337:${DVT}`],
      'usd',
    )
    expect(asToken0.get(`eip155:31337:${DVT}`)).toBeCloseTo(0.5)
    const empty = await pool(DVT, [0n, 0n]).getPrices([`eip155:31337:${DVT}`], 'usd')
    expect(empty.size).toBe(0)
  })

  it('asks each source in turn for what the earlier ones did not price', async () => {
    const pool = uniswapV2PriceSource(
      [
        {
          token: `eip155:31337:${DVT}`,
          tokenDecimals: 18,
          quote: `eip155:31337:${DUSD}`,
          quoteDecimals: 6,
          pair: PAIR,
          client: pairClient(DUSD, [2_000_000n, 1n * 10n ** 18n]),
        },
      ],
      table,
    )
    const prices = await firstPriceSource(table, pool).getPrices(
      [`eip155:31337:${DUSD}`, `eip155:31337:${DVT}`, 'eip155:31337:0xabc'],
      'usd',
    )
    expect(Object.fromEntries(prices)).toEqual({ [`eip155:31337:${DUSD}`]: 1, [`eip155:31337:${DVT}`]: 2 })
  })
})
