import type { Chain } from '../context.ts'
import { ApiError } from '../errors.ts'

/**
 * The chain's current gas price in wei, as its node reports it (`eth_gasPrice`). The swap routes
 * price quotes and transactions with it. When the data API serves `GET /v1/convert/gas-price`,
 * this is the one function to replace with that route's source, so both answer the same price.
 */
export async function readGasPrice(chain: Chain): Promise<bigint> {
  return chain.client.getGasPrice().catch((error: unknown) => {
    throw new ApiError('chainUnavailable', undefined, { cause: error })
  })
}
