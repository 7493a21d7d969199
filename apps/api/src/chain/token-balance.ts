import type { TokenBalance } from '@walletframe/protocol'
import { formatUnits } from 'viem'

/** What a balance row needs to know of its asset (a chain's native currency, an ERC-20, an SPL mint). */
export interface AssetInfo {
  name: string
  symbol: string
  decimals: number
  iconUrl?: string | undefined
}

/**
 * One row of a balance answer (spec §7 `TokenBalance`) for every namespace the API serves: `amount`
 * of `asset` in its smallest unit, valued at `price` per whole token (0 when no source prices it).
 */
export function tokenBalance(row: {
  caipNetworkId: string
  /** The asset's key: `native`, a contract or mint address (as the price source knows it). */
  key: string
  asset: AssetInfo
  amount: bigint
  price: number
}): TokenBalance {
  const numeric = formatUnits(row.amount, row.asset.decimals)
  return {
    name: row.asset.name,
    symbol: row.asset.symbol,
    chainId: row.caipNetworkId,
    address: row.key,
    value: Number(numeric) * row.price,
    price: row.price,
    quantity: { decimals: String(row.asset.decimals), numeric },
    iconUrl: row.asset.iconUrl ?? '',
  }
}
