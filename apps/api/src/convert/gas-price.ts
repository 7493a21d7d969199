import { API_PATHS, GasPriceQuerySchema, type GasPriceResponse } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { PublicClient } from 'viem'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { validQuery } from '../middleware/validate.ts'

/** Blocks of fee history the tips are averaged over, and the tip percentiles of each speed. */
const HISTORY_BLOCKS = 4
const TIP_PERCENTILES = [25, 50, 90] as const

/**
 * `GET /v1/convert/gas-price?chainId` (spec §7): the price of one gas unit on a configured chain,
 * which the modal turns into a fee in USD (spec §5 "Insufficient gas"). Chains outside the
 * configuration answer 'Network not supported for Gas Price' (spec §8).
 */
export function gasPriceRoute(context: ApiContext) {
  return new Hono<ApiEnv>().get(API_PATHS.gasPrice, validQuery(GasPriceQuerySchema), async (c) => {
    const { chainId } = c.req.valid('query')
    const chain = context.chains.get(Number(chainId.slice('eip155:'.length)))
    if (!chain) throw new ApiError('gasPriceUnsupportedChain')
    try {
      const body: GasPriceResponse = await readGasPrice(chain.client)
      return c.json(body)
    } catch (error) {
      throw new ApiError('chainUnavailable', undefined, { cause: error })
    }
  })
}

/**
 * The next block's base fee plus the average tip paid at each percentile of the last blocks
 * (EIP-1559); a chain without a base fee answers `eth_gasPrice` for every speed.
 */
export async function readGasPrice(client: PublicClient): Promise<GasPriceResponse> {
  const history = await client.getFeeHistory({
    blockCount: HISTORY_BLOCKS,
    rewardPercentiles: [...TIP_PERCENTILES],
  })
  const baseFee = history.baseFeePerGas.at(-1)
  if (!baseFee) {
    const price = String(await client.getGasPrice())
    return { standard: price, fast: price, instant: price }
  }
  const rewards = history.reward ?? []
  const tip = (index: number) =>
    rewards.length === 0
      ? 0n
      : rewards.reduce((sum, block) => sum + (block[index] ?? 0n), 0n) / BigInt(rewards.length)
  return {
    standard: String(baseFee + tip(0)),
    fast: String(baseFee + tip(1)),
    instant: String(baseFee + tip(2)),
  }
}
