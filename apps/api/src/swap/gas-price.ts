import type { Chain } from '../context.ts'
import { readGasPrice as readGasPrices } from '../convert/gas-price.ts'
import { ApiError } from '../errors.ts'

/**
 * The gas price in wei the swap routes price quotes and transactions with: the standard speed of
 * `GET /v1/convert/gas-price`, so that a quote and the fee the Send view shows agree.
 */
export async function readGasPrice(chain: Chain): Promise<bigint> {
  try {
    return BigInt((await readGasPrices(chain.client)).standard)
  } catch (error) {
    throw new ApiError('chainUnavailable', undefined, { cause: error })
  }
}
