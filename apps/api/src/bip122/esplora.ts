import { TIME } from '@walletframe/protocol'
import * as z from 'zod/mini'
import { ApiError } from '../errors.ts'

const TxoStatsSchema = z.object({ funded_txo_sum: z.number(), spent_txo_sum: z.number() })
/** The part of Esplora's `GET /address/:address` answer a balance needs. */
const AddressStatsSchema = z.object({ chain_stats: TxoStatsSchema, mempool_stats: TxoStatsSchema })

/**
 * The address's balance in satoshis as its Esplora API reports it: confirmed plus unconfirmed
 * (mempool) outputs received, less those spent — what wallets show. Esplora answers 400 to an
 * address it cannot parse (a bad checksum, another network's): a 400 INVALID_INPUT here. No answer,
 * another status or another shape: 503 CHAIN_UNAVAILABLE.
 */
export async function esploraBalance(baseUrl: string, address: string): Promise<bigint> {
  let response: Response
  try {
    response = await fetch(`${baseUrl}/address/${encodeURIComponent(address)}`, {
      signal: AbortSignal.timeout(TIME.httpTimeoutMs),
      headers: { accept: 'application/json' },
    })
  } catch (error) {
    throw new ApiError('chainUnavailable', undefined, { cause: error })
  }
  if (response.status === 400) {
    await response.body?.cancel()
    throw new ApiError('invalidInput', 'Invalid path parameter address: not an address of this network')
  }
  const body = response.ok ? await response.json().catch(() => undefined) : await response.body?.cancel()
  const stats = AddressStatsSchema.safeParse(body)
  if (!stats.success) {
    throw new ApiError('chainUnavailable', undefined, {
      cause: new Error(`Esplora answered ${response.status}`),
    })
  }
  const { chain_stats: chain, mempool_stats: mempool } = stats.data
  return (
    BigInt(chain.funded_txo_sum) -
    BigInt(chain.spent_txo_sum) +
    BigInt(mempool.funded_txo_sum) -
    BigInt(mempool.spent_txo_sum)
  )
}
